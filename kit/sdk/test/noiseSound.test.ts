import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoNoiseSoundError, grainSeed, grainStep, NOISE_RULES, noiseSoundProblem, renderGizmoNoise, type GizmoNoiseSound } from '../src/noiseSound.js';
import { collectWarnings, COST_NOTE } from '../src/internal/rules.js';
import { Mulberry32 } from '../src/synthesis.js';
import vectors from '../../../testdata/audio/vectors.json';
import { isV8, soundStats } from './audioVectors.js';

const base = (): GizmoNoiseSound => ({
  kind: 'noise',
  duration: 0.5,
  seed: 11,
  layers: [{ frequency: 20000, gain: 1 }],
  modulation: { base: 1, waves: [] },
  fade: 0,
});

describe('gizmoNoiseSoundError', () => {
  test('names the field and the bound', () => {
    assert.equal(gizmoNoiseSoundError(base()), null);
    assert.equal(gizmoNoiseSoundError({ ...base(), duration: 20 }), 'duration: must be 0.1–12 s (got 20)');
    assert.equal(noiseSoundProblem({ ...base(), seed: -1 }, 'sounds.wind')?.path, 'sounds.wind.seed');
  });
  test('the modulation sum must stay within 0–1', () => {
    assert.match(gizmoNoiseSoundError({ ...base(), modulation: { base: 0.9, waves: [{ speed: 1, amount: 0.2 }] } }) ?? '', /modulation: must stay within 0–1/);
    assert.match(gizmoNoiseSoundError({ ...base(), modulation: { base: 0.5, waves: [{ speed: 1, amount: -0.6 }] } }) ?? '', /modulation: must stay within 0–1: base ± the sum of wave amounts is -0.1–1.1/);
    assert.equal(gizmoNoiseSoundError({ ...base(), modulation: { base: 0.5, waves: [{ speed: 0, amount: 3 }] } }), null, 'a still wave adds sin(0) = 0');
    assert.equal(noiseSoundProblem({ ...base(), modulation: { base: 1.2, waves: [] } }, '')?.rule, NOISE_RULES.base);
  });
  test('the docs\' bounds are errors: duration .1–12 s, seed uint32, gains, smoothing and decay 0–1', () => {
    const grains = { start: 0, end: 0.5, interval: [0.05, 0.1] as [number, number], duration: [0.01, 0.02] as [number, number], amplitude: [0.5, 1] as [number, number], bias: 1, smoothing: 0.5, attack: 0, decay: 0.5 };
    const refused: [GizmoNoiseSound, string][] = [
      [{ ...base(), duration: 0.09 }, 'noise.duration'],
      [{ ...base(), seed: 2 ** 32 }, 'noise.seed'],
      [{ ...base(), layers: [{ frequency: 100, gain: 1.1 }] }, 'noise.layer.gain'],
      [{ ...base(), grains: { ...grains, smoothing: 1.5 } }, 'noise.grains.smoothing'],
      [{ ...base(), grains: { ...grains, decay: -0.1 } }, 'noise.grains.decay'],
    ];
    for (const [sound, id] of refused) assert.equal(noiseSoundProblem(sound, '')?.rule?.id, id);
  });
  test('former guesses build: any layer count up to 64, open grain ranges, pairs in either order', () => {
    const grains = { start: -1, end: 40, interval: [0.3, 0] as [number, number], duration: [2, 0.0001] as [number, number], amplitude: [1.5, -0.5] as [number, number], bias: -2, smoothing: 0, attack: 3, decay: 1 };
    for (const sound of [
      { ...base(), layers: [] },
      { ...base(), layers: Array.from({ length: 64 }, () => ({ frequency: 30000, gain: 0.01 })) },
      { ...base(), grains, fade: 3 },
      { ...base(), modulation: { base: 0.5, waves: [{ speed: 1000, amount: 0.5 }] } },
    ]) {
      assert.equal(gizmoNoiseSoundError(sound), null);
      assert.deepEqual(collectWarnings(() => noiseSoundProblem(sound, '')).warnings, []);
      renderGizmoNoise(sound);
    }
  });
  test('grain budgets are generous and say they are the toolchain\'s', () => {
    const grains = { start: 0, end: 12, interval: [0.01, 0.01] as [number, number], duration: [0.5, 0.5] as [number, number], amplitude: [1, 1] as [number, number], bias: 1, smoothing: 0.5, attack: 0, decay: 0.5 };
    assert.equal(gizmoNoiseSoundError({ ...base(), duration: 12, grains }), null, 'one every 10 ms for 12 s, half a second each');
    for (const g of [{ ...grains, interval: [0, 0] as [number, number] }, { ...grains, interval: [0.0001, 0.0001] as [number, number] }, { ...grains, duration: [1.2, 0] as [number, number] }]) {
      const found = noiseSoundProblem({ ...base(), duration: 12, grains: g }, '');
      assert.equal(found?.rule?.class, 'cost', JSON.stringify(g));
      assert.ok(found!.message.endsWith(`(${COST_NOTE})`));
    }
    assert.equal(grainStep([0.1, 0.3]), 0.2);
    assert.equal(grainStep([0.3, 0.1]), 0.2);
    assert.ok(Math.abs(grainStep([-0.1, 0.1]) - 0.025) < 1e-15, 'a step is at least 0: the mean of max(0, U(−0.1, 0.1))');
    assert.equal(grainStep([-0.2, 0]), 0);
  });
  test('likely mistakes warn: grains ending before they start, a negative cutoff', () => {
    const warn = (sound: GizmoNoiseSound) => collectWarnings(() => noiseSoundProblem(sound, '')).warnings.map(String);
    const grains = { start: 0.4, end: 0.2, interval: [0.01, 0.02] as [number, number], duration: [0.01, 0.01] as [number, number], amplitude: [1, 1] as [number, number], bias: 1, smoothing: 0, attack: 0, decay: 0 };
    assert.deepEqual(warn({ ...base(), grains }), ['grains.end: is before start (0.4 s), so there are no grains (got 0.2)']);
    assert.deepEqual(warn({ ...base(), layers: [{ frequency: -5, gain: 1 }] }), ['layers[0].frequency: is negative, so the layer is unstable (it blows up) (got -5)']);
  });
});

