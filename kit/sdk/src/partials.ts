/**
 * Partial synthesis: additive sine partials per layer with exponential decay and vibrato, ordered
 * signal stages, a multiplicative amplitude envelope, optional oversampling, parallel echoes and
 * a final edge fade. Semantics: docs/audio.md; rules: PARTIALS_RULES (kit/sdk/LIMITS.md, "Audio
 * recipes"); package audio renders the same samples in Go.
 */
import { joinPath, problemText } from './internal/problem.js';
import { arrayOf, finiteNumber, first, formatNumber, knownKeys, oneOf, optional, requiredKeys, type Problem } from './internal/checks.js';
import { fail, rule } from './internal/rules.js';
import { biquadCoefficients, biquadInPlace, durationProblem, framesFor, GIZMO_SOUND_RATE, Mulberry32, requireValid, seedProblem, TINY, toSamples, UINT32_MAX, type GizmoSoundSamples } from './synthesis.js';

/** Multiplicative amplitude factors, in seconds and inverse seconds. */
export interface GizmoAmplitude {
  gain: number;
  attack: number;
  attackCurve?: 'linear' | 'sine-squared';
  decay?: number;
  release?: {
    at: number;
    time: number;
  };
  fadeOut: number;
}
/** A bounded, ordered signal chain. Filters and nonlinear stages are reusable sound primitives. */
export type GizmoSignalStage =
  | {
      kind: 'pole';
      frequency: number;
      subtract?: number;
    }
  | {
      kind: 'noise';
      seed: number;
      gain: number;
      decay: number;
    }
  | {
      kind: 'soft-clip' | 'hard-clip';
      drive: number;
    };
export interface GizmoPartialLayer {
  frequency: number;
  partials: {
    ratio: number;
    gain: number;
    decay: number;
  }[];
  /** Fractional frequency deviation and cycles per second. */
  vibrato?: {
    depth: number;
    rate: number;
  };
  stages?: GizmoSignalStage[];
  gain: number;
}
/** Additive oscillators, optional oversampling and ordered signal processing; no instrument presets. */
export interface GizmoPartialsSound {
  kind: 'partials';
  duration: number;
  oversample?: 1 | 2 | 4;
  layers: GizmoPartialLayer[];
  stages?: GizmoSignalStage[];
  amplitude: GizmoAmplitude;
  /** Parallel dry-signal echoes, followed by a final edge fade. */
  echoes?: {
    time: number;
    gain: number;
  }[];
  tailFade?: number;
}

export const PARTIALS_LIMITS = {
  duration: 60,
  layers: 64,
  /** Partials in all layers together. */
  partials: 256,
  /** Stages per list (each layer's, and the global one). */
  stages: 32,
  echoes: 64,
  /**
   * Render work, in oscillator-seconds: oversample × duration × (partials + layers + stages), each
   * a loop over every internal sample. audio/bench_test.go renders the costliest recipe this
   * allows: docs/audio.md.
   */
  work: 6000,
  /** Default tail fade (seconds) when a recipe gives none. */
  defaultTailFade: 0.005,
  rate: [8000, 192000],
} as const;

const S = 'Audio recipes';
const COST = 'render time at build: scape renders every declared sound once (audio.DefaultBudget); the costliest recipes this allows render in 2.1–3.2 s of CPU on the loaded 2-core development machine (audio/bench_test.go, BenchmarkWorstCase; docs/audio.md, "Render budget")';

