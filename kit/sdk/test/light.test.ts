import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoLightError, lightProblem, type GizmoLight } from '../src/light.js';
import { collectWarnings } from '../src/internal/rules.js';

const base = (): GizmoLight => ({ radiusCells: 3, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 });

const full = (): GizmoLight => ({
  ...base(),
  innerColor: [1, 0.9, 0.5],
  falloff: { start: 0.2, edge: 1, power: 2 },
  pattern: {
    kind: 'scattered',
    phase: [0.013, 0.017],
    rotation: { speed: 0.2, variation: 0.5, phase: 1 },
    density: 3,
    warp: { frequency: [0.5, 0.7], phase: [0, 1], amount: 0.3 },
    jitter: 0.6,
    palette: ['#ff0000', [0, 1, 0]],
    spots: {
      size: [0.1, 0.4],
      aspect: [0.5, 2],
      edge: 0.3,
      gain: [0.2, 0.8],
      halo: { radius: [0.2, 1], gain: 0.4 },
      fade: { speed: [0.5, 2], thresholds: [0.2, 0.8] },
    },
    wash: { gain: 0.5, falloff: 1.5, blend: [0, 1] },
  },
  motion: {
    phase: [0.01, 0.02],
    bias: 0.1,
    bands: [[3, 0.2, 0], [7, 0.1, 1.3]],
    flare: [2, 0.1, 0.9, 0.3, 0],
    drift: { speed: [0.3, -0.2], phase: [0, 1], amount: 0.2 },
    stretch: { speed: [0.1, 0.1], phase: [1, 0], amount: 0.1 },
    edge: { scale: 2, drift: 0.5, amount: 0.3 },
    radius: [1, 0.1],
  },
});

function withField(path: (string | number)[], value: unknown): unknown {
  const light = full() as unknown as Record<string, unknown>;
  let at: Record<string | number, unknown> = light;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === undefined) delete at[last];
  else at[last] = value;
  return light;
}

