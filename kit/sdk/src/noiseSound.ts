/**
 * Noise sounds: correlated one-pole low-pass layers over one seeded white source, slow sine
 * modulation, optional grains, linear end fades. Semantics: docs/audio.md; rules: NOISE_RULES
 * (kit/sdk/LIMITS.md, "Audio recipes"); package audio renders the same samples in Go.
 */
import { joinPath, problemText } from './internal/problem.js';
import { arrayOf, finiteNumber, first, formatNumber, knownKeys, numberIn, oneOf, optional, requiredKeys, tuple, type Problem } from './internal/checks.js';
import { fail, rule } from './internal/rules.js';
import { framesFor, GIZMO_SOUND_RATE, Mulberry32, requireValid, seedProblem, TINY, toSamples, UINT32_MAX, type GizmoSoundSamples } from './synthesis.js';

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
  layers: 64,
  waves: 64,
  /** Expected grain starts: 1 + (min(end, duration) − start) / the mean step between starts. */
  grainStarts: 100000,
  /** Grain work, in grain-seconds: expected starts × the longest grain (at most the sound). */
  grainWork: 1200,
} as const;

const S = 'Audio recipes';
const COST_GRAINS = 'render time at build: every grain draws and filters its own noise; the costliest grains this allows render in about a second of CPU (audio/bench_test.go, BenchmarkWorstCase)';

/** The noise rules: what the docs state, the toolchain's budgets, and the former guesses. */
export const NOISE_RULES = {
  duration: rule({ id: 'noise.duration', class: 'doc', section: S, item: 'Noise `duration`', min: NOISE_LIMITS.duration[0], max: NOISE_LIMITS.duration[1], unit: 's', source: 'GizmoNoiseSound.duration: "Seconds (.1–12)"' }),
  seed: rule({ id: 'noise.seed', class: 'doc', section: S, item: 'Noise `seed`', min: 0, max: UINT32_MAX, integer: true, source: 'GizmoNoiseSound.seed: "Unsigned 32-bit seed gives identical source samples on every platform"' }),
  layerGain: rule({ id: 'noise.layer.gain', class: 'doc', section: S, item: 'Noise layer `gain`', min: 0, max: 1, source: 'GizmoNoiseSound.layers: "Correlated one-pole low-pass layers, cutoffs in Hz and gains from 0 to 1"' }),
  base: rule({ id: 'noise.modulation.base', class: 'doc', section: S, item: 'Noise `modulation.base`', min: 0, max: 1, source: 'GizmoNoiseSound.modulation: "the full sum stays in 0–1" (at t = 0 the sum is the base)' }),
  sum: rule({ id: 'noise.modulation.sum', class: 'doc', section: S, item: 'Noise modulation sum', bound: 'base − Σ|amount| ≥ 0 and base + Σ|amount| ≤ 1 (over waves with a speed other than 0)', was: 'base ± Σ amount, with every amount 0–1', source: 'GizmoNoiseSound.modulation: "Slow sine modulation; speed is radians/second, and the full sum stays in 0–1" (a wave of speed 0 adds sin(0) = 0)' }),
  smoothing: rule({ id: 'noise.grains.smoothing', class: 'doc', section: S, item: 'Grain `smoothing`', min: 0, max: 1, source: 'GizmoNoiseSound.grains.smoothing: "One-pole coefficient (0–1)"' }),
  decay: rule({ id: 'noise.grains.decay', class: 'doc', section: S, item: 'Grain `decay`', min: 0, max: 1, source: 'GizmoNoiseSound.grains: "decay is a fraction of each grain\'s duration"' }),
  layers: rule({ id: 'noise.layers', class: 'cost', section: S, item: 'Noise `layers`', min: 0, max: NOISE_LIMITS.layers, bound: `0–${NOISE_LIMITS.layers} layers`, was: '1–8 layers', source: 'render time: every layer filters every sample' }),
  waves: rule({ id: 'noise.modulation.waves', class: 'cost', section: S, item: 'Noise `modulation.waves`', min: 0, max: NOISE_LIMITS.waves, bound: `0–${NOISE_LIMITS.waves} waves`, was: '0–8 waves', source: 'render time: every wave is a sine per sample' }),
  grainStarts: rule({ id: 'noise.grains.starts', class: 'cost', section: S, item: 'Grain starts', bound: `1 + (min(end, duration) − start) / mean step ≤ ${formatNumber(NOISE_LIMITS.grainStarts)}, a step being max(0, a draw between the interval's two values)`, max: NOISE_LIMITS.grainStarts, was: 'interval 0.01–12 s', source: COST_GRAINS }),
  grainWork: rule({ id: 'noise.grains.work', class: 'cost', section: S, item: 'Grain work', bound: `grain starts × min(the longer duration, the sound from start) ≤ ${formatNumber(NOISE_LIMITS.grainWork)} grain-seconds`, max: NOISE_LIMITS.grainWork, was: 'duration 0.001–0.5 s', source: COST_GRAINS }),
  grainOrder: rule({ id: 'noise.grains.order', class: 'guess', treatment: 'warning', section: S, item: 'Grain `start`, `end`', bound: 'start ≤ end', was: 'errors: start ≤ end, both within the duration', source: 'the docs are silent; grains end before they start, so there are none' }),
  layerFrequency: rule({ id: 'noise.layer.frequency', class: 'guess', treatment: 'warning', section: S, item: 'Noise layer `frequency`', bound: 'at least 0', was: '1–20,000 Hz', source: 'the docs are silent; a negative cutoff makes the one-pole unstable (it blows up)' }),
  ranges: rule({ id: 'noise.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Noise wave `speed` and `amount`, grain `start`/`end`, `interval`, `duration`, `amplitude`, `bias`, `attack`, noise `fade`', bound: 'any finite numbers, pairs in either order', was: 'speed 0–100 rad/s; amount 0–1; start/end within the duration; interval 0.01–12 s; duration 0.001–0.5 s; amplitude 0–1; pairs low ≤ high; bias 0.1–10; attack 0–0.5 s; fade 0 to half the duration', source: 'the docs are silent; grains outside the sound are cut, a draw stays between the pair\'s two values (bias draws clamp to 0–1), a step is at least 0, fades overlap (docs/audio.md)' }),
};