/** The partials rules: what the docs state, the toolchain's budgets, and the former guesses. */
export const PARTIALS_RULES = {
  seed: rule({ id: 'partials.seed', class: 'doc', section: S, item: 'Noise stage `seed`', min: 0, max: UINT32_MAX, integer: true, source: 'GizmoNoiseSound.seed: "Unsigned 32-bit seed gives identical source samples on every platform"; audio-semantics.md rule 11: "Seeds are integers 0..2^32−1"' }),
  duration: rule({ id: 'partials.duration', class: 'cost', section: S, item: 'Partials `duration`', bound: `at most ${PARTIALS_LIMITS.duration} s`, max: PARTIALS_LIMITS.duration, unit: 's', was: '0.01–12 s', source: `render memory: ${PARTIALS_LIMITS.duration} s at 4× oversampling is ${formatNumber(PARTIALS_LIMITS.duration * 4 * 48000)} internal samples` }),
  layers: rule({ id: 'partials.layers', class: 'cost', section: S, item: 'Partials `layers`', min: 0, max: PARTIALS_LIMITS.layers, bound: `0–${PARTIALS_LIMITS.layers} layers`, was: '1–8 layers', source: 'render time: every layer is a buffer, a vibrato and its stages' }),
  partials: rule({ id: 'partials.partials', class: 'cost', section: S, item: 'Partials in all layers', bound: `at most ${PARTIALS_LIMITS.partials}`, max: PARTIALS_LIMITS.partials, was: '1–32 per layer, 64 in all', source: 'render time: every partial is an oscillator over every internal sample' }),
  stages: rule({ id: 'partials.stages', class: 'cost', section: S, item: 'Signal `stages` (per layer, and global)', min: 0, max: PARTIALS_LIMITS.stages, bound: `0–${PARTIALS_LIMITS.stages} stages`, was: '0–8 stages', source: 'render time: every stage runs over every internal sample' }),
  echoes: rule({ id: 'partials.echoes', class: 'cost', section: S, item: 'Partials `echoes`', min: 0, max: PARTIALS_LIMITS.echoes, bound: `0–${PARTIALS_LIMITS.echoes} echoes`, was: '0–8 echoes', source: 'render time: every echo adds the whole dry output' }),
  work: rule({ id: 'partials.work', class: 'cost', section: S, item: 'Partials render work', bound: `oversample × duration × (partials + layers + stages) ≤ ${formatNumber(PARTIALS_LIMITS.work)} oscillator-seconds`, max: PARTIALS_LIMITS.work, was: '64 partials × 4× × 12 s', source: COST }),
  durationPositive: rule({ id: 'partials.duration.positive', class: 'guess', treatment: 'warning', section: S, item: 'Partials `duration`', bound: 'greater than 0', was: 'at least 0.01 s', source: 'the docs are silent; a sound of no length has no samples, so it is silent' }),
  decay: rule({ id: 'partials.decay.negative', class: 'guess', treatment: 'warning', section: S, item: 'Partial, noise stage and amplitude `decay`', bound: 'at least 0', was: '0–200 /s', source: 'the docs are silent; a negative decay grows louder instead of dying away (an amplitude decay below 0 is ignored)' }),
  pole: rule({ id: 'partials.pole.frequency', class: 'guess', treatment: 'warning', section: S, item: 'Pole stage `frequency`', bound: 'at least 0', was: '1–20,000 Hz', source: 'the docs are silent; a negative cutoff makes the one-pole unstable (it blows up)' }),
  ranges: rule({ id: 'partials.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Partials frequencies, ratios, gains, vibrato, subtract, drive, amplitude times, echo times and gains, tailFade', bound: 'any finite numbers', was: 'layer frequency 1–20,000 Hz; ratio 0.01–32; gains 0–1; vibrato depth 0–0.5, rate 0–50 Hz; subtract 0–1; drive 0.01–100; attack, release.at, fadeOut, tailFade within the duration; release.time 0.001–12 s; echo time 0.001–2 s', source: 'the docs are silent; a partial is silent where its frequency is ±Nyquist or beyond, a release of 0 s cuts at once, an echo is at least 0 s late and is cut at the end (docs/audio.md)' }),
};

const R = PARTIALS_RULES;
const num = finiteNumber;

function decayProblem(value: unknown, path: string, ignored = false): Problem {
  const found = num(value, path);
  if (found) return found;
  if ((value as number) < 0) return fail(R.decay, path, ignored ? 'is negative, so it is ignored (no decay)' : 'is negative, so the level grows instead of dying away', value);
  return null;
}

function stageProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['kind', 'frequency', 'subtract', 'seed', 'gain', 'decay', 'drive']),
    () => requiredKeys(value as Record<string, unknown>, path, ['kind']),
    () => oneOf((value as { kind: unknown }).kind, joinPath(path, 'kind'), ['pole', 'noise', 'soft-clip', 'hard-clip']),
  );
  if (found) return found;
  const stage = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  switch (stage.kind) {
    case 'pole':
      return first(
        () => knownKeys(stage, path, ['kind', 'frequency', 'subtract']),
        () => requiredKeys(stage, path, ['frequency']),
        () => num(stage.frequency, at('frequency')) ?? ((stage.frequency as number) < 0 ? fail(R.pole, at('frequency'), 'is negative, so the pole is unstable (it blows up)', stage.frequency) : null),
        () => optional(stage.subtract, () => num(stage.subtract, at('subtract'))),
      );
    case 'noise':
      return first(
        () => knownKeys(stage, path, ['kind', 'seed', 'gain', 'decay']),
        () => requiredKeys(stage, path, ['seed', 'gain', 'decay']),
        () => seedProblem(stage.seed, at('seed'), R.seed),
        () => num(stage.gain, at('gain')),
        () => decayProblem(stage.decay, at('decay')),
      );
    default:
      return first(
        () => knownKeys(stage, path, ['kind', 'drive']),
        () => requiredKeys(stage, path, ['drive']),
        () => num(stage.drive, at('drive')),
      );
  }
}

