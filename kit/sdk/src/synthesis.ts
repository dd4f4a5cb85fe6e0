/**
 * Synthesis: oscillator/noise voices with envelopes, an effect chain, and the deterministic
 * renderer. Every open decision (default fade, noise buffers, mix/parallel, reverb impulse
 * responses, mono/stereo, bounds) is written once in docs/audio.md; the Go package `audio`
 * renders the same recipes to the same samples (within 1e-6) and the two are checked against
 * the reference vectors in testdata/audio/.
 *
 * This module also holds the small DSP kernels shared with noiseSound.ts and partials.ts
 * (mulberry32, biquads, FFT convolution). They are exported for those modules, not from the SDK
 * entry.
 */
import { joinPath, problem, problemText } from './internal/problem.js';
import { arrayOf, first, integerIn, knownKeys, numberIn, oneOf, optional, requiredKeys, tuple, type Problem } from './internal/checks.js';

/** Times are seconds relative to the start of a voice. Curve belongs to the incoming segment. */
export interface GizmoSoundPoint {
  time: number;
  value: number;
  curve?: 'linear' | 'exponential' | 'step';
}
export type GizmoSoundEnvelope = number | GizmoSoundPoint[];
export interface GizmoSoundFilter {
  type: 'lowpass' | 'highpass' | 'bandpass';
  frequency: number;
  q: number;
}
export interface GizmoSoundVoice {
  wave: 'sine' | 'triangle' | 'square' | 'sawtooth' | 'noise';
  start: number;
  duration: number;
  frequency?: GizmoSoundEnvelope;
  gain: GizmoSoundEnvelope;
  pan?: number;
  fade?: [number, number];
  noiseDuration?: number;
  noiseRate?: number;
  filter?: GizmoSoundFilter;
}
export type GizmoSoundEffect =
  | GizmoSoundFilter
  | {
      type: 'delay';
      time: number;
      feedback: number;
      mix: number;
      parallel?: boolean;
    }
  | {
      type: 'noise-reverb';
      duration: number;
      decay: number;
      seed: number;
      mix: number;
      parallel?: boolean;
    }
  | {
      type: 'reverb';
      decay: number;
      mix: number;
    };
/** Portable sound design. No audio nodes, device access, timers or instrument presets. */
export interface GizmoSynth {
  kind: 'synth';
  duration: number;
  seed?: number;
  voices: GizmoSoundVoice[];
  effects?: GizmoSoundEffect[];
}
export interface GizmoSoundSamples {
  samples: Float32Array<ArrayBuffer>[];
  rate: number;
  duration: number;
}
export const GIZMO_SOUND_RATE = 48000;

// ---------------------------------------------------------------------------------------------
// Bounds (kit/sdk/LIMITS.md, "Audio"). They keep the worst valid recipe renderable in well under
// a second of CPU: 32 voices × 12 s of wavetable reads, at most two FFT reverbs.

export const SYNTH_LIMITS = {
  duration: [0.01, 12],
  voices: 32,
  points: 32,
  time: 12,
  frequency: 24000,
  defaultFrequency: 440,
  /** Default fade (seconds, each end) for a voice whose gain is a constant number. */
  defaultFade: 0.005,
  noiseDuration: [0.001, 12],
  noiseRate: [100, 48000],
  filterFrequency: [10, 20000],
  /** lowpass/highpass q is in dB (Web Audio); bandpass q is linear. */
  qDb: [-24, 24],
  qLinear: [0.1, 100],
  effects: 8,
  reverbs: 2,
  delayTime: [0.001, 2],
  feedback: [0, 0.95],
  noiseReverbDuration: [0.01, 4],
  noiseReverbDecay: [0, 20],
  reverbDecay: [0.1, 4],
} as const;

export const UINT32_MAX = 4294967295;

const VOICE_KEYS = ['wave', 'start', 'duration', 'frequency', 'gain', 'pan', 'fade', 'noiseDuration', 'noiseRate', 'filter'] as const;
const FILTER_KEYS = ['type', 'frequency', 'q'] as const;
const POINT_KEYS = ['time', 'value', 'curve'] as const;

export function seedProblem(value: unknown, path: string): Problem {
  return integerIn(value, path, 0, UINT32_MAX);
}