describe('renderGizmoNoise', () => {
  test('a wide-open layer reproduces the seeded source almost exactly', () => {
    // a = 1 − e^(−2π·20000/48000) ≈ 0.93: the layer follows the source closely.
    const sound = renderGizmoNoise({ ...base(), layers: [{ frequency: 20000, gain: 1 }] });
    const rng = new Mulberry32(11);
    const first = rng.sample();
    assert.ok(Math.abs(sound.samples[0][0] - first * (1 - Math.exp((-2 * Math.PI * 20000) / 48000))) < 1e-7);
    assert.equal(sound.samples[0].length, 24000);
  });
  test('lower cutoffs give less high-frequency energy', () => {
    const diffEnergy = (frequency: number) => {
      const s = renderGizmoNoise({ ...base(), layers: [{ frequency, gain: 1 }] }).samples[0];
      let d = 0;
      for (let i = 1; i < s.length; i++) d += (s[i] - s[i - 1]) ** 2;
      return d;
    };
    assert.ok(diffEnergy(200) < diffEnergy(5000) / 10);
  });
  test('modulation scales the level; fades reach zero at the ends', () => {
    const rms = (s: Float32Array, from: number, to: number) => {
      let sum = 0;
      for (let i = from; i < to; i++) sum += s[i] * s[i];
      return Math.sqrt(sum / (to - from));
    };
    const full = renderGizmoNoise(base()).samples[0];
    const half = renderGizmoNoise({ ...base(), modulation: { base: 0.5, waves: [] } }).samples[0];
    assert.ok(Math.abs(rms(half, 0, 24000) / rms(full, 0, 24000) - 0.5) < 1e-6);
    const faded = renderGizmoNoise({ ...base(), fade: 0.1 }).samples[0];
    assert.equal(faded[0], 0);
    assert.ok(rms(faded, 0, 480) < rms(faded, 12000, 12480) / 5);
    assert.ok(Math.abs(faded[faded.length - 1]) < 0.001);
  });
  test('grains add bursts inside start–end only, from their own generator', () => {
    const quiet = { ...base(), layers: [{ frequency: 1000, gain: 0 }] };
    const grains = { start: 0.1, end: 0.2, interval: [0.02, 0.02] as [number, number], duration: [0.01, 0.01] as [number, number], amplitude: [1, 1] as [number, number], bias: 1, smoothing: 0, attack: 0, decay: 0 };
    const s = renderGizmoNoise({ ...quiet, grains }).samples[0];
    let before = 0;
    for (let i = 0; i < 4800; i++) before = Math.max(before, Math.abs(s[i]));
    assert.equal(before, 0);
    // Five grains at 0.10, 0.12, … each 480 frames of raw grain-generator noise.
    const rng = new Mulberry32(grainSeed(11));
    rng.uniform();
    rng.uniform();
    rng.uniform();
    assert.equal(s[4800], rng.sample());
    assert.equal(s[4800 + 480], 0, 'silence between grains');
    assert.notEqual(s[5760], 0, 'second grain at 0.12 s');
  });
  test('grains are cut to the sound, draws stay within their pair, steps never run back', () => {
    const quiet = { ...base(), layers: [{ frequency: 1000, gain: 0 }] };
    const grains = { start: 0.1, end: 0.4, interval: [0.02, 0.05] as [number, number], duration: [0.01, 0.03] as [number, number], amplitude: [0.2, 1] as [number, number], bias: 1, smoothing: 0.3, attack: 0.001, decay: 0.2 };
    const render = (g: typeof grains) => renderGizmoNoise({ ...quiet, grains: g }).samples[0];
    assert.deepEqual(render({ ...grains, end: 0.5 }), render({ ...grains, end: 100 }), 'grains past the end add nothing');
    // A negative bias would leave the pair; its draws clamp to 1, the pair's second value.
    assert.deepEqual(render({ ...grains, bias: -3 }), render({ ...grains, bias: 0 }));
    const s = render({ ...grains, start: -0.05 });
    assert.equal(s.length, 24000);
    assert.ok(s.some((v) => v !== 0), 'grains starting before 0 still sound once the sound starts');
    const stuck = render({ ...grains, interval: [-1, 0.05] });
    assert.ok(stuck.some((v) => v !== 0));
  });
  test('is deterministic and seed-dependent', () => {
    const a = renderGizmoNoise(base()).samples[0];
    assert.deepEqual(Array.from(a.subarray(0, 100)), Array.from(renderGizmoNoise(base()).samples[0].subarray(0, 100)));
    assert.notDeepEqual(Array.from(a.subarray(0, 100)), Array.from(renderGizmoNoise({ ...base(), seed: 12 }).samples[0].subarray(0, 100)));
  });
});

describe('reference vectors (testdata/audio)', () => {
  for (const v of vectors as unknown as { name: string; recipe: { kind: string }; hash: string; rms: number; peak: number; frames: number; checkpoints: [number, number, number][] }[]) {
    if (v.recipe.kind !== 'noise') continue;
    test(v.name, () => {
      const stats = soundStats(renderGizmoNoise(v.recipe as GizmoNoiseSound));
      assert.equal(stats.frames, v.frames);
      for (let i = 0; i < v.checkpoints.length; i++) assert.ok(Math.abs(stats.checkpoints[i][2] - v.checkpoints[i][2]) <= 1e-6, `checkpoint ${i}`);
      // The hash pins every sample, in every engine: the vectors were made under V8, and
      // scape's engine computes Math with V8's own algorithms (jsrt/fdlibm), to the last bit.
      assert.equal(stats.hash, v.hash, `hash ${stats.hash} ≠ ${v.hash}${isV8() ? ' under V8' : ''}`);
    });
  }
});
