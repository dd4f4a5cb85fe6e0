import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { envelopeAt, fft, GIZMO_SOUND_RATE, gizmoSynthError, HARMONICS, Mulberry32, renderGizmoSynth, reverbResponse, SYNTH_LIMITS, SYNTH_RULES, synthProblem, synthWork, tableIndexFor, voiceSpan, waveTable, type GizmoSynth } from '../src/synthesis.js';
import { collectWarnings, COST_NOTE } from '../src/internal/rules.js';
import vectors from '../../../testdata/audio/vectors.json';
import { isV8, soundStats } from './audioVectors.js';

const chime = (): GizmoSynth => ({
  kind: 'synth',
  duration: 0.6,
  voices: [{ wave: 'sine', start: 0, duration: 0.55, frequency: 880, gain: [{ time: 0, value: 0 }, { time: 0.005, value: 0.2 }, { time: 0.55, value: 0 }] }],
});
const tone = (voice: Partial<GizmoSynth['voices'][0]>, extra: Partial<GizmoSynth> = {}): GizmoSynth => ({
  kind: 'synth',
  duration: 0.1,
  voices: [{ wave: 'sine', start: 0, duration: 0.1, frequency: 1000, gain: 1, fade: [0, 0], ...voice }],
  ...extra,
});
const peak = (data: Float32Array, from = 0, to = data.length) => {
  let p = 0;
  for (let i = from; i < to; i++) p = Math.max(p, Math.abs(data[i]));
  return p;
};

const warningsOf = (value: unknown) => collectWarnings(() => synthProblem(value, '')).warnings.map(String);