function envelopeProblem(value: unknown, path: string, min: number, max: number, unit: string): Problem {
  if (typeof value === 'number') return numberIn(value, path, min, max, unit);
  if (!Array.isArray(value)) return problem(path, `must be a number (${unit || 'level'}) or a list of envelope points`, value);
  let previous = 0;
  return arrayOf(value, path, 1, SYNTH_LIMITS.points, (point, pointPath) => {
    const found = first(
      () => knownKeys(point, pointPath, POINT_KEYS),
      () => requiredKeys(point as Record<string, unknown>, pointPath, ['time', 'value']),
      () => numberIn((point as GizmoSoundPoint).time, joinPath(pointPath, 'time'), 0, SYNTH_LIMITS.time, 's'),
      () => numberIn((point as GizmoSoundPoint).value, joinPath(pointPath, 'value'), min, max, unit),
      () => optional((point as GizmoSoundPoint).curve, () => oneOf((point as GizmoSoundPoint).curve, joinPath(pointPath, 'curve'), ['linear', 'exponential', 'step'])),
    );
    if (found) return found;
    const time = (point as GizmoSoundPoint).time;
    if (time < previous) return problem(joinPath(pointPath, 'time'), `must not be earlier than the previous point (${previous} s)`, time);
    previous = time;
    return null;
  });
}

export function filterProblem(value: unknown, path: string, keys: readonly string[] = FILTER_KEYS): Problem {
  const found = first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(value as Record<string, unknown>, path, ['type', 'frequency', 'q']),
    () => oneOf((value as GizmoSoundFilter).type, joinPath(path, 'type'), ['lowpass', 'highpass', 'bandpass']),
    () => numberIn((value as GizmoSoundFilter).frequency, joinPath(path, 'frequency'), SYNTH_LIMITS.filterFrequency[0], SYNTH_LIMITS.filterFrequency[1], 'Hz'),
  );
  if (found) return found;
  const filter = value as GizmoSoundFilter;
  if (filter.type === 'bandpass') return numberIn(filter.q, joinPath(path, 'q'), SYNTH_LIMITS.qLinear[0], SYNTH_LIMITS.qLinear[1], '(linear, bandpass)');
  return numberIn(filter.q, joinPath(path, 'q'), SYNTH_LIMITS.qDb[0], SYNTH_LIMITS.qDb[1], `dB (${filter.type})`);
}

function voiceProblem(value: unknown, path: string, soundDuration: number): Problem {
  const found = first(
    () => knownKeys(value, path, VOICE_KEYS),
    () => requiredKeys(value as Record<string, unknown>, path, ['wave', 'start', 'duration', 'gain']),
  );
  if (found) return found;
  const voice = value as GizmoSoundVoice;
  const noise = voice.wave === 'noise';
  return first(
    () => oneOf(voice.wave, joinPath(path, 'wave'), ['sine', 'triangle', 'square', 'sawtooth', 'noise']),
    () => numberIn(voice.start, joinPath(path, 'start'), 0, SYNTH_LIMITS.time, 's'),
    () => (voice.start >= soundDuration ? problem(joinPath(path, 'start'), `must be before the end of the sound (${soundDuration} s)`, voice.start) : null),
    () => numberIn(voice.duration, joinPath(path, 'duration'), 0.001, SYNTH_LIMITS.time, 's'),
    () =>
      optional(voice.frequency, () =>
        noise
          ? problem(joinPath(path, 'frequency'), 'does not apply to noise voices (use noiseRate, noiseDuration or a filter)', voice.frequency)
          : envelopeProblem(voice.frequency, joinPath(path, 'frequency'), 0, SYNTH_LIMITS.frequency, 'Hz'),
      ),
    () => envelopeProblem(voice.gain, joinPath(path, 'gain'), 0, 1, ''),
    () => optional(voice.pan, () => numberIn(voice.pan, joinPath(path, 'pan'), -1, 1)),
    () =>
      optional(voice.fade, () => {
        const fadePath = joinPath(path, 'fade');
        const bad = tuple(voice.fade, fadePath, 2, (item, itemPath) => numberIn(item, itemPath, 0, SYNTH_LIMITS.time, 's'));
        if (bad) return bad;
        const [fadeIn, fadeOut] = voice.fade as [number, number];
        if (fadeIn + fadeOut > voice.duration) return problem(fadePath, `must fit in the voice: fade in + fade out ≤ duration (${voice.duration} s)`, voice.fade);
        return null;
      }),
    () =>
      optional(voice.noiseDuration, () =>
        noise
          ? numberIn(voice.noiseDuration, joinPath(path, 'noiseDuration'), SYNTH_LIMITS.noiseDuration[0], SYNTH_LIMITS.noiseDuration[1], 's')
          : problem(joinPath(path, 'noiseDuration'), 'applies only to noise voices', voice.noiseDuration),
      ),
    () =>
      optional(voice.noiseRate, () =>
        noise
          ? numberIn(voice.noiseRate, joinPath(path, 'noiseRate'), SYNTH_LIMITS.noiseRate[0], SYNTH_LIMITS.noiseRate[1], 'Hz')
          : problem(joinPath(path, 'noiseRate'), 'applies only to noise voices', voice.noiseRate),
      ),
    () => optional(voice.filter, () => filterProblem(voice.filter, joinPath(path, 'filter'))),
  );
}

function effectProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['type', 'frequency', 'q', 'time', 'feedback', 'mix', 'parallel', 'duration', 'decay', 'seed']),
    () => requiredKeys(value as Record<string, unknown>, path, ['type']),
    () => oneOf((value as { type: unknown }).type, joinPath(path, 'type'), ['lowpass', 'highpass', 'bandpass', 'delay', 'noise-reverb', 'reverb']),
  );
  if (found) return found;
  const effect = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  switch (effect.type) {
    case 'delay':
      return first(
        () => knownKeys(effect, path, ['type', 'time', 'feedback', 'mix', 'parallel']),
        () => requiredKeys(effect, path, ['time', 'feedback', 'mix']),
        () => numberIn(effect.time, at('time'), SYNTH_LIMITS.delayTime[0], SYNTH_LIMITS.delayTime[1], 's'),
        () => numberIn(effect.feedback, at('feedback'), SYNTH_LIMITS.feedback[0], SYNTH_LIMITS.feedback[1]),
        () => numberIn(effect.mix, at('mix'), 0, 1),
        () => optional(effect.parallel, () => (typeof effect.parallel === 'boolean' ? null : problem(at('parallel'), 'must be true or false', effect.parallel))),
      );
    case 'noise-reverb':
      return first(
        () => knownKeys(effect, path, ['type', 'duration', 'decay', 'seed', 'mix', 'parallel']),
        () => requiredKeys(effect, path, ['duration', 'decay', 'seed', 'mix']),
        () => numberIn(effect.duration, at('duration'), SYNTH_LIMITS.noiseReverbDuration[0], SYNTH_LIMITS.noiseReverbDuration[1], 's'),
        () => numberIn(effect.decay, at('decay'), SYNTH_LIMITS.noiseReverbDecay[0], SYNTH_LIMITS.noiseReverbDecay[1]),
        () => seedProblem(effect.seed, at('seed')),
        () => numberIn(effect.mix, at('mix'), 0, 1),
        () => optional(effect.parallel, () => (typeof effect.parallel === 'boolean' ? null : problem(at('parallel'), 'must be true or false', effect.parallel))),
      );
    case 'reverb':
      return first(
        () => knownKeys(effect, path, ['type', 'decay', 'mix']),
        () => requiredKeys(effect, path, ['decay', 'mix']),
        () => numberIn(effect.decay, at('decay'), SYNTH_LIMITS.reverbDecay[0], SYNTH_LIMITS.reverbDecay[1], 's'),
        () => numberIn(effect.mix, at('mix'), 0, 1),
      );
    default:
      return filterProblem(effect, path);
  }
}

