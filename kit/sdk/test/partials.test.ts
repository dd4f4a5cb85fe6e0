import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { amplitudeAt, gizmoPartialsError, PARTIALS_RULES, partialsProblem, renderGizmoPartials, type GizmoPartialsSound } from '../src/partials.js';
import { collectWarnings, COST_NOTE } from '../src/internal/rules.js';
import vectors from '../../../testdata/audio/vectors.json';
import { isV8, soundStats } from './audioVectors.js';

const base = (): GizmoPartialsSound => ({
  kind: 'partials',
  duration: 0.2,
  layers: [{ frequency: 1000, gain: 1, partials: [{ ratio: 1, gain: 1, decay: 0 }] }],
  amplitude: { gain: 1, attack: 0, fadeOut: 0 },
  tailFade: 0,
});
const peak = (s: Float32Array, from = 0, to = s.length) => {
  let p = 0;
  for (let i = from; i < to; i++) p = Math.max(p, Math.abs(s[i]));
  return p;
};

const warningsOf = (sound: unknown) => collectWarnings(() => partialsProblem(sound, '')).warnings.map(String);

describe('gizmoPartialsError', () => {
  test('names the field and bound', () => {
    assert.equal(gizmoPartialsError(base()), null);
    const bad = base();
    bad.layers[0].partials[0].ratio = '2' as unknown as number;
    assert.equal(gizmoPartialsError(bad), 'layers[0].partials[0].ratio: must be a finite number, not a string: write 2 without quotes (got "2")');
    assert.match(gizmoPartialsError({ ...base(), oversample: 3 as 1 }) ?? '', /oversample: must be one of 1, 2, 4/);
    assert.equal(partialsProblem({ ...base(), stages: [{ kind: 'noise', seed: -1, gain: 0.1, decay: 1 }] }, '')?.rule, PARTIALS_RULES.seed);
  });
  test('former guesses build without warnings: ratios, gains, vibrato, counts', () => {
    const p = { ratio: 40, gain: 1.5, decay: 500 };
    for (const sound of [
      { ...base(), layers: [{ frequency: 30, gain: 2, partials: Array.from({ length: 40 }, () => p), vibrato: { depth: 1.5, rate: 80 } }] },
      { ...base(), layers: [], stages: [{ kind: 'noise' as const, seed: 1, gain: 0.5, decay: 2 }] },
      { ...base(), layers: [{ frequency: -440, gain: 1, partials: [] }] },
      { ...base(), amplitude: { gain: 3, attack: 5, fadeOut: 5, release: { at: -1, time: 0 } }, echoes: [{ time: -1, gain: 2 }, { time: 50, gain: 1 }], tailFade: 9 },
    ] as GizmoPartialsSound[]) {
      assert.equal(gizmoPartialsError(sound), null, JSON.stringify(sound).slice(0, 80));
      assert.deepEqual(warningsOf(sound), []);
      renderGizmoPartials(sound);
    }
  });
  test('likely mistakes warn: a negative decay, a negative pole', () => {
    assert.deepEqual(warningsOf({ ...base(), layers: [{ frequency: 100, gain: 1, partials: [{ ratio: 1, gain: 1, decay: -2 }] }] }), ['layers[0].partials[0].decay: is negative, so the level grows instead of dying away (got -2)']);
    assert.match(warningsOf({ ...base(), amplitude: { gain: 1, attack: 0, fadeOut: 0, decay: -1 } })[0], /amplitude.decay: is negative, so it is ignored/);
    assert.match(warningsOf({ ...base(), stages: [{ kind: 'pole', frequency: -10 }] })[0], /stages\[0\].frequency: is negative, so the pole is unstable/);
    assert.match(warningsOf({ ...base(), duration: 0 })[0], /duration: is not positive, so the sound has no samples/);
  });
  test('the cost rules are generous and say they are the toolchain\'s own budget', () => {
    const layer = { frequency: 55, gain: 0.5, partials: Array.from({ length: 16 }, () => ({ ratio: 1, gain: 0.1, decay: 0 })) };
    assert.equal(gizmoPartialsError({ ...base(), duration: 60, oversample: 4, layers: [layer] }), null, 'a 60 s drone at 4×');
    for (const sound of [
      { ...base(), duration: 61 },
      { ...base(), layers: Array.from({ length: 65 }, () => base().layers[0]) },
      { ...base(), layers: Array.from({ length: 9 }, () => ({ ...layer, partials: Array.from({ length: 29 }, () => layer.partials[0]) })) },
      { ...base(), stages: Array.from({ length: 33 }, () => ({ kind: 'soft-clip' as const, drive: 1 })) },
      { ...base(), echoes: Array.from({ length: 65 }, () => ({ time: 0.1, gain: 0.1 })) },
      { ...base(), duration: 60, oversample: 4 as const, layers: [layer, layer] },
    ]) {
      const found = partialsProblem(sound, '');
      assert.equal(found?.rule?.class, 'cost', JSON.stringify(sound).slice(0, 60));
      assert.ok(found!.message.endsWith(`(${COST_NOTE})`), found!.message);
    }
  });
});

