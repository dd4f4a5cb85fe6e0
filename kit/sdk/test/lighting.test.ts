import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoLightingError, lightingProblem, resolveGizmoLighting } from '../src/lighting.js';
import type { ObjectDefinition } from '../src/api.js';
import type { GizmoLight } from '../src/light.js';
import type { GizmoGlow } from '../src/glow.js';
import { collectWarnings } from '../src/internal/rules.js';

const light: GizmoLight = { radiusCells: 3, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 };
const glow: GizmoGlow = { color: '#ffc078', size: 60, pulse: { speed: 0, amount: 0, phaseX: 0 }, opacity: { base: 0.2, amount: 0, speed: 0, phaseY: 0 } };

function definition(extra: Partial<ObjectDefinition>): ObjectDefinition {
  return {
    type: 'example.lamp',
    version: 1,
    emoji: '🏮',
    label: 'Lamp',
    hint: '',
    initial: () => ({ on: true }),
    valid: () => true,
    actions: {},
    ...extra,
  } as ObjectDefinition;
}

describe('gizmoLightingError', () => {
  test('empty, null and present effects', () => {
    assert.equal(gizmoLightingError({}), null);
    assert.equal(gizmoLightingError({ light: null, glow: null }), null);
    assert.equal(gizmoLightingError({ light, glow }), null);
    assert.equal(gizmoLightingError({ glow }), null);
  });

  test('names the nested field', () => {
    assert.equal(gizmoLightingError({ light: { ...light, radiusCells: 13 } }), 'light.radiusCells: must be 0.25–12 cells (got 13)');
    assert.match(gizmoLightingError({ glow: { ...glow, size: '60' } })!, /^glow.size: must be a finite number/);
    assert.match(gizmoLightingError({ halo: glow })!, /^halo: is not a known field/);
    assert.match(gizmoLightingError(null)!, /must be an object/);
    assert.match(gizmoLightingError({ light: false })!, /^light: must be an object \(a recipe\), or null or absent for off/);
    assert.match(gizmoLightingError({ glow: 0 })!, /^glow: must be an object/);
    assert.equal(String(lightingProblem({ light: { ...light, intensity: 2 } }, 'feedback.lighting')), 'feedback.lighting.light.intensity: must be 0–1 (got 2)');
  });
});

describe('lighting rules', () => {
  test('an effect is a recipe, or absent or null (the docs: "Missing or null effects are off")', () => {
    for (const off of [{}, { light: null }, { glow: null }, { light: undefined, glow: null }]) assert.equal(gizmoLightingError(off), null);
    for (const bad of [false, 0, '', [], 'on']) {
      const found = lightingProblem({ light: bad }, '');
      assert.equal(found?.rule?.id, 'lighting.effect', String(bad));
    }
  });

  test('the former glow bounds build; a never-visible glow is a warning', () => {
    assert.equal(gizmoLightingError({ light: { ...light, color: '#f00' }, glow: { ...glow, color: '#f00', size: 999 } }), null);
    const { result, warnings } = collectWarnings(() => gizmoLightingError({ glow: { ...glow, size: 0 } }));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['glow.size: is not greater than 0, so the halo is never drawn (got 0)']);
  });
});

describe('resolveGizmoLighting', () => {
  const lamp = definition({
    lighting: (state, environment) =>
      (state as { on: boolean }).on ? { light: { ...light, radiusCells: environment.linked ? 6 : 3 }, glow } : {},
  });

  test('evaluates the callback with an unlinked default environment', () => {
    assert.deepEqual(resolveGizmoLighting(lamp, { on: true }), { light, glow });
    assert.equal(resolveGizmoLighting(lamp, { on: true }, { linked: true }).light!.radiusCells, 6);
    assert.deepEqual(resolveGizmoLighting(lamp, { on: false }), {});
  });

  test('null effects resolve to off', () => {
    assert.deepEqual(resolveGizmoLighting(definition({ lighting: () => ({ light: null, glow }) }), {}), { glow });
  });

  test('falls back to fixed light and glow', () => {
    assert.deepEqual(resolveGizmoLighting(definition({ light }), {}), { light });
    assert.deepEqual(resolveGizmoLighting(definition({}), {}), {});
    assert.deepEqual(resolveGizmoLighting(definition({ glow: { ...glow, size: 999 } }), {}), { glow: { ...glow, size: 999 } });
    assert.throws(() => resolveGizmoLighting(definition({ glow: { ...glow, size: '60' } as never }), {}), /example.lamp: invalid fixed lighting: glow.size/);
  });

  test('returns a detached copy', () => {
    const shared = { ...light };
    const out = resolveGizmoLighting(definition({ lighting: () => ({ light: shared }) }), {});
    shared.radiusCells = 12;
    assert.equal(out.light!.radiusCells, 3);
  });

  test('throws a clear error on an invalid callback result', () => {
    const bad = definition({ lighting: () => ({ light: { ...light, radiusCells: 13 } }) });
    assert.throws(() => resolveGizmoLighting(bad, {}), {
      message: 'example.lamp: lighting(state, environment) returned an invalid recipe: lighting.light.radiusCells: must be 0.25–12 cells (got 13)',
    });
    const none = definition({ lighting: (() => undefined) as unknown as ObjectDefinition['lighting'] });
    assert.throws(() => resolveGizmoLighting(none, {}), /lighting: must be an object \(got nothing\)/);
  });

  test('refuses a malformed environment', () => {
    assert.throws(() => resolveGizmoLighting(lamp, {}, { linked: 'yes' } as never), /environment.linked: must be true or false/);
  });
});