/** The internal twin of gizmoSynthError: the first problem, or null. */
export function synthProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['kind', 'duration', 'seed', 'voices', 'effects']),
    () => requiredKeys(value as Record<string, unknown>, path, ['kind', 'duration', 'voices']),
  );
  if (found) return found;
  const synth = value as GizmoSynth;
  return first(
    () => oneOf(synth.kind, joinPath(path, 'kind'), ['synth']),
    () => numberIn(synth.duration, joinPath(path, 'duration'), SYNTH_LIMITS.duration[0], SYNTH_LIMITS.duration[1], 's'),
    () => optional(synth.seed, () => seedProblem(synth.seed, joinPath(path, 'seed'))),
    () => arrayOf(synth.voices, joinPath(path, 'voices'), 1, SYNTH_LIMITS.voices, (voice, voicePath) => voiceProblem(voice, voicePath, synth.duration)),
    () =>
      optional(synth.effects, () => {
        const effectsPath = joinPath(path, 'effects');
        const bad = arrayOf(synth.effects, effectsPath, 0, SYNTH_LIMITS.effects, effectProblem);
        if (bad) return bad;
        const reverbs = (synth.effects as GizmoSoundEffect[]).filter((e) => e.type === 'reverb' || e.type === 'noise-reverb').length;
        if (reverbs > SYNTH_LIMITS.reverbs) return problem(effectsPath, `must have at most ${SYNTH_LIMITS.reverbs} reverb or noise-reverb effects`, reverbs);
        return null;
      }),
  );
}

export function gizmoSynthError(value: unknown, path?: string): string | null {
  return problemText(synthProblem(value, path ?? ''));
}

// ---------------------------------------------------------------------------------------------
// Shared DSP kernels. Each mirrors a Go constructor in package audio; keep the arithmetic in the
// same order on both sides (docs/audio.md, "Agreement with Go").

/** mulberry32: one uint32 of state, 32-bit integer multiplies only; bit-identical to Go. */
export class Mulberry32 {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** The next uint32. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Uniform in [0, 1) as float64: x / 2^32. */
  uniform(): number {
    return this.nextUint32() / 4294967296;
  }
  /** The noise sample of rule 11: float32(x / 2^32 × 2 − 1). */
  sample(): number {
    return Math.fround((this.nextUint32() / 4294967296) * 2 - 1);
  }
}

/** Frames for a duration: floor(d × rate + 0.5) (the same rounding in Go). */
export function framesFor(seconds: number, rate: number): number {
  return Math.floor(seconds * rate + 0.5);
}

/** Biquad coefficients (Audio EQ Cookbook, normalised by a0). */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * Web Audio's reading of the cookbook: lowpass/highpass q in dB (resonance 10^(q/20)), bandpass q
 * linear. `linearQ` forces the linear reading (used by the partials decimation filter).
 */
export function biquadCoefficients(type: 'lowpass' | 'highpass' | 'bandpass', frequency: number, q: number, rate: number, linearQ = false): Biquad {
  const nyquist = rate / 2;
  const f = Math.min(Math.max(frequency, 0), nyquist);
  const w0 = (2 * Math.PI * f) / rate;
  const cosw = Math.cos(w0);
  const sinw = Math.sin(w0);
  let alpha: number;
  if (type === 'bandpass' || linearQ) alpha = sinw / (2 * q);
  else alpha = sinw / (2 * Math.pow(10, q / 20));
  let b0: number, b1: number, b2: number;
  if (type === 'lowpass') {
    b0 = (1 - cosw) / 2;
    b1 = 1 - cosw;
    b2 = (1 - cosw) / 2;
  } else if (type === 'highpass') {
    b0 = (1 + cosw) / 2;
    b1 = -(1 + cosw);
    b2 = (1 + cosw) / 2;
  } else {
    b0 = alpha;
    b1 = 0;
    b2 = -alpha;
  }
  const a0 = 1 + alpha;
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: (-2 * cosw) / a0, a2: (1 - alpha) / a0 };
}

/**
 * Decaying recursive state (filter tails, feedback, exponential decays) is flushed to 0 below
 * this magnitude, in Go and TypeScript alike: subnormal floats are up to 100× slower on common
 * CPUs, and 1e-30 is 570 dB below full scale.
 */
export const TINY = 1e-30;

/** Runs a biquad (direct form I, float64 state starting at zero) over `data` in place. */
export function biquadInPlace(c: Biquad, data: Float64Array): void {
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  for (let n = 0; n < data.length; n++) {
    const x = data[n];
    let y = c.b0 * x + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2;
    if (y < TINY && y > -TINY) y = 0; // a decaying tail would otherwise reach subnormals (slow)
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    data[n] = y;
  }
}