describe('gizmoSynthError', () => {
  test('accepts the chime example and names field, bound and value otherwise', () => {
    assert.equal(gizmoSynthError(chime()), null);
    const bad = { ...chime(), seed: 2 ** 32 };
    assert.equal(gizmoSynthError(bad), 'seed: must be an integer 0–4,294,967,295 (got 4294967296)');
    assert.equal(gizmoSynthError(bad, 'sounds.ring'), 'sounds.ring.seed: must be an integer 0–4,294,967,295 (got 4294967296)');
    assert.equal(synthProblem(bad, '')?.path, 'seed');
    assert.equal(synthProblem(bad, '')?.rule, SYNTH_RULES.seed);
  });
  test('refuses a non-object, unknown fields and wrong types', () => {
    assert.match(gizmoSynthError(null) ?? '', /must be an object/);
    assert.match(gizmoSynthError({ ...chime(), loud: true }) ?? '', /loud: is not a known field/);
    assert.match(gizmoSynthError(tone({ frequency: NaN })) ?? '', /frequency: must be a finite number/);
    assert.match(gizmoSynthError(tone({ wave: 'pulse' as 'sine' })) ?? '', /wave: must be one of/);
  });
  test('realistic values the former guesses refused build, without warnings', () => {
    const notes = Array.from({ length: 25 }, (_, i) => ({
      wave: 'triangle' as const,
      start: i * 0.6,
      duration: 0.55,
      frequency: 220 * 2 ** (i / 12),
      gain: Array.from({ length: 40 }, (_, k) => ({ time: k * 0.01, value: k % 2 ? 0.15 : 0.05 })),
    }));
    const tune: GizmoSynth = { kind: 'synth', duration: 15, voices: notes, effects: [{ type: 'reverb', decay: 6, mix: 0.3 }, { type: 'noise-reverb', duration: 6, decay: 2, seed: 3, mix: 0.2 }, { type: 'reverb', decay: 1, mix: 0.1 }] };
    for (const sound of [
      tune,
      { ...tune, voices: Array.from({ length: 40 }, () => notes[0]) },
      tone({ frequency: 30000, pan: 2, gain: 1.5, fade: [0.2, 0.2] }),
      tone({ filter: { type: 'lowpass', frequency: 30000, q: 40 } }),
      tone({ start: -0.05 }),
      tone({}, { effects: [{ type: 'delay', time: 0, feedback: 1, mix: 1.2 }] }),
    ]) {
      assert.equal(gizmoSynthError(sound), null, JSON.stringify(sound).slice(0, 80));
      assert.deepEqual(warningsOf(sound), []);
    }
  });
  test('a noise voice with a frequency builds; the frequency is ignored, with a warning', () => {
    const noisy = tone({ wave: 'noise', frequency: 200 });
    assert.equal(gizmoSynthError(noisy), null);
    assert.deepEqual(warningsOf(noisy), ['voices[0].frequency: is ignored: a noise voice has no pitch (shape it with noiseRate, noiseDuration or a filter) (got 200)']);
    assert.deepEqual(renderGizmoSynth(noisy).samples, renderGizmoSynth(tone({ wave: 'noise' })).samples);
    assert.match(warningsOf(tone({ noiseRate: 8000 }))[0], /noiseRate: is ignored: only noise voices have a noise buffer/);
  });
  test('values that are very likely mistakes warn, and still build', () => {
    const cases: [GizmoSynth, RegExp][] = [
      [{ ...chime(), duration: 0 }, /duration: is not positive, so the sound has no samples/],
      [{ ...chime(), voices: [] }, /voices: has no voices, so the sound is silent/],
      [tone({ start: 0.1 }), /start: is at or after the end of the sound \(0.1 s\), so the voice is never heard/],
      [tone({ duration: 0 }), /duration: is not positive, so the voice never sounds/],
      [tone({ start: -1 }), /makes the voice end before the sound starts/],
      [tone({ gain: [] }), /gain: has no points, so the voice is silent/],
      [tone({ frequency: [{ time: 0.05, value: 100 }, { time: 0.01, value: 200 }] }), /frequency\[1\].time: is earlier than the previous point \(0.05 s\)/],
      [tone({ wave: 'noise', frequency: undefined, noiseRate: 0 }), /noiseRate: is not positive, so the noise buffer holds one sample/],
      [tone({ filter: { type: 'bandpass', frequency: 1000, q: 0 } }), /a bandpass filter needs a positive q/],
      [tone({}, { effects: [{ type: 'delay', time: 0.01, feedback: 1.5, mix: 0.5 }] }), /each echo is louder than the last/],
      [tone({}, { effects: [{ type: 'noise-reverb', duration: 0.1, decay: -1, seed: 1, mix: 0.5 }] }), /grows instead of dying away/],
      [tone({}, { effects: [{ type: 'reverb', decay: 0, mix: 0.5 }] }), /so the reverb is a single impulse/],
    ];
    for (const [sound, warning] of cases) {
      assert.equal(gizmoSynthError(sound), null);
      const warnings = warningsOf(sound);
      assert.equal(warnings.length, 1, `${warning}: ${JSON.stringify(warnings)}`);
      assert.match(warnings[0], warning);
      renderGizmoSynth(sound);
    }
  });
  test('the cost rules are generous and say they are the toolchain\'s own budget', () => {
    const voice = { wave: 'sine' as const, start: 0, duration: 60, frequency: 220, gain: 0.01 };
    assert.equal(gizmoSynthError({ kind: 'synth', duration: 60, voices: Array.from({ length: 40 }, () => voice) }), null);
    assert.equal(gizmoSynthError({ kind: 'synth', duration: 15, voices: Array.from({ length: 128 }, () => voice) }), null);
    const cost = [
      { kind: 'synth', duration: 61, voices: [voice] },
      { kind: 'synth', duration: 1, voices: Array.from({ length: 129 }, () => voice) },
      { kind: 'synth', duration: 60, voices: Array.from({ length: 41 }, () => voice) },
      { kind: 'synth', duration: 1, voices: [voice], effects: Array.from({ length: 65 }, () => ({ type: 'lowpass', frequency: 100, q: 0 })) },
    ];
    for (const sound of cost) {
      const found = synthProblem(sound, '');
      assert.equal(found?.rule?.class, 'cost', JSON.stringify(sound).slice(0, 60));
      assert.ok(found!.message.endsWith(`(${COST_NOTE})`), found!.message);
    }
    assert.equal(synthProblem(cost[2], '')?.message, `would take 2,460 voice-seconds to render (60 s × 41 voices and effects + 25 × 0 s of 0 reverbs); at most 2,400 (${COST_NOTE})`);
  });
  test('render work: voices and effects by the sound, reverbs by the sound plus their cut response', () => {
    const sound: GizmoSynth = { ...tone({}), duration: 10, effects: [{ type: 'delay', time: 0.1, feedback: 0, mix: 1 }, { type: 'reverb', decay: 4, mix: 1 }, { type: 'noise-reverb', duration: 100, decay: 1, seed: 1, mix: 1 }] };
    assert.deepEqual(synthWork(sound), { work: 10 * 2 + SYNTH_LIMITS.reverbRate * (14 + 20), units: 2, reverbs: 2, span: 34 });
  });
});

