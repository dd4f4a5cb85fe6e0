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
import { joinPath, problemText } from './internal/problem.js';
import { arrayOf, booleanValue, fieldPath, fieldSet, finiteNumber, first, formatNumber, integerIn, knownKeys, oneOf, optional, requiredKeys, tuple, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES, type Rule } from './internal/rules.js';

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
// Rules (kit/sdk/LIMITS.md, "Audio recipes"; docs/sdk.md, "Decisions per module"). The docs state
// the seeds (unsigned 32-bit) and the rate; the types give every field's shape. Every other range
// was a guess and is gone: the renderers read any finite value (docs/audio.md says how: pan and
// frequency clamp as Web Audio's AudioParams do, times are clipped to the sound, and so on). What
// remains of the old bounds protects this toolchain's render time and memory (cost), generously.

export const SYNTH_LIMITS = {
  /** Longest sound (seconds): the samples a render allocates. */
  duration: 60,
  voices: 128,
  effects: 64,
  /**
   * Render work, in voice-seconds: duration × (voices + other effects) + reverbRate × (duration +
   * min(response, duration)) per reverb or noise-reverb. A voice renders from its start to the
   * end of the sound (a filter rings on), a delay or filter costs less than a voice; a reverb is
   * an FFT convolution as long as the sound plus its (cut) response, measured at up to 25 voices
   * per second of that span. audio/bench_test.go renders the costliest recipes this allows.
   */
  work: 2400,
  reverbRate: 25,
  /** Oscillator frequencies clamp to ±Nyquist, as Web Audio's OscillatorNode.frequency does. */
  frequency: 24000,
  defaultFrequency: 440,
  /** Default fade (seconds, each end) for a voice whose gain is a constant number. */
  defaultFade: 0.005,
  /** A noise voice's buffer rate clamps to 0–48,000 Hz (above, it would only skip white noise). */
  noiseRate: 48000,
  // The sequence bus (sequence.ts) still reads these for its own delay and reverb; the synth's
  // effects no longer do (its delay and noise-reverb take any finite values).
  delayTime: [0.001, 2],
  feedback: [0, 0.95],
  noiseReverbDuration: [0.01, 4],
  noiseReverbDecay: [0, 20],
} as const;

export const UINT32_MAX = 4294967295;

const S = 'Audio recipes';
const SEED_SOURCE = 'GizmoNoiseSound.seed: "Unsigned 32-bit seed gives identical source samples on every platform"; audio-semantics.md rule 11: "Seeds are integers 0..2^32−1"';
const COST_WORK = 'render time at build: scape renders every declared sound once (audio.DefaultBudget); the costliest recipes this allows render in 2–3.1 s of CPU on the loaded 2-core development machine (audio/bench_test.go, BenchmarkWorstCase; docs/audio.md, "Render budget")';

