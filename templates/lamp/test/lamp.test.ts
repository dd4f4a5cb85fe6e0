/** Lamp: toggle and color actions, permissions, and the lighting effect checked by the validators. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gizmoLightError,
  gizmoLightingError,
  gizmoGlowError,
  resolveGizmoLighting,
  ObjectActionError,
  validObjectView,
  type ObjectContext,
} from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { lamp, type LampState } from '../src/definition.js';

const context = (overrides: Partial<ObjectContext> = {}): ObjectContext => ({
  actorId: 'alice',
  canEdit: false,
  now: 1_000,
  randomInt: (min) => min,
  ...overrides,
});
const refused = (status: number) => (error: unknown) =>
  error instanceof ObjectActionError && error.status === status;

const place = () => {
  const registry = new ObjectRegistry([lamp]);
  const instance = registry.create('🏮', 'lamp-1');
  assert.ok(instance);
  return { registry, instance };
};

describe('lamp', () => {
  test('starts on and warm', () => {
    assert.deepEqual(place().instance.state, { on: true, color: 'warm' });
  });

  test('anyone toggles; toggling twice restores the state', () => {
    const { registry, instance } = place();
    const off = registry.act(instance, { name: 'toggle', payload: {} }, context());
    assert.deepEqual(off.state, { on: false, color: 'warm' });
    assert.equal(off.state.on, false); // typed: the registry knows the lamp's state
    const on = registry.act(off, { name: 'toggle', payload: {} }, context({ actorId: 'bob' }));
    assert.deepEqual(on.state, instance.state);
  });

  test('only an editor picks a color, from the palette', () => {
    const { registry, instance } = place();
    const color = (payload: Record<string, unknown>, ctx = context({ canEdit: true })) =>
      registry.act(instance, { name: 'color', payload }, ctx);
    assert.throws(() => color({ color: 'blue' }, context()), refused(403));
    assert.deepEqual(color({ color: 'blue' }).state, { on: true, color: 'blue' });
    assert.throws(() => color({ color: 'green' }), refused(400), 'outside the palette');
    assert.throws(() => color({ color: 'toString' }), refused(400), 'inherited property name');
    assert.throws(() => color({ color: 3 }), refused(400), 'not a string');
    assert.throws(() => color({}), refused(400), 'missing color');
    assert.throws(() => color({ color: 'pink', brightness: 1 }), refused(400), 'undeclared key');
    assert.throws(() => registry.act(instance, { name: 'toggle', payload: { on: false } }, context()), refused(400));
  });

  test('state bounds', () => {
    assert.equal(lamp.valid({ on: false, color: 'pink' }), true);
    for (const state of [{ on: 'yes', color: 'warm' }, { on: true, color: 'green' }, { on: true }, { on: true, color: 'warm', x: 1 }, { on: true, color: 'constructor' }]) {
      assert.equal(lamp.valid(state), false, JSON.stringify(state));
    }
  });

  test('lighting follows the state and passes the validators', () => {
    for (const color of ['warm', 'blue', 'pink'] as const) {
      const lit = resolveGizmoLighting(lamp, { on: true, color } satisfies LampState);
      assert.equal(gizmoLightingError(lit), null);
      assert.ok(lit.light && lit.glow, 'on means light and glow');
      assert.equal(gizmoLightError(lit.light), null);
      assert.equal(gizmoGlowError(lit.glow), null);
      assert.equal(lit.light.color, lit.glow.color);
    }
    assert.equal(resolveGizmoLighting(lamp, { on: true, color: 'blue' }).light?.color, '#6baaff');
    const dark = resolveGizmoLighting(lamp, { on: false, color: 'warm' });
    assert.ok(!dark.light && !dark.glow, 'off means no light and no glow');
  });

  test('the validators catch a light out of bounds', () => {
    const lit = resolveGizmoLighting(lamp, { on: true, color: 'warm' });
    assert.ok(lit.light);
    assert.match(gizmoLightError({ ...lit.light, radiusCells: 13 }) ?? '', /radiusCells/);
    assert.match(gizmoLightError({ ...lit.light, radiusCells: 0.2 }) ?? '', /radiusCells/);
    assert.match(gizmoLightError({ ...lit.light, intensity: 1.5 }) ?? '', /intensity/);
    assert.notEqual(gizmoLightingError({ light: { ...lit.light, radiusCells: 13 } }), null);
  });

  test('the view shows the switch and the palette', () => {
    const player = lamp.view!({ on: true, color: 'pink' }, { actorId: 'alice', canEdit: false });
    assert.equal(validObjectView(player), true);
    assert.deepEqual(player.controls.map((c) => c.id), ['toggle', 'warm', 'blue', 'pink']);
    assert.equal(player.controls[0].label, 'Turn off');
    assert.equal(player.controls[3].pressed, true);
    assert.equal(player.controls[1].disabled, true, 'players cannot pick a color');
    const owner = lamp.view!({ on: false, color: 'pink' }, { actorId: 'owner', canEdit: true });
    assert.equal(owner.controls[0].label, 'Turn on');
    assert.equal(owner.controls[1].disabled, false);
  });
});