describe('renderGizmoSynth', () => {
  test('frame count, rate and duration follow round(duration × 48000)', () => {
    const sound = renderGizmoSynth(chime());
    assert.equal(sound.rate, GIZMO_SOUND_RATE);
    assert.equal(sound.samples.length, 1);
    assert.equal(sound.samples[0].length, 28800);
    assert.equal(sound.duration, 0.6);
    assert.ok(Math.abs(peak(sound.samples[0]) - 0.2) < 0.002);
  });
  test('is deterministic', () => {
    const a = renderGizmoSynth(chime()).samples[0];
    const b = renderGizmoSynth(chime()).samples[0];
    assert.deepEqual(Array.from(a), Array.from(b));
  });
  test('refuses an invalid recipe with the validator message', () => {
    assert.throws(() => renderGizmoSynth({ ...chime(), duration: 61 }), /renderGizmoSynth: duration: must be at most 60 s/);
  });
  test('reads out-of-range values as Web Audio would: clamped frequency and pan', () => {
    const same = (a: GizmoSynth, b: GizmoSynth) => assert.deepEqual(renderGizmoSynth(a).samples, renderGizmoSynth(b).samples);
    same(tone({ frequency: 30000 }), tone({ frequency: 24000 }));
    same(tone({ wave: 'square', frequency: 1e9 }), tone({ wave: 'square', frequency: 24000 }));
    same(tone({ pan: 3 }), tone({ pan: 1 }));
    same(tone({ pan: -7 }), tone({ pan: -1 }));
    // A negative frequency runs the wave backwards: a sine is inverted.
    const up = renderGizmoSynth(tone({ frequency: 1000 })).samples[0];
    const down = renderGizmoSynth(tone({ frequency: -1000 })).samples[0];
    for (let i = 0; i < up.length; i++) assert.ok(Math.abs(up[i] + down[i]) < 1e-9, `frame ${i}`);
    const square = renderGizmoSynth(tone({ wave: 'square', frequency: -100 })).samples[0];
    assert.ok(square[120] < -0.8 && square[360] > 0.8, 'a square run backwards starts low');
  });
  test('voices are clipped to the sound: before 0 and after the end are cut', () => {
    assert.deepEqual(voiceSpan(-0.5, 1, 1, 48000, 48000), { from: 0, end: 24000 });
    assert.deepEqual(voiceSpan(0.5, 1e300, 1, 48000, 48000), { from: 24000, end: 48000 });
    assert.equal(voiceSpan(1, 1, 1, 48000, 48000), null);
    assert.equal(voiceSpan(-2, 1, 1, 48000, 48000), null);
    assert.equal(voiceSpan(0, 0, 1, 48000, 48000), null);
    // A voice starting 10 ms early: its envelope is 10 ms in at frame 0.
    const early = renderGizmoSynth(tone({ start: -0.01, duration: 0.11, gain: [{ time: 0, value: 0 }, { time: 0.02, value: 1 }], fade: [0, 0] })).samples[0];
    assert.ok(Math.abs(early[0] - 0) < 1e-9 && Math.abs(early[240] - Math.sin((2 * Math.PI * 240 * 1000) / 48000) * 0.75) < 1e-6);
    assert.equal(renderGizmoSynth({ ...chime(), duration: 0 }).samples[0].length, 0, 'a sound of no length has no samples');
    assert.equal(renderGizmoSynth({ ...chime(), duration: -3 }).samples[0].length, 0);
  });
  test('short delays are one sample; reverbs of no decay are one impulse; long responses are cut', () => {
    const click = tone({ duration: 0.001, gain: 1 });
    const zero = renderGizmoSynth({ ...click, effects: [{ type: 'delay', time: 0, feedback: 0, mix: 1 }] }).samples[0];
    const one = renderGizmoSynth({ ...click, effects: [{ type: 'delay', time: 1 / 48000, feedback: 0, mix: 1 }] }).samples[0];
    assert.deepEqual(zero, one);
    assert.equal(reverbResponse(0, 7, 48000).length, 1);
    assert.equal(reverbResponse(-1, 7, 48000)[0], reverbResponse(0, 7, 48000)[0]);
    assert.ok(Number.isFinite(reverbResponse(1e20, 7, 48000, 10)[9]), 'a very long decay stays finite');
    assert.deepEqual(reverbResponse(2, 7, 48000, 1000), reverbResponse(2, 7, 48000).subarray(0, 1000));
    const long = renderGizmoSynth({ ...click, effects: [{ type: 'noise-reverb', duration: 1e9, decay: 1, seed: 2, mix: 0.5 }] });
    assert.equal(long.samples[0].length, 4800);
  });
  test('waves start at 0 and rise; square is +1 for the first half period; sawtooth jumps at half period', () => {
    for (const wave of ['sine', 'square', 'sawtooth', 'triangle'] as const) {
      const s = renderGizmoSynth(tone({ wave, frequency: 100 })).samples[0];
      assert.equal(s[0], 0, wave);
      assert.ok(s[10] > 0, `${wave} rises`);
    }
    const square = renderGizmoSynth(tone({ wave: 'square', frequency: 100 })).samples[0];
    assert.ok(square[120] > 0.8 && square[360] < -0.8, 'square: + then −');
    const saw = renderGizmoSynth(tone({ wave: 'sawtooth', frequency: 100 })).samples[0];
    assert.ok(saw[230] > 0.8 && saw[250] < -0.8, 'sawtooth jumps from +1 to −1 at half period (240)');
    const tri = renderGizmoSynth(tone({ wave: 'triangle', frequency: 100 })).samples[0];
    assert.ok(Math.abs(tri[120] - 1) < 0.01, 'triangle peaks at a quarter period');
  });
  test('band-limited square and sawtooth are scaled like Web Audio (≈0.8486)', () => {
    const full = waveTable('square', 0);
    assert.ok(Math.abs(peak(Float32Array.from(full)) - 1) < 1e-9);
    // The plateau of the scaled square sits near 0.8486 × (π/4 × 4/π) = 0.8486.
    assert.ok(Math.abs(full[1024] - 0.8486) < 0.002, `plateau ${full[1024]}`);
    assert.ok(Math.abs(waveTable('triangle', 0)[1024] - 1) < 0.001);
  });
  test('the table read stays below Nyquist', () => {
    for (const f of [20, 100, 1000, 5000, 11000, 23999]) {
      const i = tableIndexFor(f, 48000);
      assert.ok(i >= 0 && HARMONICS[i] * f < 24000, `${f} Hz reads ${HARMONICS[i]} harmonics`);
      if (i > 0) assert.ok(HARMONICS[i - 1] * f >= 24000, `${f} Hz reads the richest allowed table`);
    }
    assert.equal(tableIndexFor(24000, 48000), -1);
  });
  test('a constant-gain voice gets the default 5 ms fade; an envelope voice does not', () => {
    const faded = renderGizmoSynth({ kind: 'synth', duration: 0.1, voices: [{ wave: 'square', start: 0, duration: 0.1, frequency: 100, gain: 1 }] }).samples[0];
    assert.ok(peak(faded, 0, 24) < 0.5, 'first 0.5 ms is still fading in');
    assert.ok(peak(faded, 240, 480) > 0.8);
    const shaped = renderGizmoSynth(tone({ wave: 'square', frequency: 100, gain: [{ time: 0, value: 1 }], fade: undefined })).samples[0];
    assert.ok(shaped[1] > 0.5, 'no fade: the square is at full level at once');
  });
  test('mono unless a voice pans; unpanned voices play at unity, pan 0 at 0.7071', () => {
    const pannedSilent = renderGizmoSynth({
      kind: 'synth',
      duration: 0.1,
      voices: [
        { wave: 'sine', start: 0, duration: 0.1, frequency: 1000, gain: 1, fade: [0, 0] },
        { wave: 'sine', start: 0, duration: 0.1, frequency: 1000, gain: 0, pan: 0 },
      ],
    });
    assert.equal(pannedSilent.samples.length, 2);
    assert.ok(Math.abs(peak(pannedSilent.samples[0]) - 1) < 0.001);
    assert.ok(Math.abs(peak(pannedSilent.samples[1]) - 1) < 0.001);
    const centre = renderGizmoSynth(tone({ pan: 0 }));
    assert.ok(Math.abs(peak(centre.samples[0]) - Math.SQRT1_2) < 0.001);
    const right = renderGizmoSynth(tone({ pan: 1 }));
    assert.ok(peak(right.samples[0]) < 1e-6 && Math.abs(peak(right.samples[1]) - 1) < 0.001);
  });
  test('a delay repeats the signal D samples later with feedback', () => {
    const click = tone({ frequency: 1000, duration: 0.001, gain: 1 }, { effects: [{ type: 'delay', time: 0.01, feedback: 0.5, mix: 1 }] });
    const s = renderGizmoSynth(click).samples[0];
    assert.ok(peak(s, 0, 480) < 1e-9, 'mix 1: no dry signal');
    assert.ok(Math.abs(peak(s, 480, 960) - peak(s, 960, 1440) * 2) < 1e-3, 'each repeat at half the level');
    const parallel = renderGizmoSynth({ ...click, effects: [{ type: 'delay', time: 0.01, feedback: 0, mix: 0.5, parallel: true }] }).samples[0];
    assert.ok(peak(parallel, 0, 48) > 0.9, 'parallel: the dry signal passes at unity');
    assert.ok(Math.abs(peak(parallel, 480, 960) - peak(parallel, 0, 48) / 2) < 1e-3);
  });
  test('filters attenuate outside their band', () => {
    // Level as RMS × √2 after the filter settles (sample peaks of a high tone depend on phase).
    const level = (data: Float32Array) => {
      let sum = 0;
      for (let i = 2400; i < 4800; i++) sum += data[i] * data[i];
      return Math.sqrt((sum / 2400) * 2);
    };
    const high = (type: 'lowpass' | 'highpass', f: number) => level(renderGizmoSynth(tone({ frequency: f, filter: { type, frequency: 1000, q: -3.0103 } })).samples[0]);
    assert.ok(high('lowpass', 8000) < 0.03 && high('lowpass', 100) > 0.95);
    assert.ok(high('highpass', 100) < 0.02 && high('highpass', 8000) > 0.95);
    const band = peak(renderGizmoSynth(tone({ frequency: 1000, filter: { type: 'bandpass', frequency: 1000, q: 5 } })).samples[0], 2400);
    assert.ok(Math.abs(band - 1) < 0.02, 'bandpass has 0 dB peak gain');
  });
  test('reverbs add a tail after the dry signal ends', () => {
    const dry = tone({ duration: 0.02 }, { duration: 0.3 });
    for (const effect of [{ type: 'reverb', decay: 0.5, mix: 0.5 }, { type: 'noise-reverb', duration: 0.2, decay: 2, seed: 1, mix: 0.5 }] as const) {
      const s = renderGizmoSynth({ ...dry, effects: [effect] }).samples[0];
      assert.ok(peak(s, 2400, 4800) > 0.01, `${effect.type} tail`);
    }
  });
  test('a noise buffer holds only what the voice reads; noiseRate clamps to 0–48,000 Hz', () => {
    const noise = (voice: Partial<GizmoSynth['voices'][0]>) => renderGizmoSynth({ kind: 'synth', duration: 0.05, seed: 3, voices: [{ wave: 'noise', start: 0, duration: 0.05, gain: 1, fade: [0, 0], ...voice }] }).samples[0];
    assert.deepEqual(noise({ noiseDuration: 1e12 }), noise({ noiseDuration: 0.05 }));
    assert.deepEqual(noise({ noiseRate: 96000 }), noise({ noiseRate: 48000 }));
    const still = noise({ noiseRate: -5 });
    assert.ok(still.every((v) => v === still[0]), 'a rate of 0 or less holds one sample');
  });
  test('noise voices are seeded; noiseDuration loops the buffer', () => {
    const noise = (seed: number) => renderGizmoSynth({ kind: 'synth', duration: 0.05, seed, voices: [{ wave: 'noise', start: 0, duration: 0.05, gain: [{ time: 0, value: 1 }], noiseDuration: 0.001 }] }).samples[0];
    const a = noise(1);
    assert.deepEqual(Array.from(a), Array.from(noise(1)));
    assert.notDeepEqual(Array.from(a.subarray(0, 48)), Array.from(noise(2).subarray(0, 48)));
    assert.equal(a[100], a[148], 'a 48-sample loop repeats');
  });
});