/** The synthesis rules: what the docs state, the toolchain's budgets, and the former guesses. */
export const SYNTH_RULES = {
  seed: rule({ id: 'synth.seed', class: 'doc', section: S, item: 'Synth `seed`, noise-reverb `seed`', min: 0, max: UINT32_MAX, integer: true, source: SEED_SOURCE }),
  duration: rule({ id: 'synth.duration', class: 'cost', section: S, item: 'Synth `duration`', bound: `at most ${SYNTH_LIMITS.duration} s`, max: SYNTH_LIMITS.duration, unit: 's', was: '0.01–12 s', source: `render memory: ${SYNTH_LIMITS.duration} s is ${formatNumber(SYNTH_LIMITS.duration * GIZMO_SOUND_RATE)} frames per channel, four times a 15 s tune` }),
  voices: rule({ id: 'synth.voices', class: 'cost', section: S, item: 'Synth `voices`', min: 0, max: SYNTH_LIMITS.voices, bound: `0–${SYNTH_LIMITS.voices} voices`, was: '1–32 voices', source: 'render time: every voice is an oscillator and a filter over the rest of the sound' }),
  effects: rule({ id: 'synth.effects', class: 'cost', section: S, item: 'Synth `effects`', min: 0, max: SYNTH_LIMITS.effects, bound: `0–${SYNTH_LIMITS.effects} effects`, was: '0–8 effects', source: 'render time: every effect runs over the whole sound' }),
  work: rule({ id: 'synth.work', class: 'cost', section: S, item: 'Synth render work', bound: `duration × (voices + other effects) + ${SYNTH_LIMITS.reverbRate} × (duration + min(response, duration)) per reverb or noise-reverb ≤ ${formatNumber(SYNTH_LIMITS.work)} voice-seconds (a response is a noise-reverb's \`duration\`, a reverb's \`decay\`)`, max: SYNTH_LIMITS.work, was: 'at most 32 voices, 8 effects, 2 reverbs, 12 s', source: COST_WORK }),
  durationPositive: rule({ id: 'synth.duration.positive', class: 'guess', treatment: 'warning', section: S, item: 'Synth `duration`', bound: 'greater than 0', was: 'at least 0.01 s', source: 'the docs are silent; a sound of no length has no samples, so it is silent' }),
  voicesEmpty: rule({ id: 'synth.voices.empty', class: 'guess', treatment: 'warning', section: S, item: 'Synth `voices`', bound: 'at least one voice', was: 'an error (1–32 voices)', source: 'the docs are silent; a synth without voices is silent' }),
  audible: rule({ id: 'synth.voice.audible', class: 'guess', treatment: 'warning', section: S, item: 'Voice `start` and `duration`', bound: 'the voice sounds within the sound: duration > 0, start < the sound\'s duration, start + duration > 0', was: 'errors: start 0–12 s and before the end of the sound, duration 0.001–12 s', source: 'the docs are silent; a voice outside the sound is never heard. Frames before 0 and after the end are cut (docs/audio.md)' }),
  ignored: rule({ id: 'synth.voice.ignored', class: 'guess', treatment: 'warning', section: S, item: 'Voice `frequency` on a noise voice; `noiseDuration`, `noiseRate` on an oscillator', bound: 'only where they apply', was: 'refused', source: 'the docs are silent; the field is ignored (a noise voice has no pitch; an oscillator has no noise buffer), so it is likely a mistake' }),
  noiseBuffer: rule({ id: 'synth.voice.noiseBuffer', class: 'guess', treatment: 'warning', section: S, item: 'Voice `noiseDuration`, `noiseRate`', bound: 'greater than 0', was: '0.001–12 s / 100–48,000 Hz', source: 'the docs are silent; a buffer of no length or rate holds one sample: a constant, not noise' }),
  envelopeEmpty: rule({ id: 'synth.envelope.empty', class: 'guess', treatment: 'warning', section: S, item: 'Envelope point lists', bound: 'at least one point', was: '1–32 points', source: 'the docs are silent; an empty list holds the default (440 Hz, or a gain of 0: silent)' }),
  envelopeOrder: rule({ id: 'synth.envelope.order', class: 'guess', treatment: 'warning', section: S, item: 'Envelope point times', bound: 'non-decreasing', was: 'an error', source: 'the docs are silent; points are read in list order, so an earlier time after a later one makes the envelope jump' }),
  bandpassQ: rule({ id: 'synth.filter.bandpassQ', class: 'guess', treatment: 'warning', section: S, item: 'Bandpass `q`', bound: 'greater than 0', was: '0.1–100', source: 'the docs are silent; a bandpass q of 0 or less has no stable filter (the output blows up or is silent)' }),
  feedback: rule({ id: 'synth.delay.feedback', class: 'guess', treatment: 'warning', section: S, item: 'Delay `feedback`', bound: '−1 to 1', was: '0–0.95', source: 'the docs are silent; with |feedback| above 1 each echo is louder than the last' }),
  noiseReverbDecay: rule({ id: 'synth.noiseReverb.decay', class: 'guess', treatment: 'warning', section: S, item: 'Noise-reverb `decay`', bound: 'at least 0', was: '0–20', source: 'the docs are silent; a negative decay exponent makes the response grow instead of dying away' }),
  reverbDecay: rule({ id: 'synth.reverb.decay', class: 'guess', treatment: 'warning', section: S, item: 'Reverb `decay`', bound: 'greater than 0', was: '0.1–4 s', source: 'the docs are silent; a decay of 0 or less is a single impulse, no reverb' }),
  times: rule({ id: 'synth.times', class: 'guess', treatment: 'dropped', section: S, item: 'Synth times: envelope point `time`, `fade`, delay `time`, noise-reverb `duration`', bound: 'any finite numbers', was: 'point times 0–12 s; fade 0–12 s each and in + out ≤ duration; delay 0.001–2 s; noise-reverb 0.01–4 s', source: 'the docs are silent; the renderers clip to the sound (a delay is at least one sample, audio-semantics rule 9; tails past the end are cut; a negative fade is none)' }),
  levels: rule({ id: 'synth.levels', class: 'guess', treatment: 'dropped', section: S, item: 'Synth levels: `gain`, `pan`, effect `mix`', bound: 'any finite numbers', was: 'gain 0–1; pan −1–1; mix 0–1', source: 'the docs are silent; a gain above 1 is louder (PCM16 encoding clamps), pan clamps to −1–1 as Web Audio\'s StereoPannerNode does' }),
  frequencies: rule({ id: 'synth.frequencies', class: 'guess', treatment: 'dropped', section: S, item: 'Synth frequencies: voice `frequency`, filter `frequency` and `q`, noise-reverb `decay`', bound: 'any finite numbers', was: 'frequency 0–24,000 Hz; filter 10–20,000 Hz, q −24–24 dB (lowpass, highpass); noise-reverb decay 0–20', source: 'the docs are silent; frequencies clamp to ±24,000 Hz and filter frequencies to 0–24,000 Hz, as Web Audio\'s AudioParams do' }),
  points: rule({ id: 'synth.envelope.points', class: 'guess', treatment: 'dropped', section: S, item: 'Envelope point count', bound: 'any number', was: '1–32 points', source: 'the docs are silent; the renderers walk the points once, so their number costs nothing' }),
};