const R = NOISE_RULES;

/** Seed of the grain generator, derived from the sound's seed (docs/audio.md). */
export function grainSeed(seed: number): number {
  return (seed + 0x9e3779b9) >>> 0;
}

type Grains = NonNullable<GizmoNoiseSound['grains']>;

const pair = (value: unknown, path: string): Problem => tuple(value, path, 2, finiteNumber);

/**
 * The mean step between grain starts: a draw between the interval's values, at least 0. Uniform
 * on [lo, hi] clamped at 0: (lo + hi)/2, or hi²/(2(hi − lo)) when lo < 0 < hi, or 0.
 */
export function grainStep(interval: readonly [number, number]): number {
  const lo = Math.min(interval[0], interval[1]);
  const hi = Math.max(interval[0], interval[1]);
  if (hi <= 0) return 0;
  if (lo >= 0) return (lo + hi) / 2;
  return (hi * hi) / (2 * (hi - lo));
}

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
    () => finiteNumber(g.start, at('start')),
    () => finiteNumber(g.end, at('end')),
    () => (g.end < g.start ? fail(R.grainOrder, at('end'), `is before start (${formatNumber(g.start)} s), so there are no grains`, g.end) : null),
    () => pair(g.interval, at('interval')),
    () => pair(g.duration, at('duration')),
    () => pair(g.amplitude, at('amplitude')),
    () => finiteNumber(g.bias, at('bias')),
    () => numberIn(g.smoothing, at('smoothing'), R.smoothing),
    () => finiteNumber(g.attack, at('attack')),
    () => numberIn(g.decay, at('decay'), R.decay),
    () => {
      const span = Math.min(g.end, duration) - g.start;
      if (!(span > 0)) return null;
      const step = grainStep(g.interval);
      if (!(step > 0)) return fail(R.grainStarts, at('interval'), 'never moves on (no step between grain starts is above 0), so the grains would never end', g.interval);
      // The first grain always starts; then one per mean step.
      const starts = 1 + span / step;
      if (starts > NOISE_LIMITS.grainStarts)
        return fail(R.grainStarts, at('interval'), `would start about ${formatNumber(Math.ceil(starts))} grains (${formatNumber(span)} s at a mean step of ${formatNumber(step)} s); at most ${formatNumber(NOISE_LIMITS.grainStarts)}`, g.interval);
      const work = starts * Math.min(Math.max(g.duration[0], g.duration[1], 0), duration - Math.min(g.start, 0));
      if (work > NOISE_LIMITS.grainWork)
        return fail(R.grainWork, at('duration'), `would render about ${formatNumber(Math.ceil(work))} grain-seconds (${formatNumber(Math.ceil(starts))} grains of up to ${formatNumber(Math.max(g.duration[0], g.duration[1]))} s); at most ${formatNumber(NOISE_LIMITS.grainWork)}`, g.duration);
      return null;
    },
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
    () => numberIn(sound.duration, at('duration'), R.duration),
    () => seedProblem(sound.seed, at('seed'), R.seed),
    () =>
      arrayOf(sound.layers, at('layers'), R.layers, (layer, layerPath) =>
        first(
          () => knownKeys(layer, layerPath, ['frequency', 'gain']),
          () => requiredKeys(layer as Record<string, unknown>, layerPath, ['frequency', 'gain']),
          () => {
            const f = (layer as { frequency: number }).frequency;
            const fPath = joinPath(layerPath, 'frequency');
            return finiteNumber(f, fPath) ?? (f < 0 ? fail(R.layerFrequency, fPath, 'is negative, so the layer is unstable (it blows up)', f) : null);
          },
          () => numberIn((layer as { gain: number }).gain, joinPath(layerPath, 'gain'), R.layerGain),
        ),
      ),
    () => modulationProblem(sound.modulation, at('modulation')),
    () => optional(sound.grains, () => grainsProblem(sound.grains, at('grains'), sound.duration)),
    () => finiteNumber(sound.fade, at('fade')),
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
    () => numberIn(m.base, joinPath(path, 'base'), R.base),
    () =>
      arrayOf(m.waves, joinPath(path, 'waves'), R.waves, (wave, wavePath) =>
        first(
          () => knownKeys(wave, wavePath, ['speed', 'amount']),
          () => requiredKeys(wave as Record<string, unknown>, wavePath, ['speed', 'amount']),
          () => finiteNumber((wave as { speed: number }).speed, joinPath(wavePath, 'speed')),
          () => finiteNumber((wave as { amount: number }).amount, joinPath(wavePath, 'amount')),
        ),
      ),
  );
  if (bad) return bad;
  const swing = modulationSwing(m.waves);
  if (m.base - swing < 0 || m.base + swing > 1)
    return fail(R.sum, path, `must stay within 0–1: base ± the sum of wave amounts is ${round6(m.base - swing)}–${round6(m.base + swing)}`, value);
  return null;
}