/** In-place iterative radix-2 complex FFT; `inverse` uses +i and does not scale. */
export function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      let t = re[i];
      re[i] = re[j];
      re[j] = t;
      t = im[i];
      im[i] = im[j];
      im[j] = t;
    }
  }
  // Twiddles for the largest stage; smaller stages stride through them.
  const half = n >> 1;
  const cosT = new Float64Array(half);
  const sinT = new Float64Array(half);
  for (let k = 0; k < half; k++) {
    const angle = (2 * Math.PI * k) / n;
    cosT[k] = Math.cos(angle);
    sinT[k] = inverse ? Math.sin(angle) : -Math.sin(angle);
  }
  for (let size = 2; size <= n; size <<= 1) {
    const halfSize = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < halfSize; k++) {
        const wr = cosT[k * step];
        const wi = sinT[k * step];
        const a = start + k;
        const b = a + halfSize;
        const tr = re[b] * wr - im[b] * wi;
        const ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
}

/**
 * Convolves one or two channels with a real impulse response by FFT, returning the first
 * `length` samples of each (the tail past the sound's end is cut). Two channels travel together
 * as the real and imaginary parts of one complex signal (the response is real).
 */
export function convolve(channels: Float64Array[], response: Float64Array, length: number): Float64Array[] {
  let size = 1;
  while (size < length + response.length - 1) size <<= 1;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re.set(channels[0].subarray(0, length));
  if (channels.length > 1) im.set(channels[1].subarray(0, length));
  const hr = new Float64Array(size);
  const hi = new Float64Array(size);
  hr.set(response);
  fft(re, im, false);
  fft(hr, hi, false);
  for (let k = 0; k < size; k++) {
    const r = re[k] * hr[k] - im[k] * hi[k];
    const i = re[k] * hi[k] + im[k] * hr[k];
    re[k] = r;
    im[k] = i;
  }
  fft(re, im, true);
  const out: Float64Array[] = [];
  const a = new Float64Array(length);
  for (let n = 0; n < length; n++) a[n] = re[n] / size;
  out.push(a);
  if (channels.length > 1) {
    const b = new Float64Array(length);
    for (let n = 0; n < length; n++) b[n] = im[n] / size;
    out.push(b);
  }
  return out;
}

/** Value of the segment p → q at t (p.time ≤ t < q.time): rules 5 and 6 of docs/audio.md. */
function segmentValue(p: GizmoSoundPoint, q: GizmoSoundPoint, t: number, logRatio: number): number {
  const curve = q.curve ?? 'linear';
  if (curve === 'step') return p.value;
  const x = (t - p.time) / (q.time - p.time);
  if (curve === 'exponential') {
    // Web Audio's v0·(v1/v0)^x, written as exp(x·ln(v1/v0)) so a renderer computes the log once
    // per segment; zero or sign-changing ends hold v0 and jump at the end.
    if (p.value === 0 || q.value === 0 || p.value < 0 !== q.value < 0) return p.value;
    return p.value * Math.exp(x * logRatio);
  }
  return p.value + (q.value - p.value) * x;
}

/** Evaluates an envelope at t seconds (stateless form of envelopeEvaluator). */
export function envelopeAt(points: readonly GizmoSoundPoint[], t: number): number {
  let idx = 0;
  while (idx < points.length && points[idx].time <= t) idx++;
  if (idx === 0) return points[0].value;
  if (idx === points.length) return points[points.length - 1].value;
  return segmentValue(points[idx - 1], points[idx], t, Math.log(points[idx].value / points[idx - 1].value));
}

/**
 * A constant or an envelope as a function of voice time, for non-decreasing t (one voice's
 * frames): it keeps its segment and the segment's log ratio between calls. Same values as
 * envelopeAt.
 */
export function envelopeEvaluator(envelope: GizmoSoundEnvelope | undefined, fallback: number): (t: number) => number {
  if (envelope === undefined) return () => fallback;
  if (typeof envelope === 'number') return () => envelope;
  const points = envelope;
  let idx = 0;
  let logRatio = NaN;
  return (t) => {
    let moved = false;
    while (idx < points.length && points[idx].time <= t) {
      idx++;
      moved = true;
    }
    if (idx === 0) return points[0].value;
    if (idx === points.length) return points[points.length - 1].value;
    if (moved || logRatio !== logRatio) logRatio = Math.log(points[idx].value / points[idx - 1].value);
    return segmentValue(points[idx - 1], points[idx], t, logRatio);
  };
}