const R = SYNTH_RULES;
const T = TYPE_RULES;

const VOICE_KEYS = fieldSet(['wave', 'start', 'duration', 'frequency', 'gain', 'pan', 'fade', 'noiseDuration', 'noiseRate', 'filter']);
const FILTER_KEYS = ['type', 'frequency', 'q'] as const;
const POINT_KEYS = fieldSet(['time', 'value', 'curve']);
const WAVES = ['sine', 'triangle', 'square', 'sawtooth', 'noise'];
const CURVES = ['linear', 'exponential', 'step'];

/** A seed (integer 0..2^32−1) under rule `r` (the synth's by default). */
export function seedProblem(value: unknown, path: string, r: Rule = R.seed): Problem {
  return integerIn(value, path, r);
}

function envelopeProblem(value: unknown, path: string, what: 'frequency' | 'gain'): Problem {
  if (typeof value === 'number') return finiteNumber(value, path);
  if (!Array.isArray(value)) return fail(T.number, path, `must be a number (${what === 'frequency' ? 'Hz' : 'level'}) or a list of envelope points`, value);
  if (value.length === 0) fail(R.envelopeEmpty, path, what === 'frequency' ? 'has no points, so it holds the default 440 Hz' : 'has no points, so the voice is silent', value);
  let previous = -Infinity;
  for (let i = 0; i < value.length; i++) {
    const point = value[i] as GizmoSoundPoint;
    const at = joinPath(path, i);
    const found =
      knownKeys(point, at, POINT_KEYS) ??
      requiredKeys(point as unknown as Record<string, unknown>, at, ['time', 'value']) ??
      finiteNumber(point.time, fieldPath(at, 'time')) ??
      finiteNumber(point.value, fieldPath(at, 'value')) ??
      (point.curve === undefined ? null : oneOf(point.curve, fieldPath(at, 'curve'), CURVES));
    if (found) return found;
    if (point.time < previous) fail(R.envelopeOrder, fieldPath(at, 'time'), `is earlier than the previous point (${formatNumber(previous)} s); points are read in list order, so the envelope jumps`, point.time);
    previous = point.time;
  }
  return null;
}