describe('gizmoLightError', () => {
  test('accepts the documented lamp light and a fully specified light', () => {
    assert.equal(gizmoLightError(base()), null);
    assert.equal(gizmoLightError(full()), null);
  });

  test('radius is 0.25–12 cells, inclusive', () => {
    for (const r of [0.25, 12]) assert.equal(gizmoLightError({ ...base(), radiusCells: r }), null);
    assert.equal(gizmoLightError({ ...base(), radiusCells: 13 }), 'radiusCells: must be 0.25–12 cells (got 13)');
    assert.match(gizmoLightError({ ...base(), radiusCells: 0.2499 })!, /radiusCells: must be 0.25–12 cells/);
    assert.match(gizmoLightError({ ...base(), radiusCells: Number.NaN })!, /radiusCells/);
    assert.match(gizmoLightError({ ...base(), radiusCells: '3' })!, /radiusCells/);
  });

  test('intensities are 0–1', () => {
    for (const key of ['intensity', 'basementIntensity', 'illumination']) {
      assert.equal(gizmoLightError({ ...base(), [key]: 0 }), null, key);
      assert.equal(gizmoLightError({ ...base(), [key]: 1 }), null, key);
      assert.match(gizmoLightError({ ...base(), [key]: 1.01 })!, new RegExp(`^${key}: must be 0–1`));
      assert.match(gizmoLightError({ ...base(), [key]: -0.01 })!, new RegExp(`^${key}: must be 0–1`));
    }
  });

  test('colors are hex sRGB (#rgb or #rrggbb) or [r, g, b] in 0–1', () => {
    assert.equal(gizmoLightError({ ...base(), color: [0, 0.5, 1] }), null);
    assert.equal(gizmoLightError({ ...base(), color: '#f00' }), null);
    assert.equal(gizmoLightError({ ...base(), color: '#FFC078' }), null);
    assert.match(gizmoLightError({ ...base(), color: '#ff00' })!, /^color: must be a hex color like/);
    assert.match(gizmoLightError({ ...base(), color: 'orange' })!, /^color:/);
    assert.match(gizmoLightError({ ...base(), color: [0, 0.5, 1.1] })!, /^color\[2\]: must be 0–1/);
    assert.match(gizmoLightError({ ...base(), color: [0, 0.5] })!, /^color:/);
    assert.match(gizmoLightError({ ...base(), innerColor: 3 })!, /^innerColor:/);
  });

  test('required fields and unknown keys', () => {
    const { illumination: _drop, ...rest } = base();
    assert.equal(gizmoLightError(rest), 'illumination: is required (got nothing)');
    assert.match(gizmoLightError({ ...base(), radiusCell: 3 })!, /^radiusCell: is not a known field/);
    assert.match(gizmoLightError(null)!, /must be an object/);
    assert.match(gizmoLightError([])!, /must be an object/);
  });

  // The docs give no range for falloff, pattern or motion fields: any finite number is accepted
  // (LIMITS.md, the dropped light.* rules). Their types still hold.
  test('falloff, pattern and motion take any finite numbers the docs leave open', () => {
    const open: [(string | number)[], unknown][] = [
      [['falloff', 'power'], 0.05],
      [['falloff', 'power'], 40],
      [['falloff', 'start'], 1.5],
      [['pattern', 'density'], 0.01],
      [['pattern', 'density'], 64],
      [['pattern', 'jitter'], 1.2],
      [['pattern', 'palette'], Array(12).fill('#000')],
      [['pattern', 'spots', 'size'], [0.5, 0.1]],
      [['pattern', 'spots', 'size'], [0.1, 9]],
      [['pattern', 'rotation', 'speed'], 44],
      [['pattern', 'phase'], [5000, -5000]],
      [['pattern', 'warp', 'frequency'], [1, 40]],
      [['pattern', 'spots', 'fade', 'thresholds'], [0.9, 0.1]],
      [['pattern', 'wash', 'blend'], [0, 2]],
      [['motion', 'bands'], Array(12).fill([44, 0.1, 0])],
      [['motion', 'bias'], -1.5],
      [['motion', 'radius'], [2.5, 0]],
      [['motion', 'drift', 'amount'], 2],
      [['motion', 'edge', 'scale'], 17],
      [['motion', 'phase'], [-0, 1001]],
    ];
    for (const [path, value] of open) assert.equal(gizmoLightError(withField(path, value)), null, path.join('.'));
  });

  test('falloff, pattern and motion keep their types', () => {
    assert.match(gizmoLightError(withField(['falloff', 'power'], Number.NaN))!, /^falloff.power: must be a finite number/);
    assert.match(gizmoLightError(withField(['falloff', 'edge'], undefined))!, /^falloff.edge: is required/);
    assert.match(gizmoLightError(withField(['pattern', 'kind'], 'grid'))!, /^pattern.kind: must be one of "scattered"/);
    assert.match(gizmoLightError(withField(['pattern', 'spots', 'size'], [0.1]))!, /^pattern.spots.size: must be a list of exactly 2 numbers/);
    assert.match(gizmoLightError(withField(['pattern', 'spots', 'halo', 'extra'], 1))!, /^pattern.spots.halo.extra: is not a known field/);
    assert.match(gizmoLightError(withField(['motion', 'bands'], [[1, 0.1]]))!, /^motion.bands\[0\]: must be \[speed, amount, offset\]/);
    assert.match(gizmoLightError(withField(['motion', 'bands'], [[1, '0.1', 0]]))!, /^motion.bands\[0\]\[1\]: must be a finite number/);
    assert.match(gizmoLightError(withField(['motion', 'phase'], undefined))!, /^motion.phase: is required/);
  });

  test('an empty palette and a reversed flare are warnings, never errors', () => {
    for (const [path, value, text] of [
      [['pattern', 'palette'], [], 'pattern.palette: has no colors, so the pattern draws no spots (got [])'],
      [['motion', 'flare'], [2, 0.9, 0.1, 0.3, 0], 'motion.flare: has low above high, so the flare never fires (got [2,0.9,0.1,0.3,0])'],
    ] as [(string | number)[], unknown, string][]) {
      const { result, warnings } = collectWarnings(() => lightProblem(withField(path, value), ''));
      assert.equal(result, null);
      assert.deepEqual(warnings.map(String), [text]);
      assert.equal(warnings[0].severity, 'warning');
      assert.equal(gizmoLightError(withField(path, value)), null);
    }
    assert.deepEqual(collectWarnings(() => lightProblem(full(), '')).warnings, []);
  });

  test('lightProblem prefixes the path and keeps the supplied value', () => {
    const found = lightProblem({ ...base(), radiusCells: 13 }, 'lighting.light');
    assert.ok(found);
    assert.equal(found.path, 'lighting.light.radiusCells');
    assert.equal(found.value, 13);
    assert.equal(String(found), 'lighting.light.radiusCells: must be 0.25–12 cells (got 13)');
  });
});