// Band-limited wavetables (rule 4): 4096-point tables holding the Fourier series truncated at a
// harmonic count from HARMONICS; a frequency reads the richest table whose top harmonic stays
// below Nyquist. Scaled, as in Web Audio, by 1/peak of the richest table.
export const TABLE_SIZE = 4096;
/** 2047, then ×4/5 (integer floor) down to 1: about three tables per octave. */
export const HARMONICS: readonly number[] = (() => {
  const list = [2047];
  while (list[list.length - 1] > 1) list.push(Math.floor((list[list.length - 1] * 4) / 5));
  return list;
})();

type TableWave = 'square' | 'sawtooth' | 'triangle';
const tableCache: Record<TableWave, (Float64Array | undefined)[]> = { square: [], sawtooth: [], triangle: [] };
const tableScale: Partial<Record<TableWave, number>> = {};
let sineTable: Float64Array | null = null;

function harmonicCoefficient(wave: TableWave, h: number): number {
  if (wave === 'sawtooth') return ((h % 2 === 1 ? 2 : -2) / (Math.PI * h));
  if (h % 2 === 0) return 0;
  if (wave === 'square') return 4 / (Math.PI * h);
  return ((((h - 1) / 2) % 2 === 0 ? 8 : -8) / (Math.PI * Math.PI * h * h));
}

function rawTable(wave: TableWave, harmonics: number): Float64Array {
  if (sineTable === null) {
    sineTable = new Float64Array(TABLE_SIZE);
    for (let j = 0; j < TABLE_SIZE; j++) sineTable[j] = Math.sin((2 * Math.PI * j) / TABLE_SIZE);
  }
  const table = new Float64Array(TABLE_SIZE);
  for (let h = 1; h <= harmonics; h++) {
    const b = harmonicCoefficient(wave, h);
    if (b === 0) continue;
    for (let j = 0; j < TABLE_SIZE; j++) table[j] += b * sineTable[(h * j) & (TABLE_SIZE - 1)];
  }
  return table;
}

/** The table at HARMONICS[index] for a wave, built on first use. */
export function waveTable(wave: TableWave, index: number): Float64Array {
  const cached = tableCache[wave][index];
  if (cached) return cached;
  let scale = tableScale[wave];
  if (scale === undefined) {
    const full = rawTable(wave, HARMONICS[0]);
    let peak = 0;
    for (let j = 0; j < TABLE_SIZE; j++) peak = Math.max(peak, Math.abs(full[j]));
    scale = 1 / peak;
    tableScale[wave] = scale;
  }
  const table = rawTable(wave, HARMONICS[index]);
  for (let j = 0; j < TABLE_SIZE; j++) table[j] *= scale;
  tableCache[wave][index] = table;
  return table;
}