export function filterProblem(value: unknown, path: string, keys: readonly string[] = FILTER_KEYS): Problem {
  const found = first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(value as Record<string, unknown>, path, ['type', 'frequency', 'q']),
    () => oneOf((value as GizmoSoundFilter).type, joinPath(path, 'type'), ['lowpass', 'highpass', 'bandpass']),
    () => finiteNumber((value as GizmoSoundFilter).frequency, joinPath(path, 'frequency')),
    () => finiteNumber((value as GizmoSoundFilter).q, joinPath(path, 'q')),
  );
  if (found) return found;
  const filter = value as GizmoSoundFilter;
  if (filter.type === 'bandpass' && filter.q <= 0) fail(R.bandpassQ, joinPath(path, 'q'), 'is 0 or less: a bandpass filter needs a positive q (the output would blow up or be silent)', filter.q);
  return null;
}

function ignored(value: unknown, path: string, why: string): Problem {
  return value === undefined ? null : fail(R.ignored, path, why, value);
}

function voiceProblem(value: unknown, path: string, soundDuration: number): Problem {
  const found = knownKeys(value, path, VOICE_KEYS) ?? requiredKeys(value as Record<string, unknown>, path, ['wave', 'start', 'duration', 'gain']);
  if (found) return found;
  const voice = value as GizmoSoundVoice;
  const noise = voice.wave === 'noise';
  return first(
    () => oneOf(voice.wave, joinPath(path, 'wave'), WAVES),
    () => finiteNumber(voice.start, joinPath(path, 'start')),
    () => finiteNumber(voice.duration, joinPath(path, 'duration')),
    () => {
      if (voice.duration <= 0) return fail(R.audible, joinPath(path, 'duration'), 'is not positive, so the voice never sounds', voice.duration);
      // A sound of no length is warned about once, not once per voice.
      if (!(soundDuration > 0)) return null;
      if (voice.start >= soundDuration) return fail(R.audible, joinPath(path, 'start'), `is at or after the end of the sound (${formatNumber(soundDuration)} s), so the voice is never heard`, voice.start);
      if (voice.start + voice.duration <= 0) return fail(R.audible, joinPath(path, 'start'), 'makes the voice end before the sound starts, so it is never heard', voice.start);
      return null;
    },
    () =>
      optional(voice.frequency, () => {
        const at = joinPath(path, 'frequency');
        return envelopeProblem(voice.frequency, at, 'frequency') ?? (noise ? ignored(voice.frequency, at, 'is ignored: a noise voice has no pitch (shape it with noiseRate, noiseDuration or a filter)') : null);
      }),
    () => envelopeProblem(voice.gain, joinPath(path, 'gain'), 'gain'),
    () => optional(voice.pan, () => finiteNumber(voice.pan, joinPath(path, 'pan'))),
    () => optional(voice.fade, () => tuple(voice.fade, joinPath(path, 'fade'), 2, finiteNumber)),
    () => noiseField(voice.noiseDuration, joinPath(path, 'noiseDuration'), noise),
    () => noiseField(voice.noiseRate, joinPath(path, 'noiseRate'), noise),
    () => optional(voice.filter, () => filterProblem(voice.filter, joinPath(path, 'filter'))),
  );
}

function noiseField(value: unknown, path: string, noise: boolean): Problem {
  if (value === undefined) return null;
  const found = finiteNumber(value, path);
  if (found) return found;
  if (!noise) return ignored(value, path, 'is ignored: only noise voices have a noise buffer');
  if ((value as number) <= 0) return fail(R.noiseBuffer, path, 'is not positive, so the noise buffer holds one sample (a constant, not noise)', value);
  return null;
}

const EFFECT_KEYS = fieldSet(['type', 'frequency', 'q', 'time', 'feedback', 'mix', 'parallel', 'duration', 'decay', 'seed']);
const EFFECT_TYPES = ['lowpass', 'highpass', 'bandpass', 'delay', 'noise-reverb', 'reverb'];

function effectProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, EFFECT_KEYS),
    () => requiredKeys(value as Record<string, unknown>, path, ['type']),
    () => oneOf((value as { type: unknown }).type, joinPath(path, 'type'), EFFECT_TYPES),
  );
  if (found) return found;
  const effect = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  switch (effect.type) {
    case 'delay':
      return first(
        () => knownKeys(effect, path, ['type', 'time', 'feedback', 'mix', 'parallel']),
        () => requiredKeys(effect, path, ['time', 'feedback', 'mix']),
        () => finiteNumber(effect.time, at('time')),
        () => finiteNumber(effect.feedback, at('feedback')),
        () => (Math.abs(effect.feedback as number) > 1 ? fail(R.feedback, at('feedback'), 'is above 1 in size, so each echo is louder than the last', effect.feedback) : null),
        () => finiteNumber(effect.mix, at('mix')),
        () => optional(effect.parallel, () => booleanValue(effect.parallel, at('parallel'))),
      );
    case 'noise-reverb':
      return first(
        () => knownKeys(effect, path, ['type', 'duration', 'decay', 'seed', 'mix', 'parallel']),
        () => requiredKeys(effect, path, ['duration', 'decay', 'seed', 'mix']),
        () => finiteNumber(effect.duration, at('duration')),
        () => finiteNumber(effect.decay, at('decay')),
        () => ((effect.decay as number) < 0 ? fail(R.noiseReverbDecay, at('decay'), 'is negative, so the response grows instead of dying away', effect.decay) : null),
        () => seedProblem(effect.seed, at('seed')),
        () => finiteNumber(effect.mix, at('mix')),
        () => optional(effect.parallel, () => booleanValue(effect.parallel, at('parallel'))),
      );
    case 'reverb':
      return first(
        () => knownKeys(effect, path, ['type', 'decay', 'mix']),
        () => requiredKeys(effect, path, ['decay', 'mix']),
        () => finiteNumber(effect.decay, at('decay')),
        () => ((effect.decay as number) <= 0 ? fail(R.reverbDecay, at('decay'), 'is not positive, so the reverb is a single impulse', effect.decay) : null),
        () => finiteNumber(effect.mix, at('mix')),
      );
    default:
      return filterProblem(effect, path);
  }
}

/**
 * The render work of a synth in voice-seconds (SYNTH_LIMITS.work), with its parts; the Go mirror
 * (audio.Synth.Work) computes the same, in the same order.
 */
export function synthWork(sound: GizmoSynth): { work: number; units: number; reverbs: number; span: number } {
  const effects = sound.effects ?? [];
  const d = sound.duration;
  let units = sound.voices.length;
  let reverbs = 0;
  let span = 0;
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i];
    if (e.type === 'reverb' || e.type === 'noise-reverb') {
      reverbs++;
      span += d + Math.max(0, Math.min(e.type === 'reverb' ? e.decay : e.duration, d));
    } else units++;
  }
  return { work: d * units + SYNTH_LIMITS.reverbRate * span, units, reverbs, span };
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
    () => durationProblem(synth.duration, joinPath(path, 'duration'), R.duration, R.durationPositive),
    () => optional(synth.seed, () => seedProblem(synth.seed, joinPath(path, 'seed'))),
    () => {
      const at = joinPath(path, 'voices');
      const bad = arrayOf(synth.voices, at, R.voices, (voice, voicePath) => voiceProblem(voice, voicePath, synth.duration));
      if (bad) return bad;
      return synth.voices.length === 0 ? fail(R.voicesEmpty, at, 'has no voices, so the sound is silent', synth.voices) : null;
    },
    () => optional(synth.effects, () => arrayOf(synth.effects, joinPath(path, 'effects'), R.effects, effectProblem)),
    () => {
      const { work, units, reverbs, span } = synthWork(synth);
      if (work <= SYNTH_LIMITS.work) return null;
      return fail(
        R.work,
        path,
        `would take ${formatNumber(Math.ceil(work))} voice-seconds to render (${formatNumber(synth.duration)} s × ${units} voices and effects + ${SYNTH_LIMITS.reverbRate} × ${formatNumber(Math.round(span * 1000) / 1000)} s of ${reverbs} reverbs); at most ${formatNumber(SYNTH_LIMITS.work)}`,
        work,
      );
    },
  );
}