function stagesProblem(value: unknown, path: string): Problem {
  return arrayOf(value, path, R.stages, stageProblem);
}

function layerProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['frequency', 'partials', 'vibrato', 'stages', 'gain']),
    () => requiredKeys(value as Record<string, unknown>, path, ['frequency', 'partials', 'gain']),
  );
  if (found) return found;
  const layer = value as GizmoPartialLayer;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => num(layer.frequency, at('frequency')),
    () =>
      arrayOf(layer.partials, at('partials'), null, (partial, partialPath) =>
        first(
          () => knownKeys(partial, partialPath, ['ratio', 'gain', 'decay']),
          () => requiredKeys(partial as Record<string, unknown>, partialPath, ['ratio', 'gain', 'decay']),
          () => num((partial as { ratio: number }).ratio, joinPath(partialPath, 'ratio')),
          () => num((partial as { gain: number }).gain, joinPath(partialPath, 'gain')),
          () => decayProblem((partial as { decay: number }).decay, joinPath(partialPath, 'decay')),
        ),
      ),
    () =>
      optional(layer.vibrato, () =>
        first(
          () => knownKeys(layer.vibrato, at('vibrato'), ['depth', 'rate']),
          () => requiredKeys(layer.vibrato as Record<string, unknown>, at('vibrato'), ['depth', 'rate']),
          () => num(layer.vibrato!.depth, joinPath(at('vibrato'), 'depth')),
          () => num(layer.vibrato!.rate, joinPath(at('vibrato'), 'rate')),
        ),
      ),
    () => optional(layer.stages, () => stagesProblem(layer.stages, at('stages'))),
    () => num(layer.gain, at('gain')),
  );
}

function amplitudeProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['gain', 'attack', 'attackCurve', 'decay', 'release', 'fadeOut']),
    () => requiredKeys(value as Record<string, unknown>, path, ['gain', 'attack', 'fadeOut']),
  );
  if (found) return found;
  const a = value as GizmoAmplitude;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => num(a.gain, at('gain')),
    () => num(a.attack, at('attack')),
    () => optional(a.attackCurve, () => oneOf(a.attackCurve, at('attackCurve'), ['linear', 'sine-squared'])),
    () => optional(a.decay, () => decayProblem(a.decay, at('decay'), true)),
    () =>
      optional(a.release, () =>
        first(
          () => knownKeys(a.release, at('release'), ['at', 'time']),
          () => requiredKeys(a.release as Record<string, unknown>, at('release'), ['at', 'time']),
          () => num(a.release!.at, joinPath(at('release'), 'at')),
          () => num(a.release!.time, joinPath(at('release'), 'time')),
        ),
      ),
    () => num(a.fadeOut, at('fadeOut')),
  );
}

/** Partials, layers and stages of a (shape-checked) partials sound: the units of PARTIALS_LIMITS.work. */
export function partialsUnits(sound: GizmoPartialsSound): { partials: number; stages: number; units: number } {
  let partials = 0;
  let stages = (sound.stages ?? []).length;
  for (let i = 0; i < sound.layers.length; i++) {
    partials += sound.layers[i].partials.length;
    stages += (sound.layers[i].stages ?? []).length;
  }
  return { partials, stages, units: partials + sound.layers.length + stages };
}