describe('envelopes', () => {
  const pts = [
    { time: 0.1, value: 1 },
    { time: 0.2, value: 4, curve: 'exponential' as const },
    { time: 0.3, value: 2, curve: 'step' as const },
    { time: 0.3, value: 3 },
    { time: 0.4, value: 0, curve: 'exponential' as const },
  ];
  test('hold, exponential, step, instant jump and exponential to zero', () => {
    assert.equal(envelopeAt(pts, 0), 1);
    assert.ok(Math.abs(envelopeAt(pts, 0.15) - 2) < 1e-12);
    assert.equal(envelopeAt(pts, 0.25), 4);
    assert.equal(envelopeAt(pts, 0.3), 3);
    assert.equal(envelopeAt(pts, 0.35), 3, 'exponential to zero holds');
    assert.equal(envelopeAt(pts, 0.4), 0);
    assert.equal(envelopeAt(pts, 9), 0);
    assert.equal(envelopeAt([{ time: 0, value: 0 }, { time: 1, value: 1 }], 0.25), 0.25);
  });
});

describe('shared kernels', () => {
  test('mulberry32 matches its reference stream', () => {
    const rng = new Mulberry32(1);
    assert.deepEqual([rng.nextUint32(), rng.nextUint32(), rng.nextUint32()], [2693262067, 11749833, 2265367787]);
  });
  test('fft then inverse fft restores the signal', () => {
    const re = Float64Array.from({ length: 16 }, (_, i) => Math.sin(i) + i);
    const im = new Float64Array(16);
    const copy = re.slice();
    fft(re, im, false);
    fft(re, im, true);
    for (let i = 0; i < 16; i++) assert.ok(Math.abs(re[i] / 16 - copy[i]) < 1e-12);
  });
});

describe('reference vectors (testdata/audio)', () => {
  for (const v of vectors as unknown as { name: string; recipe: { kind: string }; hash: string; rms: number; peak: number; frames: number; channels: number; checkpoints: [number, number, number][] }[]) {
    if (v.recipe.kind !== 'synth') continue;
    test(v.name, () => {
      const stats = soundStats(renderGizmoSynth(v.recipe as GizmoSynth));
      assert.equal(stats.frames, v.frames);
      assert.equal(stats.channels, v.channels);
      for (let i = 0; i < v.checkpoints.length; i++) assert.ok(Math.abs(stats.checkpoints[i][2] - v.checkpoints[i][2]) <= 1e-6, `checkpoint ${i}`);
      // The hash pins every sample, in every engine: the vectors were made under V8, and
      // scape's engine computes Math with V8's own algorithms (jsrt/fdlibm), to the last bit.
      assert.equal(stats.hash, v.hash, `hash ${stats.hash} ≠ ${v.hash}${isV8() ? ' under V8' : ''}`);
    });
  }
});