/** Σ|amount| over the waves that move (speed ≠ 0): how far the sum can swing from the base. */
export function modulationSwing(waves: GizmoNoiseSound['modulation']['waves']): number {
  let swing = 0;
  for (let i = 0; i < waves.length; i++) if (waves[i].speed !== 0) swing += Math.abs(waves[i].amount);
  return swing;
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
  if (sound.grains) addGrains(out, sound.grains, sound.seed, rate, sound.duration);
  for (let n = 0; n < frames; n++) out[n] *= edgeFade(n, frames, sound.fade, rate);
  return toSamples([out], rate);
}

function addGrains(out: Float64Array, g: Grains, seed: number, rate: number, soundDuration: number): void {
  const rng = new Mulberry32(grainSeed(seed));
  const frames = out.length;
  // Grains starting at or after the sound's end add nothing: stop there.
  const stop = Math.min(g.end, soundDuration);
  let t = g.start;
  while (t < stop) {
    const du = rng.uniform();
    const da = rng.uniform();
    const di = rng.uniform();
    // A draw u^bias stays in 0–1 (a negative bias would leave it): the grain stays between its pair.
    const duration = g.duration[0] + (g.duration[1] - g.duration[0]) * Math.min(1, Math.pow(du, g.bias));
    const amplitude = g.amplitude[0] + (g.amplitude[1] - g.amplitude[0]) * Math.min(1, Math.pow(da, g.bias));
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
      // Frames before the sound (a grain starting before 0) are cut.
      if (from + k >= 0) out[from + k] += env * y;
    }
    // A step is at least 0: time never runs back.
    t += Math.max(0, g.interval[0] + (g.interval[1] - g.interval[0]) * di);
  }
}