/** The internal twin of gizmoPartialsError. */
export function partialsProblem(value: unknown, path: string): Problem {
  const found = first(
    () => knownKeys(value, path, ['kind', 'duration', 'oversample', 'layers', 'stages', 'amplitude', 'echoes', 'tailFade']),
    () => requiredKeys(value as Record<string, unknown>, path, ['kind', 'duration', 'layers', 'amplitude']),
  );
  if (found) return found;
  const sound = value as GizmoPartialsSound;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => oneOf(sound.kind, at('kind'), ['partials']),
    () => durationProblem(sound.duration, at('duration'), R.duration, R.durationPositive),
    () => optional(sound.oversample, () => oneOf(sound.oversample, at('oversample'), [1, 2, 4])),
    () => arrayOf(sound.layers, at('layers'), R.layers, layerProblem),
    () => optional(sound.stages, () => stagesProblem(sound.stages, at('stages'))),
    () => amplitudeProblem(sound.amplitude, at('amplitude')),
    () =>
      optional(sound.echoes, () =>
        arrayOf(sound.echoes, at('echoes'), R.echoes, (echo, echoPath) =>
          first(
            () => knownKeys(echo, echoPath, ['time', 'gain']),
            () => requiredKeys(echo as Record<string, unknown>, echoPath, ['time', 'gain']),
            () => num((echo as { time: number }).time, joinPath(echoPath, 'time')),
            () => num((echo as { gain: number }).gain, joinPath(echoPath, 'gain')),
          ),
        ),
      ),
    () => optional(sound.tailFade, () => num(sound.tailFade, at('tailFade'))),
    () => {
      const { partials, stages, units } = partialsUnits(sound);
      if (partials > PARTIALS_LIMITS.partials) return fail(R.partials, at('layers'), `must have at most ${PARTIALS_LIMITS.partials} partials in all`, partials);
      const os = sound.oversample ?? 1;
      const work = os * sound.duration * units;
      if (work > PARTIALS_LIMITS.work)
        return fail(
          R.work,
          path,
          `would take ${formatNumber(Math.ceil(work))} oscillator-seconds to render (${os}× oversampling × ${formatNumber(sound.duration)} s × (${partials} partials + ${sound.layers.length} layers + ${stages} stages)); at most ${formatNumber(PARTIALS_LIMITS.work)}`,
          work,
        );
      return null;
    },
  );
}

export function gizmoPartialsError(value: unknown, path?: string): string | null {
  return problemText(partialsProblem(value, path ?? ''));
}

/** Applies one signal stage in place at `rate` (the internal, possibly oversampled, rate). */
export function applyStage(stage: GizmoSignalStage, data: Float64Array, rate: number): void {
  if (stage.kind === 'pole') {
    const a = 1 - Math.exp((-2 * Math.PI * stage.frequency) / rate);
    let lp = 0;
    const subtract = stage.subtract;
    for (let n = 0; n < data.length; n++) {
      const x = data[n];
      lp += a * (x - lp);
      if (lp < TINY && lp > -TINY) lp = 0;
      data[n] = subtract === undefined ? lp : x - subtract * lp;
    }
  } else if (stage.kind === 'noise') {
    const rng = new Mulberry32(stage.seed);
    const r = Math.exp(-stage.decay / rate);
    let env = stage.gain;
    for (let n = 0; n < data.length; n++) {
      data[n] += env * rng.sample();
      env *= r;
      if (env < TINY && env > -TINY) env = 0;
    }
  } else if (stage.kind === 'soft-clip') {
    for (let n = 0; n < data.length; n++) data[n] = Math.tanh(stage.drive * data[n]);
  } else {
    for (let n = 0; n < data.length; n++) {
      const v = stage.drive * data[n];
      data[n] = v > 1 ? 1 : v < -1 ? -1 : v;
    }
  }
}

/** The amplitude factor at t seconds (docs/audio.md, "Partials"). */
export function amplitudeAt(a: GizmoAmplitude, t: number, duration: number): number {
  let v = a.gain;
  if (a.attack > 0 && t < a.attack) {
    const x = t / a.attack;
    if (a.attackCurve === 'sine-squared') {
      const s = Math.sin((Math.PI / 2) * x);
      v *= s * s;
    } else v *= x;
  }
  if (a.decay !== undefined && a.decay > 0) v *= Math.exp(-a.decay * t);
  // A release of 0 s or less cuts at once.
  if (a.release !== undefined && t >= a.release.at) v *= a.release.time > 0 ? Math.max(0, 1 - (t - a.release.at) / a.release.time) : 0;
  if (a.fadeOut > 0) {
    const left = duration - t;
    if (left < a.fadeOut) v *= Math.max(0, left) / a.fadeOut;
  }
  return v;
}

/** Butterworth sections (linear Q, 1/(2·cos((2k−1)π/16))) of the 8th-order decimation low-pass. */
export const DECIMATION_Q = [0.5097955791041592, 0.6013448869350453, 0.8999762231364156, 2.5629154477415055];