/** Index into HARMONICS for a frequency, or -1 when even the fundamental is at/above Nyquist. */
export function tableIndexFor(frequency: number, rate: number): number {
  if (frequency <= 0) return 0;
  const nyquist = rate / 2;
  let most = Math.floor(nyquist / frequency);
  if (most * frequency >= nyquist) most -= 1;
  if (most < 1) return -1;
  // HARMONICS is decreasing: binary search for the first entry ≤ most.
  let lo = 0;
  let hi = HARMONICS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (HARMONICS[mid] <= most) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function readTable(table: Float64Array, phase: number): number {
  const x = phase * TABLE_SIZE;
  const i = Math.floor(x);
  const frac = x - i;
  const a = table[i & (TABLE_SIZE - 1)];
  const b = table[(i + 1) & (TABLE_SIZE - 1)];
  return a + (b - a) * frac;
}

/** The first frame n with n / rate ≥ seconds. */
export function firstFrameAtOrAfter(seconds: number, rate: number): number {
  let n = Math.ceil(seconds * rate);
  while (n > 0 && (n - 1) / rate >= seconds) n--;
  while (n / rate < seconds) n++;
  return n;
}

/** Seed of the generator behind voice `index` (a noise voice): docs/audio.md. */
export function voiceSeed(seed: number, index: number): number {
  return (seed + Math.imul(index + 1, 0x9e3779b9)) >>> 0;
}

/** Seed of the generator behind the unseeded `reverb` effect. */
export function reverbSeed(seed: number, index: number): number {
  return (seed ^ (0x52455642 + index)) >>> 0;
}

function renderVoice(voice: GizmoSoundVoice, index: number, seed: number, rate: number, frames: number): { data: Float64Array; from: number } {
  const from = firstFrameAtOrAfter(voice.start, rate);
  const end = Math.min(frames, firstFrameAtOrAfter(voice.start + voice.duration, rate));
  // The voice buffer runs to the end of the sound: a filter rings on after the voice stops.
  const data = new Float64Array(Math.max(0, frames - from));
  const gain = envelopeEvaluator(voice.gain, 0);
  const defaultFade = typeof voice.gain === 'number' ? Math.min(SYNTH_LIMITS.defaultFade, voice.duration / 2) : 0;
  const fadeIn = voice.fade ? voice.fade[0] : defaultFade;
  const fadeOut = voice.fade ? voice.fade[1] : defaultFade;
  const count = end - from;
  if (voice.wave === 'noise') {
    const noiseRate = voice.noiseRate ?? rate;
    const length = Math.max(1, framesFor(voice.noiseDuration ?? voice.duration, noiseRate));
    const buffer = new Float32Array(length);
    const rng = new Mulberry32(voiceSeed(seed, index));
    for (let i = 0; i < length; i++) buffer[i] = rng.sample();
    for (let k = 0; k < count; k++) {
      const position = (k * noiseRate) / rate;
      const i = Math.floor(position);
      const frac = position - i;
      const a = buffer[i % length];
      const b = buffer[(i + 1) % length];
      data[k] = a + (b - a) * frac;
    }
  } else {
    const frequency = envelopeEvaluator(voice.frequency, SYNTH_LIMITS.defaultFrequency);
    const wave = voice.wave;
    let phase = 0;
    let lastFrequency = NaN;
    let table: Float64Array | null = null;
    const cache: (Float64Array | undefined)[] = [];
    for (let k = 0; k < count; k++) {
      const t = (from + k) / rate - voice.start;
      const f = frequency(t);
      let value: number;
      if (wave === 'sine') value = Math.sin(2 * Math.PI * phase);
      else {
        if (f !== lastFrequency) {
          const index = tableIndexFor(f, rate);
          table = index < 0 ? null : (cache[index] ??= waveTable(wave, index));
          lastFrequency = f;
        }
        value = table === null ? 0 : readTable(table, phase);
      }
      data[k] = value;
      phase += f / rate;
      if (phase >= 1) phase -= Math.floor(phase);
    }
  }
  for (let k = 0; k < count; k++) {
    const t = (from + k) / rate - voice.start;
    let level = gain(t);
    if (fadeIn > 0 && t < fadeIn) level *= t / fadeIn;
    const left = voice.duration - t;
    if (fadeOut > 0 && left < fadeOut) level *= left / fadeOut;
    data[k] *= level;
  }
  if (voice.filter) biquadInPlace(biquadCoefficients(voice.filter.type, voice.filter.frequency, voice.filter.q, rate), data);
  return { data, from };
}

/** The wet signal of a delay: y[n] = x[n−D] + feedback·y[n−D], read by linear interpolation. */
export function delayWet(x: Float64Array, delayFrames: number, feedback: number): Float64Array {
  const n = x.length;
  const s = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const m = i - delayFrames;
    let v = 0;
    if (m >= 0) {
      const j = Math.floor(m);
      const frac = m - j;
      const a = s[j];
      const b = j + 1 < i ? s[j + 1] : 0;
      v = a + (b - a) * frac;
    }
    if (v < TINY && v > -TINY) v = 0;
    y[i] = v;
    s[i] = x[i] + feedback * v;
  }
  return y;
}

/** Seeded noise-reverb response: u·(1 − k/L)^decay·√(3(2·decay + 1)/L). */
export function noiseReverbResponse(duration: number, decay: number, seed: number, rate: number): Float64Array {
  const length = Math.max(1, framesFor(duration, rate));
  const rng = new Mulberry32(seed);
  const scale = Math.sqrt((3 * (2 * decay + 1)) / length);
  const h = new Float64Array(length);
  for (let k = 0; k < length; k++) {
    const v = rng.sample() * Math.pow(1 - k / length, decay) * scale;
    h[k] = v < TINY && v > -TINY ? 0 : v;
  }
  return h;
}