// ---------------------------------------------------------------------------------------------
// Robustness of every effects validator: starting from each validator's first passing
// conformance case, every field (at any depth) is replaced by values of the wrong shape. The
// validator must answer (null or a message naming a path) and never throw.
import { gizmoGlowError } from '../src/glow.js';
import { gizmoLightingError } from '../src/lighting.js';
import { gizmoSpriteAnimationError, gizmoSpriteError } from '../src/sprite.js';
import { validGizmoPresentation, validGizmoTimeline } from '../src/presentation.js';
import { gizmoAmbienceError, gizmoAudioError, gizmoSoundsError } from '../src/audio.js';
import { gizmoBusError, gizmoSequenceError } from '../src/sequence.js';
import { gizmoPreviewError } from '../src/soundBank.js';
import lightCases from '../../../testdata/conformance/light.json';
import glowCases from '../../../testdata/conformance/glow.json';
import lightingCases from '../../../testdata/conformance/lighting.json';
import spriteCases from '../../../testdata/conformance/sprite.json';
import presentationCases from '../../../testdata/conformance/presentation.json';
import audioCases from '../../../testdata/conformance/audio.json';
import sequenceCases from '../../../testdata/conformance/sequence.json';
import soundBankCases from '../../../testdata/conformance/soundBank.json';

describe('effects validators never throw on malformed recipes', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- validators of different arities, called with corpus args
  const validators: Record<string, (value: unknown, ...args: any[]) => unknown> = {
    gizmoLightError, gizmoGlowError, gizmoLightingError, gizmoSpriteError, gizmoSpriteAnimationError, validGizmoPresentation,
    validGizmoTimeline, gizmoSoundsError, gizmoAudioError, gizmoAmbienceError, gizmoBusError, gizmoSequenceError, gizmoPreviewError,
  };
  const corpus = [lightCases, glowCases, lightingCases, spriteCases, presentationCases, audioCases, sequenceCases, soundBankCases].flat() as {
    validator: string; value: unknown; args: unknown[]; ok: boolean;
  }[];
  const weird: unknown[] = [undefined, null, Number.NaN, -1e308, '', 'x', [], {}, [[1]], { kind: 'rect' }, true];
  // The richest passing case per validator (most fields), kept small enough to stay quick in goja.
  const bases = new Map<string, { value: unknown; args: unknown[] }>();
  const size = (v: unknown) => [...paths(v)].length;
  for (const c of corpus) {
    if (!c.ok || !validators[c.validator] || size(c.value) > 80) continue;
    const best = bases.get(c.validator);
    if (!best || size(c.value) > size(best.value)) bases.set(c.validator, c);
  }

  function* paths(value: unknown, at: (string | number)[] = []): Generator<(string | number)[]> {
    if (typeof value !== 'object' || value === null) return;
    for (const key of Object.keys(value)) {
      const next = [...at, Array.isArray(value) ? Number(key) : key];
      yield next;
      yield* paths((value as Record<string, unknown>)[key], next);
    }
  }
  function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
    const copy = JSON.parse(JSON.stringify(value));
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key];
    at[path[path.length - 1]] = replacement;
    return copy;
  }

  test('every validator has a passing base case', () => {
    assert.equal(bases.size, Object.keys(validators).length);
  });

  for (const [name, base] of bases) {
    test(name, () => {
      const validate = validators[name];
      let checked = 0;
      for (const path of paths(base.value)) {
        for (const replacement of weird) {
          const value = replaced(base.value, path, replacement);
          let result: unknown;
          try {
            result = validate(value, ...base.args);
          } catch (err) {
            assert.fail(`${name} threw at ${path.join('.')} = ${String(replacement)}: ${String(err)}`);
          }
          assert.ok(result === null || typeof result === 'string' || typeof result === 'boolean', `${name}: ${String(result)}`);
          checked++;
        }
      }
      assert.ok(checked > 0);
    });
  }
});
