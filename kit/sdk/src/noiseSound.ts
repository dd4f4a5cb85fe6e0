/**
 * Noise sounds: correlated one-pole low-pass layers over one seeded white source, slow sine
 * modulation, optional grains, linear end fades. Semantics and bounds: docs/audio.md and
 * kit/sdk/LIMITS.md ("Audio"); package audio renders the same samples in Go.
 */
import { joinPath, problem, problemText } from './internal/problem.js';
import { arrayOf, first, knownKeys, numberIn, orderedPair, oneOf, optional, requiredKeys, type Problem } from './internal/checks.js';
import { framesFor, GIZMO_SOUND_RATE, Mulberry32, requireValid, seedProblem, TINY, toSamples, type GizmoSoundSamples } from './synthesis.js';

/** Layered, filtered noise with optional sparse grains. All timbre belongs to the author. */
export interface GizmoNoiseSound {
  kind: 'noise';
  /** Seconds (.1–12). Rendered once at 48 kHz, then cached by the host. */
  duration: number;
  /** Unsigned 32-bit seed gives identical source samples on every platform. */
  seed: number;
  /** Correlated one-pole low-pass layers, cutoffs in Hz and gains from 0 to 1. */
  layers: {
    frequency: number;
    gain: number;
  }[];
  /** Slow sine modulation; speed is radians/second, and the full sum stays in 0–1. */
  modulation: {
    base: number;
    waves: {
      speed: number;
      amount: number;
    }[];
  };
  /** Short, independently filtered noise bursts over the continuous layers. */
  grains?: {
    start: number;
    end: number;
    /** Minimum/maximum seconds between burst starts. */
    interval: [number, number];
    duration: [number, number];
    amplitude: [number, number];
    /** Exponent applied to random duration/amplitude draws; 1 is uniform. */
    bias: number;
    /** One-pole coefficient (0–1), separate from the continuous layer cutoffs. */
    smoothing: number;
    /** Attack in seconds; decay is a fraction of each grain's duration. */
    attack: number;
    decay: number;
  };
  /** Linear fade at both ends, in seconds. */
  fade: number;
}

export const NOISE_LIMITS = {
  duration: [0.1, 12],
  layers: 8,
  layerFrequency: [1, 20000],
  waves: 8,
  speed: [0, 100],
  grainInterval: [0.01, 12],
  grainDuration: [0.001, 0.5],
  bias: [0.1, 10],
  attack: [0, 0.5],
} as const;

/** Seed of the grain generator, derived from the sound's seed (docs/audio.md). */
export function grainSeed(seed: number): number {
  return (seed + 0x9e3779b9) >>> 0;
}

type Grains = NonNullable<GizmoNoiseSound['grains']>;

function grainsProblem(value: unknown, path: string, duration: number): Problem {
  const keys = ['start', 'end', 'interval', 'duration', 'amplitude', 'bias', 'smoothing', 'attack', 'decay'];
  const found = first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(value as Record<string, unknown>, path, keys),
  );
  if (found) return found;
  const g = value as Grains;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => numberIn(g.start, at('start'), 0, duration, 's'),
    () => numberIn(g.end, at('end'), 0, duration, 's'),
    () => (g.end < g.start ? problem(at('end'), `must not be before start (${g.start} s)`, g.end) : null),
    () => orderedPair(g.interval, at('interval'), NOISE_LIMITS.grainInterval[0], NOISE_LIMITS.grainInterval[1], 's'),
    () => orderedPair(g.duration, at('duration'), NOISE_LIMITS.grainDuration[0], NOISE_LIMITS.grainDuration[1], 's'),
    () => orderedPair(g.amplitude, at('amplitude'), 0, 1),
    () => numberIn(g.bias, at('bias'), NOISE_LIMITS.bias[0], NOISE_LIMITS.bias[1]),
    () => numberIn(g.smoothing, at('smoothing'), 0, 1),
    () => numberIn(g.attack, at('attack'), NOISE_LIMITS.attack[0], NOISE_LIMITS.attack[1], 's'),
    () => numberIn(g.decay, at('decay'), 0, 1),
  );
}

/** The internal twin of gizmoNoiseSoundError. */
export function noiseSoundProblem(value: unknown, path: string): Problem {
  const keys = ['kind', 'duration', 'seed', 'layers', 'modulation', 'grains', 'fade'];
  const found = first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(value as Record<string, unknown>, path, ['kind', 'duration', 'seed', 'layers', 'modulation', 'fade']),
  );
  if (found) return found;
  const sound = value as GizmoNoiseSound;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => oneOf(sound.kind, at('kind'), ['noise']),
    () => numberIn(sound.duration, at('duration'), NOISE_LIMITS.duration[0], NOISE_LIMITS.duration[1], 's'),
    () => seedProblem(sound.seed, at('seed')),
    () =>
      arrayOf(sound.layers, at('layers'), 1, NOISE_LIMITS.layers, (layer, layerPath) =>
        first(
          () => knownKeys(layer, layerPath, ['frequency', 'gain']),
          () => requiredKeys(layer as Record<string, unknown>, layerPath, ['frequency', 'gain']),
          () => numberIn((layer as { frequency: number }).frequency, joinPath(layerPath, 'frequency'), NOISE_LIMITS.layerFrequency[0], NOISE_LIMITS.layerFrequency[1], 'Hz'),
          () => numberIn((layer as { gain: number }).gain, joinPath(layerPath, 'gain'), 0, 1),
        ),
      ),
    () => modulationProblem(sound.modulation, at('modulation')),
    () => optional(sound.grains, () => grainsProblem(sound.grains, at('grains'), sound.duration)),
    () => numberIn(sound.fade, at('fade'), 0, sound.duration / 2, 's (at most half the duration)'),
  );
}

function modulationProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['base', 'waves']),
    () => requiredKeys(value as Record<string, unknown>, path, ['base', 'waves']),
  );
  if (found) return found;
  const m = value as GizmoNoiseSound['modulation'];
  const bad = first(
    () => numberIn(m.base, joinPath(path, 'base'), 0, 1),
    () =>
      arrayOf(m.waves, joinPath(path, 'waves'), 0, NOISE_LIMITS.waves, (wave, wavePath) =>
        first(
          () => knownKeys(wave, wavePath, ['speed', 'amount']),
          () => requiredKeys(wave as Record<string, unknown>, wavePath, ['speed', 'amount']),
          () => numberIn((wave as { speed: number }).speed, joinPath(wavePath, 'speed'), NOISE_LIMITS.speed[0], NOISE_LIMITS.speed[1], 'rad/s'),
          () => numberIn((wave as { amount: number }).amount, joinPath(wavePath, 'amount'), 0, 1),
        ),
      ),
  );
  if (bad) return bad;
  let swing = 0;
  for (const wave of m.waves) swing += wave.amount;
  if (m.base - swing < 0 || m.base + swing > 1)
    return problem(path, `must stay within 0–1: base ± the sum of wave amounts is ${round6(m.base - swing)}–${round6(m.base + swing)}`, value);
  return null;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function gizmoNoiseSoundError(value: unknown, path?: string): string | null {
  return problemText(noiseSoundProblem(value, path ?? ''));
}

/** Linear end-fade factor at frame n of `frames` (docs/audio.md). */
export function edgeFade(n: number, frames: number, fade: number, rate: number): number {
  if (fade <= 0) return 1;
  const t = n / rate;
  const left = frames / rate - t;
  let factor = 1;
  if (t < fade) factor *= t / fade;
  if (left < fade) factor *= left / fade;
  return factor;
}

export function renderGizmoNoise(sound: GizmoNoiseSound): GizmoSoundSamples {
  requireValid(noiseSoundProblem(sound, ''), 'renderGizmoNoise');
  const rate = GIZMO_SOUND_RATE;
  const frames = framesFor(sound.duration, rate);
  const out = new Float64Array(frames);
  const source = new Mulberry32(sound.seed);
  const coefficients = sound.layers.map((layer) => 1 - Math.exp((-2 * Math.PI * layer.frequency) / rate));
  const gains = sound.layers.map((layer) => layer.gain);
  const states = new Float64Array(sound.layers.length);
  const waves = sound.modulation.waves;
  const base = sound.modulation.base;
  for (let n = 0; n < frames; n++) {
    const x = source.sample();
    let sum = 0;
    for (let i = 0; i < states.length; i++) {
      states[i] += coefficients[i] * (x - states[i]);
      if (states[i] < TINY && states[i] > -TINY) states[i] = 0;
      sum += gains[i] * states[i];
    }
    const t = n / rate;
    let m = base;
    for (let w = 0; w < waves.length; w++) m += waves[w].amount * Math.sin(waves[w].speed * t);
    out[n] = m * sum;
  }
  if (sound.grains) addGrains(out, sound.grains, sound.seed, rate);
  for (let n = 0; n < frames; n++) out[n] *= edgeFade(n, frames, sound.fade, rate);
  return toSamples([out], rate);
}

function addGrains(out: Float64Array, g: Grains, seed: number, rate: number): void {
  const rng = new Mulberry32(grainSeed(seed));
  const frames = out.length;
  let t = g.start;
  while (t < g.end) {
    const du = rng.uniform();
    const da = rng.uniform();
    const di = rng.uniform();
    const duration = g.duration[0] + (g.duration[1] - g.duration[0]) * Math.pow(du, g.bias);
    const amplitude = g.amplitude[0] + (g.amplitude[1] - g.amplitude[0]) * Math.pow(da, g.bias);
    const from = framesFor(t, rate);
    const length = Math.max(1, framesFor(duration, rate));
    const decay = g.decay * duration;
    let y = 0;
    for (let k = 0; k < length && from + k < frames; k++) {
      const x = rng.sample();
      y = g.smoothing * y + (1 - g.smoothing) * x;
      if (y < TINY && y > -TINY) y = 0;
      const tau = k / rate;
      let env = amplitude;
      if (g.attack > 0 && tau < g.attack) env *= tau / g.attack;
      const left = duration - tau;
      if (decay > 0 && left < decay) env *= Math.max(0, left) / decay;
      out[from + k] += env * y;
    }
    t += g.interval[0] + (g.interval[1] - g.interval[0]) * di;
  }
}