describe('renderGizmoPartials', () => {
  test('a single partial is a sine of the layer frequency', () => {
    const s = renderGizmoPartials(base()).samples[0];
    assert.equal(s.length, 9600);
    assert.equal(s[0], 0);
    assert.ok(Math.abs(s[12] - 1) < 1e-6, 'a quarter period of 1 kHz is 12 frames');
  });
  test('decay, attack curves, release and fade-out multiply', () => {
    const a = { gain: 0.5, attack: 0.1, decay: 2, release: { at: 0.5, time: 0.25 }, fadeOut: 0.1 };
    assert.equal(amplitudeAt(a, 0.05, 1), 0.5 * 0.5 * Math.exp(-0.1));
    assert.ok(Math.abs(amplitudeAt({ ...a, attackCurve: 'sine-squared' }, 0.05, 1) - 0.5 * 0.5 * Math.exp(-0.1)) < 1e-12, 'sin²(π/4) = 0.5');
    assert.ok(Math.abs(amplitudeAt(a, 0.625, 1) - 0.5 * Math.exp(-1.25) * 0.5) < 1e-12);
    assert.equal(amplitudeAt(a, 0.8, 1), 0);
    assert.ok(Math.abs(amplitudeAt({ ...a, release: undefined }, 0.95, 1) - 0.5 * Math.exp(-1.9) * 0.5) < 1e-12);
  });
  test('a negative frequency runs the sine backwards; a vibrato may swing it through 0 Hz', () => {
    const up = renderGizmoPartials(base()).samples[0];
    const down = renderGizmoPartials({ ...base(), layers: [{ frequency: -1000, gain: 1, partials: [{ ratio: 1, gain: 1, decay: 0 }] }] }).samples[0];
    for (let i = 0; i < up.length; i++) assert.ok(Math.abs(up[i] + down[i]) < 1e-6, `frame ${i}`);
    const deep = renderGizmoPartials({ ...base(), layers: [{ frequency: 1000, gain: 1, partials: [{ ratio: 1, gain: 1, decay: 0 }], vibrato: { depth: 3, rate: 5 } }] }).samples[0];
    assert.ok(deep.every((v) => Number.isFinite(v) && Math.abs(v) <= 1 + 1e-6));
    const negative = renderGizmoPartials({ ...base(), layers: [{ frequency: 1000, gain: 1, partials: [{ ratio: 1, gain: -0.5, decay: 10 }] }] }).samples[0];
    assert.ok(Math.abs(negative[12] + 0.5 * Math.exp(-10 * 12 / 48000)) < 1e-6, 'a negative gain is the partial in opposite phase, and still decays');
    assert.ok(Math.abs(negative[9000]) > 0, 'a negative amplitude is not flushed as if it were tiny');
  });
  test('a release of 0 s cuts at once; an echo is at least 0 s late; one past the end is not heard', () => {
    assert.equal(amplitudeAt({ gain: 1, attack: 0, fadeOut: 0, release: { at: 0.1, time: 0 } }, 0.1, 1), 0);
    assert.equal(amplitudeAt({ gain: 1, attack: 0, fadeOut: 0, release: { at: 0.1, time: -1 } }, 0.05, 1), 1);
    const dry = renderGizmoPartials(base()).samples[0];
    const now = renderGizmoPartials({ ...base(), echoes: [{ time: -3, gain: 1 }] }).samples[0];
    for (let i = 0; i < dry.length; i += 97) assert.ok(Math.abs(now[i] - 2 * dry[i]) < 1e-6);
    assert.deepEqual(renderGizmoPartials({ ...base(), echoes: [{ time: 1e300, gain: 1 }] }).samples, renderGizmoPartials(base()).samples);
  });
  test('partials at or above Nyquist are silent; oversampling lets them sound', () => {
    const high = { ...base(), layers: [{ frequency: 15000, gain: 1, partials: [{ ratio: 2, gain: 1, decay: 0 }] }] };
    assert.equal(peak(renderGizmoPartials(high).samples[0]), 0);
    // At 96 kHz internal rate 30 kHz sounds, then the decimation filter removes it (above 21.6 kHz).
    const os = renderGizmoPartials({ ...high, oversample: 2 }).samples[0];
    assert.ok(peak(os, 480) < 0.1, `aliased energy ${peak(os, 480)}`);
  });
  test('oversampling keeps an audible partial at its level', () => {
    for (const oversample of [2, 4] as const) {
      const s = renderGizmoPartials({ ...base(), oversample }).samples[0];
      assert.ok(Math.abs(peak(s, 480) - 1) < 0.01, `oversample ${oversample}: ${peak(s, 480)}`);
    }
  });
  test('stages: hard clip limits, soft clip is tanh, pole subtract 1 removes DC', () => {
    assert.ok(Math.abs(peak(renderGizmoPartials({ ...base(), stages: [{ kind: 'hard-clip', drive: 4 }] }).samples[0]) - 1) < 1e-9);
    const soft = renderGizmoPartials({ ...base(), stages: [{ kind: 'soft-clip', drive: 2 }] }).samples[0];
    assert.ok(Math.abs(soft[12] - Math.tanh(2)) < 1e-6);
    const half = renderGizmoPartials({ ...base(), stages: [{ kind: 'pole', frequency: 10, subtract: 1 }] }).samples[0];
    assert.ok(peak(half, 4800) < 1.01 && peak(half, 4800) > 0.95, 'a 10 Hz one-pole high-pass passes 1 kHz');
  });
  test('echoes add delayed copies; tail fade ends at zero', () => {
    const click = { ...base(), duration: 0.1, amplitude: { gain: 1, attack: 0, release: { at: 0, time: 0.005 }, fadeOut: 0 } };
    const s = renderGizmoPartials({ ...click, echoes: [{ time: 0.05, gain: 0.5 }] }).samples[0];
    assert.ok(Math.abs(s[2400 + 12] - 0.5 * s[12]) < 1e-6);
    const faded = renderGizmoPartials({ ...base(), tailFade: 0.05 }).samples[0];
    assert.ok(Math.abs(faded[faded.length - 1]) < 0.001);
  });
  test('renders at another rate when asked', () => {
    assert.equal(renderGizmoPartials(base(), 44100).samples[0].length, 8820);
    assert.throws(() => renderGizmoPartials(base(), 1000), /rate must be an integer 8,000–192,000 Hz/);
  });
});

describe('reference vectors (testdata/audio)', () => {
  for (const v of vectors as unknown as { name: string; recipe: { kind: string }; hash: string; rms: number; peak: number; frames: number; checkpoints: [number, number, number][] }[]) {
    if (v.recipe.kind !== 'partials') continue;
    test(v.name, () => {
      const stats = soundStats(renderGizmoPartials(v.recipe as GizmoPartialsSound));
      assert.equal(stats.frames, v.frames);
      for (let i = 0; i < v.checkpoints.length; i++) assert.ok(Math.abs(stats.checkpoints[i][2] - v.checkpoints[i][2]) <= 1e-6, `checkpoint ${i}`);
      // The hash pins every sample, in every engine: the vectors were made under V8, and
      // scape's engine computes Math with V8's own algorithms (jsrt/fdlibm), to the last bit.
      assert.equal(stats.hash, v.hash, `hash ${stats.hash} ≠ ${v.hash}${isV8() ? ' under V8' : ''}`);
    });
  }
});