/** Unseeded reverb response: u·10^(−3k/(decay·rate)) (−60 dB at `decay` s), unit expected energy. */
export function reverbResponse(decay: number, seed: number, rate: number): Float64Array {
  const length = Math.max(1, framesFor(decay, rate));
  const rng = new Mulberry32(seed);
  const r2 = Math.pow(10, -6 / (decay * rate));
  const scale = Math.sqrt((3 * (1 - r2)) / (1 - Math.pow(r2, length)));
  const h = new Float64Array(length);
  for (let k = 0; k < length; k++) {
    const v = rng.sample() * Math.pow(10, (-3 * k) / (decay * rate)) * scale;
    h[k] = v < TINY && v > -TINY ? 0 : v;
  }
  return h;
}

function applyEffect(effect: GizmoSoundEffect, index: number, channels: Float64Array[], seed: number, rate: number): Float64Array[] {
  const frames = channels[0].length;
  if (effect.type === 'lowpass' || effect.type === 'highpass' || effect.type === 'bandpass') {
    const c = biquadCoefficients(effect.type, effect.frequency, effect.q, rate);
    for (const channel of channels) biquadInPlace(c, channel);
    return channels;
  }
  let wet: Float64Array[];
  let parallel = false;
  if (effect.type === 'delay') {
    wet = channels.map((channel) => delayWet(channel, effect.time * rate, effect.feedback));
    parallel = effect.parallel === true;
  } else if (effect.type === 'noise-reverb') {
    wet = convolve(channels, noiseReverbResponse(effect.duration, effect.decay, effect.seed, rate), frames);
    parallel = effect.parallel === true;
  } else {
    const reverb = effect as { decay: number };
    wet = convolve(channels, reverbResponse(reverb.decay, reverbSeed(seed, index), rate), frames);
  }
  const mix = (effect as { mix: number }).mix;
  const dry = parallel ? 1 : 1 - mix;
  for (let c = 0; c < channels.length; c++) {
    const x = channels[c];
    const w = wet[c];
    for (let n = 0; n < frames; n++) x[n] = dry * x[n] + mix * w[n];
  }
  return channels;
}

/** Converts float64 channels to float32 output, replacing any non-finite value by 0. */
export function toSamples(channels: Float64Array[], rate: number): GizmoSoundSamples {
  const samples = channels.map((channel) => {
    const out: Float32Array<ArrayBuffer> = new Float32Array(channel.length);
    for (let n = 0; n < channel.length; n++) {
      const v = channel[n];
      out[n] = Number.isFinite(v) ? v : 0;
    }
    return out;
  });
  return { samples, rate, duration: (channels[0]?.length ?? 0) / rate };
}

/** Throws a TypeError with the validator's message when a recipe is invalid. */
export function requireValid(found: Problem, what: string): void {
  if (found) throw new TypeError(`${what}: ${found.toString()}`);
}

/** Deterministic PCM rendering. Hosts run this in a bounded worker, never on the game frame. */
export function renderGizmoSynth(sound: GizmoSynth): GizmoSoundSamples {
  requireValid(synthProblem(sound, ''), 'renderGizmoSynth');
  const rate = GIZMO_SOUND_RATE;
  const frames = framesFor(sound.duration, rate);
  const seed = sound.seed ?? 0;
  const stereo = sound.voices.some((voice) => voice.pan !== undefined);
  let channels: Float64Array[] = stereo ? [new Float64Array(frames), new Float64Array(frames)] : [new Float64Array(frames)];
  sound.voices.forEach((voice, index) => {
    const { data, from } = renderVoice(voice, index, seed, rate, frames);
    if (!stereo) {
      const out = channels[0];
      for (let k = 0; k < data.length; k++) out[from + k] += data[k];
      return;
    }
    let left = 1;
    let right = 1;
    if (voice.pan !== undefined) {
      const angle = ((voice.pan + 1) * Math.PI) / 4;
      left = Math.cos(angle);
      right = Math.sin(angle);
    }
    const [l, r] = channels;
    for (let k = 0; k < data.length; k++) {
      l[from + k] += data[k] * left;
      r[from + k] += data[k] * right;
    }
  });
  (sound.effects ?? []).forEach((effect, index) => {
    channels = applyEffect(effect, index, channels, seed, rate);
  });
  return toSamples(channels, rate);
}