/**
 * A sound's duration: a number, at most `cost.max` seconds (the toolchain's budget), and
 * positive (else a warning: no samples). Shared by synth and partials.
 */
export function durationProblem(value: unknown, path: string, cost: Rule, positive: Rule): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  const d = value as number;
  if (d > (cost.max as number)) return fail(cost, path, `must be at most ${formatNumber(cost.max as number)} s`, value);
  if (d <= 0) return fail(positive, path, 'is not positive, so the sound has no samples', value);
  return null;
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
  // No points is no automation: the parameter keeps its default (docs/audio.md).
  if (envelope === undefined || (typeof envelope !== 'number' && envelope.length === 0)) return () => fallback;
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

/**
 * Index into HARMONICS for a frequency, or -1 when even the fundamental is at/above Nyquist. A
 * negative frequency runs the wave backwards and reads the table of its magnitude.
 */
export function tableIndexFor(frequency: number, rate: number): number {
  if (frequency < 0) frequency = -frequency;
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

/**
 * The frames [from, end) a voice sounds in a sound of `duration` s and `frames` frames, or null
 * when it sounds in none. Frames before 0 and from the sound's end on are cut, so
 * firstFrameAtOrAfter only ever sees times inside the sound.
 */
export function voiceSpan(start: number, length: number, duration: number, frames: number, rate: number): { from: number; end: number } | null {
  if (!(length > 0) || start >= duration || start + length <= 0) return null;
  const from = start <= 0 ? 0 : firstFrameAtOrAfter(start, rate);
  const stop = start + length;
  const end = stop >= duration ? frames : Math.min(frames, firstFrameAtOrAfter(stop, rate));
  if (from >= frames || end <= from) return null;
  return { from, end };
}

/** The length of a noise voice's buffer: only the samples a voice of `count` frames reads. */
export function noiseBufferLength(noiseDuration: number, noiseRate: number, count: number, rate: number): number {
  const full = Math.max(1, framesFor(noiseDuration, noiseRate));
  // Positions k·noiseRate/rate for k < count read samples up to floor(last) + 1: a longer buffer
  // never wraps, so cutting it there changes nothing.
  const read = Math.floor(((count - 1) * noiseRate) / rate) + 2;
  return Math.max(1, Math.min(full, read));
}

function renderVoice(voice: GizmoSoundVoice, index: number, seed: number, rate: number, frames: number, from: number, end: number): Float64Array {
  // The voice buffer runs to the end of the sound: a filter rings on after the voice stops.
  const data = new Float64Array(Math.max(0, frames - from));
  const gain = envelopeEvaluator(voice.gain, 0);
  const defaultFade = typeof voice.gain === 'number' ? Math.min(SYNTH_LIMITS.defaultFade, voice.duration / 2) : 0;
  const fadeIn = voice.fade ? voice.fade[0] : defaultFade;
  const fadeOut = voice.fade ? voice.fade[1] : defaultFade;
  const count = end - from;
  if (voice.wave === 'noise') {
    const noiseRate = Math.min(Math.max(voice.noiseRate ?? rate, 0), SYNTH_LIMITS.noiseRate);
    const length = noiseBufferLength(voice.noiseDuration ?? voice.duration, noiseRate, count, rate);
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
    const nyquist = rate / 2;
    let phase = 0;
    let lastFrequency = NaN;
    let table: Float64Array | null = null;
    const cache: (Float64Array | undefined)[] = [];
    for (let k = 0; k < count; k++) {
      const t = (from + k) / rate - voice.start;
      // Clamped to ±Nyquist, as Web Audio clamps OscillatorNode.frequency to its nominal range.
      let f = frequency(t);
      if (f > nyquist) f = nyquist;
      else if (f < -nyquist) f = -nyquist;
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
      if (phase >= 1 || phase < 0) phase -= Math.floor(phase);
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
  return data;
}

/**
 * The wet signal of a delay: y[n] = x[n−D] + feedback·y[n−D], read by linear interpolation. D is
 * at least one sample (audio-semantics rule 9): a shorter delay time is read as one sample.
 */
export function delayWet(x: Float64Array, delayFrames: number, feedback: number): Float64Array {
  if (!(delayFrames >= 1)) delayFrames = 1;
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

/**
 * Seeded noise-reverb response: u·(1 − k/L)^decay·√(3(2·decay + 1)/L), its first `limit` samples
 * only (a sound of `limit` frames never hears the rest: the convolution is cut at its end).
 */
export function noiseReverbResponse(duration: number, decay: number, seed: number, rate: number, limit = Infinity): Float64Array {
  const length = Math.max(1, framesFor(duration, rate));
  const rng = new Mulberry32(seed);
  const scale = Math.sqrt((3 * (2 * decay + 1)) / length);
  const h = new Float64Array(Math.max(1, Math.min(length, limit)));
  for (let k = 0; k < h.length; k++) {
    const v = rng.sample() * Math.pow(1 - k / length, decay) * scale;
    h[k] = v < TINY && v > -TINY ? 0 : v;
  }
  return h;
}

/**
 * Unseeded reverb response: u·10^(−3k/(decay·rate)) (−60 dB at `decay` s), unit expected energy;
 * its first `limit` samples only. A decay of 0 or less is the limit as decay → 0: one impulse
 * u·√3.
 */
export function reverbResponse(decay: number, seed: number, rate: number, limit = Infinity): Float64Array {
  const rng = new Mulberry32(seed);
  if (!(decay > 0)) {
    const impulse = new Float64Array(1);
    impulse[0] = rng.sample() * Math.sqrt(3);
    return impulse;
  }
  const length = Math.max(1, framesFor(decay, rate));
  const r2 = Math.pow(10, -6 / (decay * rate));
  // (1 − r²)/(1 − r^(2L)); for a decay so long that r² rounds to 1, its limit 1/L.
  const scale = Math.sqrt(r2 < 1 ? (3 * (1 - r2)) / (1 - Math.pow(r2, length)) : 3 / length);
  const h = new Float64Array(Math.max(1, Math.min(length, limit)));
  for (let k = 0; k < h.length; k++) {
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
    wet = convolve(channels, noiseReverbResponse(effect.duration, effect.decay, effect.seed, rate, frames), frames);
    parallel = effect.parallel === true;
  } else {
    const reverb = effect as { decay: number };
    wet = convolve(channels, reverbResponse(reverb.decay, reverbSeed(seed, index), rate, frames), frames);
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

/** The largest float32. */
const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * Converts float64 channels to float32 output (rule 12: no NaN or infinity): a non-finite value is
 * written as 0, one beyond the float32 range as ±FLOAT32_MAX (PCM16 encoding clamps it to ±1).
 */
export function toSamples(channels: Float64Array[], rate: number): GizmoSoundSamples {
  const samples = channels.map((channel) => {
    const out: Float32Array<ArrayBuffer> = new Float32Array(channel.length);
    for (let n = 0; n < channel.length; n++) {
      const v = channel[n];
      out[n] = !Number.isFinite(v) ? 0 : v > FLOAT32_MAX ? FLOAT32_MAX : v < -FLOAT32_MAX ? -FLOAT32_MAX : v;
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
  const frames = Math.max(0, framesFor(sound.duration, rate));
  const seed = sound.seed ?? 0;
  const stereo = sound.voices.some((voice) => voice.pan !== undefined);
  let channels: Float64Array[] = stereo ? [new Float64Array(frames), new Float64Array(frames)] : [new Float64Array(frames)];
  sound.voices.forEach((voice, index) => {
    const span = voiceSpan(voice.start, voice.duration, sound.duration, frames, rate);
    if (span === null) return;
    const from = span.from;
    const data = renderVoice(voice, index, seed, rate, frames, from, span.end);
    if (!stereo) {
      const out = channels[0];
      for (let k = 0; k < data.length; k++) out[from + k] += data[k];
      return;
    }
    let left = 1;
    let right = 1;
    if (voice.pan !== undefined) {
      // Clamped to −1–1, as Web Audio clamps StereoPannerNode.pan to its nominal range.
      const pan = Math.min(Math.max(voice.pan, -1), 1);
      const angle = ((pan + 1) * Math.PI) / 4;
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