/**
 * Partials read sine from a 16384-point table with linear interpolation (error below 2e-8, about
 * −155 dB): the same in Go and TypeScript, and several times cheaper than Math.sin per partial
 * per sample, which is what keeps 64 partials × 4× oversampling × 12 s inside the budget.
 */
export const SINE_SIZE = 16384;
let sineLookup: Float64Array | null = null;
export function partialSineTable(): Float64Array {
  if (sineLookup === null) {
    sineLookup = new Float64Array(SINE_SIZE + 1);
    for (let j = 0; j <= SINE_SIZE; j++) sineLookup[j] = Math.sin((2 * Math.PI * j) / SINE_SIZE);
  }
  return sineLookup;
}

/** Deterministic PCM only. Hosts render this in a worker, with their normal time/cache budgets. */
export function renderGizmoPartials(sound: GizmoPartialsSound, rate: number = GIZMO_SOUND_RATE): GizmoSoundSamples {
  requireValid(partialsProblem(sound, ''), 'renderGizmoPartials');
  if (!Number.isInteger(rate) || rate < PARTIALS_LIMITS.rate[0] || rate > PARTIALS_LIMITS.rate[1])
    throw new RangeError(`renderGizmoPartials: rate must be an integer 8,000–192,000 Hz (got ${rate})`);
  const os = sound.oversample ?? 1;
  const frames = Math.max(0, framesFor(sound.duration, rate));
  const inner = rate * os;
  const innerFrames = frames * os;
  const nyquist = inner / 2;
  const mix = new Float64Array(innerFrames);
  const layerBuffer = new Float64Array(innerFrames);
  const vibrato = new Float64Array(innerFrames);
  const sine = partialSineTable();
  for (const layer of sound.layers) {
    layerBuffer.fill(0);
    const depth = layer.vibrato ? layer.vibrato.depth : 0;
    const vibratoRate = layer.vibrato ? layer.vibrato.rate : 0;
    for (let n = 0; n < innerFrames; n++) vibrato[n] = depth > 0 ? 1 + depth * Math.sin(2 * Math.PI * vibratoRate * (n / inner)) : 1;
    for (const partial of layer.partials) {
      const base = layer.frequency * partial.ratio;
      const r = Math.exp(-partial.decay / inner);
      let amp = partial.gain;
      let phase = 0;
      for (let n = 0; n < innerFrames; n++) {
        const f = base * vibrato[n];
        // Silent at or beyond ±Nyquist; a negative frequency runs the sine backwards.
        if (f < nyquist && f > -nyquist) {
          const x = phase * SINE_SIZE;
          const i = Math.floor(x);
          const a = sine[i];
          layerBuffer[n] += amp * (a + (sine[i + 1] - a) * (x - i));
        }
        amp *= r;
        if (amp < TINY && amp > -TINY) amp = 0;
        phase += f / inner;
        if (phase >= 1 || phase < 0) phase -= Math.floor(phase);
      }
    }
    for (let n = 0; n < innerFrames; n++) layerBuffer[n] *= layer.gain;
    for (const stage of layer.stages ?? []) applyStage(stage, layerBuffer, inner);
    for (let n = 0; n < innerFrames; n++) mix[n] += layerBuffer[n];
  }
  for (let n = 0; n < innerFrames; n++) mix[n] *= amplitudeAt(sound.amplitude, n / inner, sound.duration);
  for (const stage of sound.stages ?? []) applyStage(stage, mix, inner);
  let out: Float64Array;
  if (os === 1) out = mix;
  else {
    const cutoff = 0.45 * rate;
    for (const q of DECIMATION_Q) biquadInPlace(biquadCoefficients('lowpass', cutoff, q, inner, true), mix);
    out = new Float64Array(frames);
    for (let n = 0; n < frames; n++) out[n] = mix[n * os];
  }
  const echoes = sound.echoes ?? [];
  if (echoes.length > 0) {
    const dry = out.slice();
    for (const echo of echoes) {
      // At least 0 frames late; one at or past the end is not heard.
      const d = Math.max(0, framesFor(echo.time, rate));
      for (let n = d; n < frames; n++) out[n] += echo.gain * dry[n - d];
    }
  }
  const tail = sound.tailFade ?? PARTIALS_LIMITS.defaultTailFade;
  if (tail > 0) {
    const total = frames / rate;
    for (let n = 0; n < frames; n++) {
      const left = total - n / rate;
      if (left < tail) out[n] *= left / tail;
    }
  }
  return toSamples([out], rate);
}
