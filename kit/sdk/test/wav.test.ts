import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { base64Decode, base64Encode, encodeGizmoWav, encodeWavBytes, GIZMO_AUDIO_MAX_BYTES, parseWav, pcm16, readGizmoSound, WAV_RULES, wavError, wavProblem } from '../src/wav.js';
import { collectWarnings } from '../src/internal/rules.js';
import type { GizmoProblem } from '../src/internal/problem.js';
import { Mulberry32, renderGizmoSynth, synthProblem, type GizmoSoundSamples, type GizmoSynth } from '../src/synthesis.js';
import { noiseSoundProblem, renderGizmoNoise, type GizmoNoiseSound } from '../src/noiseSound.js';
import { partialsProblem, renderGizmoPartials, type GizmoPartialsSound, type GizmoSignalStage } from '../src/partials.js';

// A loop rather than Uint8Array.from(string): goja's typed-array from() refuses a string.
const bytesOf = (text: string) => {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
};

/** A WAV assembled chunk by chunk, so each test can break one thing. */
function wav(chunks: [string, Uint8Array][], riffSize?: number): Uint8Array {
  let total = 12;
  for (const [, body] of chunks) total += 8 + body.length + (body.length & 1);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(bytesOf('RIFF'), 0);
  view.setUint32(4, riffSize ?? total - 8, true);
  out.set(bytesOf('WAVE'), 8);
  let at = 12;
  for (const [id, body] of chunks) {
    out.set(bytesOf(id), at);
    view.setUint32(at + 4, body.length, true);
    out.set(body, at + 8);
    at += 8 + body.length + (body.length & 1);
  }
  return out;
}
function fmt(channels = 1, rate = 48000, bits = 16, tag = 1): Uint8Array {
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  v.setUint16(0, tag, true);
  v.setUint16(2, channels, true);
  v.setUint32(4, rate, true);
  v.setUint32(8, rate * channels * (bits / 8), true);
  v.setUint16(12, channels * (bits / 8), true);
  v.setUint16(14, bits, true);
  return b;
}
function extensible(channels = 2, rate = 44100, subformat = 1): Uint8Array {
  const b = new Uint8Array(40);
  b.set(fmt(channels, rate, 16, 0xfffe));
  const v = new DataView(b.buffer);
  v.setUint16(16, 22, true);
  v.setUint16(18, 16, true);
  v.setUint32(20, 3, true);
  v.setUint16(24, subformat, true);
  b.set([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 26);
  return b;
}
const data = (n: number) => new Uint8Array(n).map((_, i) => i * 37);

describe('base64', () => {
  test('round-trips every tail length and matches the RFC 4648 vectors', () => {
    const cases: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [plain, encoded] of cases) {
      assert.equal(base64Encode(bytesOf(plain)), encoded);
      assert.deepEqual(Array.from(base64Decode(encoded)!), Array.from(bytesOf(plain)));
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    assert.deepEqual(Array.from(base64Decode(base64Encode(all))!), Array.from(all));
    assert.deepEqual(Array.from(base64Decode('Zm8')!), Array.from(bytesOf('fo')), 'unpadded');
  });
  test('refuses other characters and impossible lengths', () => {
    for (const bad of ['Zm9v!', 'Z', 'Zm9vY', 'Zm=9', 'Zm 9v', 'Zm9v\u00e9', 'Z===']) assert.equal(base64Decode(bad), null, bad);
  });
});

describe('WAV reading', () => {
  test('reads what encodeGizmoWav writes, within two PCM16 steps (writes ×32767, reads ÷32768)', () => {
    const left = Float32Array.from({ length: 100 }, (_, i) => Math.sin(i / 5));
    const right = Float32Array.from({ length: 100 }, (_, i) => (i % 7) / 7 - 0.5);
    const sound = readGizmoSound(encodeGizmoWav([left, right], 44100));
    assert.equal(sound.rate, 44100);
    assert.equal(sound.samples.length, 2);
    assert.equal(sound.duration, 100 / 44100);
    for (let i = 0; i < 100; i++) {
      assert.ok(Math.abs(sound.samples[0][i] - left[i]) <= 2 / 32767);
      assert.ok(Math.abs(sound.samples[1][i] - right[i]) <= 2 / 32767);
    }
  });
  test('PCM16 conversion clamps and rounds', () => {
    assert.deepEqual([pcm16(2), pcm16(-2), pcm16(NaN), pcm16(0.5), pcm16(-1)], [32767, -32767, 0, 16384, -32767]);
  });
  test('skips LIST, fact and JUNK chunks with their pad byte; accepts extensible PCM', () => {
    const info = parseWav(wav([['JUNK', data(3)], ['fmt ', extensible()], ['LIST', data(5)], ['data', data(8)], ['fact', data(4)]]));
    assert.deepEqual(info, { channels: 2, rate: 44100, frames: 2, dataOffset: 12 + 12 + 48 + 14 + 8 });
    assert.equal(wavError(base64Encode(wav([['fmt ', fmt()], ['data', data(4)]]))), null);
    assert.equal(wavError(`data:audio/wav;base64,${base64Encode(wav([['fmt ', fmt()], ['data', data(4)]]))}`), null);
  });
  test('refuses each unsafe or unsupported case with a reason', () => {
    const cases: [Uint8Array, RegExp][] = [
      [wav([['fmt ', fmt()], ['data', data(4)]], 0xfffffff0), /declares a RIFF size of 4,294,967,280 bytes/],
      [(() => { const w = wav([['fmt ', fmt()], ['data', data(4)]]); new DataView(w.buffer).setUint32(40, 0xfffffff0, true); return w; })(), /chunk "data" at byte 36 declares 4,294,967,280 bytes but only 4 remain/],
      [wav([['fmt ', fmt(1, 48000, 8)], ['data', data(4)]]), /must be 16-bit PCM/],
      [wav([['fmt ', fmt(3)], ['data', data(6)]]), /mono or stereo \(got 3 channels\)/],
      [wav([['fmt ', fmt(1, 0)], ['data', data(4)]]), /sample rate above 0 Hz/],
      [wav([['fmt ', fmt(1, 48000, 16, 3)], ['data', data(4)]]), /is not PCM \(format 3\)/],
      [wav([['fmt ', extensible(2, 44100, 3)], ['data', data(4)]]), /not PCM \(extensible subformat\)/],
      [wav([['fmt ', fmt(2)], ['data', data(6)]]), /not a whole number of 2-channel frames/],
      [wav([['data', data(4)], ['fmt ', fmt()]]), /data chunk before the fmt chunk/],
      [wav([['fmt ', fmt()]]), /has no data chunk/],
      [wav([['fmt ', fmt()], ['fmt ', fmt()], ['data', data(2)]]), /more than one fmt chunk/],
      [bytesOf('RIFX\0\0\0\0WAVE'), /not a RIFF\/WAVE file/],
      [wav([['fmt ', fmt()], ['data', data(4)]]).subarray(0, 30), /declares a RIFF size/],
    ];
    for (const [bytes, message] of cases) {
      const info = parseWav(bytes) as GizmoProblem;
      assert.equal(typeof info.message, 'string', String(message));
      assert.match(info.message, message);
      assert.equal(info.severity, 'error');
      assert.throws(() => readGizmoSound(base64Encode(bytes)), message);
    }
  });
  test('an unusual rate, an inconsistent header or no samples only warn', () => {
    const warned = (bytes: Uint8Array) => {
      const { result, warnings } = collectWarnings(() => wavProblem(base64Encode(bytes), 'sounds.door'));
      assert.equal(result, null);
      readGizmoSound(base64Encode(bytes));
      return warnings.map(String);
    };
    const low = warned(wav([['fmt ', fmt(1, 4000)], ['data', data(4)]]));
    assert.equal(low.length, 1);
    assert.ok(low[0].startsWith('sounds.door: WAV has a sample rate of 4,000 Hz, outside the 8,000–96,000 Hz every Web Audio implementation must play (got "UklGR'), low[0]);
    assert.match(warned(wav([['fmt ', fmt(2, 192000)], ['data', data(8)]]))[0], /192,000 Hz/);
    const badRate = wav([['fmt ', fmt()], ['data', data(4)]]);
    new DataView(badRate.buffer).setUint32(28, 1, true);
    assert.match(warned(badRate)[0], /inconsistent fmt chunk/);
    assert.match(warned(wav([['fmt ', fmt()], ['data', data(0)]]))[0], /has no samples, so it is silent/);
    assert.deepEqual(readGizmoSound(base64Encode(wav([['fmt ', fmt()], ['data', data(0)]]))).samples, [new Float32Array(0)]);
    assert.deepEqual(warned(wav([['fmt ', extensible(2, 44100, 1)], ['data', data(8)]])), []);
    assert.equal(wavProblem('@@@@', '')?.rule, WAV_RULES.base64);
  });
  test('enforces GIZMO_AUDIO_MAX_BYTES on both sides', () => {
    assert.equal(GIZMO_AUDIO_MAX_BYTES, 960044);
    const largest = encodeWavBytes([new Float32Array((GIZMO_AUDIO_MAX_BYTES - 44) / 2)], 48000);
    assert.equal(largest.length, GIZMO_AUDIO_MAX_BYTES);
    assert.equal(wavError(base64Encode(largest)), null);
    assert.throws(() => encodeWavBytes([new Float32Array((GIZMO_AUDIO_MAX_BYTES - 44) / 2 + 1)], 48000), /at most 960,044 are allowed/);
    const tooBig = new Uint8Array(GIZMO_AUDIO_MAX_BYTES + 2);
    assert.match(wavError(base64Encode(tooBig)) ?? '', /at most 960,044 bytes/);
  });
  test('wavProblem names the path and refuses non-base64', () => {
    assert.equal(wavProblem('@@@@', 'sounds.door')?.path, 'sounds.door');
    assert.match(wavError('@@@@') ?? '', /must be base64/);
    assert.match(wavError('@@@@') ?? '', /\(got "@@@@"\)$/, 'the supplied string, not a description of it');
    assert.match(wavError(42) ?? '', /must be a base64 PCM16 WAV string/);
  });
  test('encodeGizmoWav refuses bad input', () => {
    assert.throws(() => encodeGizmoWav([], 48000), /1 or 2 sample arrays/);
    assert.throws(() => encodeGizmoWav([new Float32Array(2), new Float32Array(3)], 48000), /same number of samples/);
    assert.throws(() => encodeGizmoWav([new Float32Array(2)], 47999.5), /rate must be an integer/);
    assert.throws(() => encodeGizmoWav([new Float32Array(2)], 0), /rate must be an integer 1–/);
    // What it writes, the readers accept: an empty sound, an unusual rate.
    assert.equal(wavError(encodeGizmoWav([new Float32Array(0)], 48000)), null);
    assert.equal(readGizmoSound(encodeGizmoWav([new Float32Array(3)], 192000)).rate, 192000);
  });
});

describe('consistency: what the SDK renders and encodes, its validators accept', () => {
  // Random recipes of any values the types allow (the former ranges' edges, far outside them, −0,
  // empty lists), kept short so the run stays fast under goja. Whatever the validators accept
  // (warnings included) must render to finite samples of the stated length, and the WAV that
  // encodeGizmoWav makes of them must pass the recorded-sound validator and readGizmoSound.
  const rng = new Mulberry32(20240917);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.uniform() * list.length)];
  const EDGES = [-1e300, -1e6, -100, -1, -0.5, -0, 0, 1e-300, 0.001, 0.3, 1, 2, 100, 24000, 1e6, 1e300];
  const num = () => (rng.uniform() < 0.6 ? pick(EDGES) : rng.uniform() * 4 - 2);
  const short = () => pick([0.001, 0.01, 0.03, 0.05]);
  const seed = () => pick([0, 1, 4294967295, 12345]);
  const maybe = <T>(make: () => T): T | undefined => (rng.uniform() < 0.5 ? make() : undefined);
  const list = <T>(max: number, make: () => T): T[] => Array.from({ length: Math.floor(rng.uniform() * (max + 1)) }, make);
  const envelope = () => (rng.uniform() < 0.5 ? num() : list(4, () => ({ time: rng.uniform() < 0.5 ? num() : rng.uniform() * 0.05, value: num(), curve: maybe(() => pick(['linear', 'exponential', 'step'] as const)) })));
  const filter = () => ({ type: pick(['lowpass', 'highpass', 'bandpass'] as const), frequency: num(), q: num() });
  const synth = (): GizmoSynth => ({
    kind: 'synth',
    duration: short(),
    seed: maybe(seed),
    voices: list(4, () => ({
      wave: pick(['sine', 'triangle', 'square', 'sawtooth', 'noise'] as const),
      start: rng.uniform() < 0.5 ? num() : rng.uniform() * 0.05,
      duration: rng.uniform() < 0.5 ? num() : rng.uniform() * 0.05,
      frequency: maybe(envelope),
      gain: envelope(),
      pan: maybe(num),
      fade: maybe(() => [num(), num()] as [number, number]),
      noiseDuration: maybe(num),
      noiseRate: maybe(num),
      filter: maybe(filter),
    })),
    effects: maybe(() =>
      list(3, () =>
        pick([
          () => filter(),
          () => ({ type: 'delay' as const, time: num(), feedback: pick([0.5, -0.9, 1, num()]), mix: num(), parallel: maybe(() => rng.uniform() < 0.5) }),
          () => ({ type: 'noise-reverb' as const, duration: num(), decay: pick([0, 2, num()]), seed: seed(), mix: num(), parallel: maybe(() => rng.uniform() < 0.5) }),
          () => ({ type: 'reverb' as const, decay: num(), mix: num() }),
        ])(),
      ),
    ),
  });
  const noise = (): GizmoNoiseSound => ({
    kind: 'noise',
    duration: pick([0.1, 0.12]),
    seed: seed(),
    layers: list(3, () => ({ frequency: num(), gain: rng.uniform() })),
    modulation: { base: 0.5, waves: list(2, () => ({ speed: num(), amount: rng.uniform() * 0.25 - 0.125 })) },
    grains: maybe(() => ({
      start: num(),
      end: num(),
      interval: [num(), num()] as [number, number],
      duration: [num(), num()] as [number, number],
      amplitude: [num(), num()] as [number, number],
      bias: num(),
      smoothing: rng.uniform(),
      attack: num(),
      decay: rng.uniform(),
    })),
    fade: num(),
  });
  const stage = (): GizmoSignalStage =>
    pick([
      () => ({ kind: 'pole' as const, frequency: num(), subtract: maybe(num) }),
      () => ({ kind: 'noise' as const, seed: seed(), gain: num(), decay: num() }),
      () => ({ kind: pick(['soft-clip', 'hard-clip'] as const), drive: num() }),
    ])();
  const partials = (): GizmoPartialsSound => ({
    kind: 'partials',
    duration: short(),
    oversample: maybe(() => pick([1, 2, 4] as const)),
    layers: list(2, () => ({ frequency: num(), partials: list(3, () => ({ ratio: num(), gain: num(), decay: num() })), vibrato: maybe(() => ({ depth: num(), rate: num() })), stages: maybe(() => list(2, stage)), gain: num() })),
    stages: maybe(() => list(2, stage)),
    amplitude: { gain: num(), attack: num(), attackCurve: maybe(() => pick(['linear', 'sine-squared'] as const)), decay: maybe(num), release: maybe(() => ({ at: num(), time: num() })), fadeOut: num() },
    echoes: maybe(() => list(2, () => ({ time: num(), gain: num() }))),
    tailFade: maybe(num),
  });
  const families: [string, () => unknown, (v: unknown) => unknown, (v: never) => GizmoSoundSamples][] = [
    ['synth', synth, (v) => synthProblem(v, ''), renderGizmoSynth],
    ['noise', noise, (v) => noiseSoundProblem(v, ''), renderGizmoNoise],
    ['partials', partials, (v) => partialsProblem(v, ''), renderGizmoPartials],
  ];
  for (const [name, make, problemOf, render] of families) {
    test(`${name}: 60 random recipes`, () => {
      let rendered = 0;
      for (let i = 0; i < 60; i++) {
        const recipe = JSON.parse(JSON.stringify(make())) as { duration: number };
        if (collectWarnings(() => problemOf(recipe)).result !== null) continue;
        const sound = render(recipe as never);
        rendered++;
        const frames = Math.max(0, Math.floor(recipe.duration * 48000 + 0.5));
        for (const channel of sound.samples) {
          assert.equal(channel.length, frames);
          assert.ok(channel.every(Number.isFinite), `${name} #${i}: non-finite sample: ${JSON.stringify(recipe)}`);
        }
        const encoded = encodeGizmoWav(sound.samples, sound.rate);
        assert.equal(collectWarnings(() => wavError(encoded)).result, null);
        assert.equal(readGizmoSound(encoded).samples[0].length, frames);
      }
      assert.ok(rendered >= 15, `${name}: only ${rendered} of 60 recipes were accepted`);
    });
  }
});
