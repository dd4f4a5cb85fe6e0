/**
 * Partial synthesis: additive sine partials per layer with exponential decay and vibrato, ordered
 * signal stages, a multiplicative amplitude envelope, optional oversampling, parallel echoes and
 * a final edge fade. Semantics and bounds: docs/audio.md and kit/sdk/LIMITS.md ("Audio"); package
 * audio renders the same samples in Go.
 */
import { joinPath, problem, problemText } from './internal/problem.js';
import { arrayOf, first, knownKeys, numberIn, oneOf, optional, requiredKeys, type Problem } from './internal/checks.js';
import { biquadCoefficients, biquadInPlace, framesFor, GIZMO_SOUND_RATE, Mulberry32, requireValid, seedProblem, TINY, toSamples, type GizmoSoundSamples } from './synthesis.js';

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
  duration: [0.01, 12],
  layers: 8,
  partialsPerLayer: 32,
  partialsTotal: 64,
  layerFrequency: [1, 20000],
  ratio: [0.01, 32],
  decay: [0, 200],
  vibratoDepth: [0, 0.5],
  vibratoRate: [0, 50],
  stages: 8,
  poleFrequency: [1, 20000],
  drive: [0.01, 100],
  releaseTime: [0.001, 12],
  echoes: 8,
  echoTime: [0.001, 2],
  /** Default tail fade (seconds) when a recipe gives none. */
  defaultTailFade: 0.005,
  rate: [8000, 192000],
} as const;

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
        () => numberIn(stage.frequency, at('frequency'), PARTIALS_LIMITS.poleFrequency[0], PARTIALS_LIMITS.poleFrequency[1], 'Hz'),
        () => optional(stage.subtract, () => numberIn(stage.subtract, at('subtract'), 0, 1)),
      );
    case 'noise':
      return first(
        () => knownKeys(stage, path, ['kind', 'seed', 'gain', 'decay']),
        () => requiredKeys(stage, path, ['seed', 'gain', 'decay']),
        () => seedProblem(stage.seed, at('seed')),
        () => numberIn(stage.gain, at('gain'), 0, 1),
        () => numberIn(stage.decay, at('decay'), PARTIALS_LIMITS.decay[0], PARTIALS_LIMITS.decay[1], '/s'),
      );
    default:
      return first(
        () => knownKeys(stage, path, ['kind', 'drive']),
        () => requiredKeys(stage, path, ['drive']),
        () => numberIn(stage.drive, at('drive'), PARTIALS_LIMITS.drive[0], PARTIALS_LIMITS.drive[1]),
      );
  }
}

function stagesProblem(value: unknown, path: string): Problem {
  return arrayOf(value, path, 0, PARTIALS_LIMITS.stages, stageProblem);
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
    () => numberIn(layer.frequency, at('frequency'), PARTIALS_LIMITS.layerFrequency[0], PARTIALS_LIMITS.layerFrequency[1], 'Hz'),
    () =>
      arrayOf(layer.partials, at('partials'), 1, PARTIALS_LIMITS.partialsPerLayer, (partial, partialPath) =>
        first(
          () => knownKeys(partial, partialPath, ['ratio', 'gain', 'decay']),
          () => requiredKeys(partial as Record<string, unknown>, partialPath, ['ratio', 'gain', 'decay']),
          () => numberIn((partial as { ratio: number }).ratio, joinPath(partialPath, 'ratio'), PARTIALS_LIMITS.ratio[0], PARTIALS_LIMITS.ratio[1]),
          () => numberIn((partial as { gain: number }).gain, joinPath(partialPath, 'gain'), 0, 1),
          () => numberIn((partial as { decay: number }).decay, joinPath(partialPath, 'decay'), PARTIALS_LIMITS.decay[0], PARTIALS_LIMITS.decay[1], '/s'),
        ),
      ),
    () =>
      optional(layer.vibrato, () =>
        first(
          () => knownKeys(layer.vibrato, at('vibrato'), ['depth', 'rate']),
          () => requiredKeys(layer.vibrato as Record<string, unknown>, at('vibrato'), ['depth', 'rate']),
          () => numberIn(layer.vibrato!.depth, joinPath(at('vibrato'), 'depth'), PARTIALS_LIMITS.vibratoDepth[0], PARTIALS_LIMITS.vibratoDepth[1]),
          () => numberIn(layer.vibrato!.rate, joinPath(at('vibrato'), 'rate'), PARTIALS_LIMITS.vibratoRate[0], PARTIALS_LIMITS.vibratoRate[1], 'Hz'),
        ),
      ),
    () => optional(layer.stages, () => stagesProblem(layer.stages, at('stages'))),
    () => numberIn(layer.gain, at('gain'), 0, 1),
  );
}

function amplitudeProblem(value: unknown, path: string, duration: number): Problem {
  const found = first(
    () => knownKeys(value, path, ['gain', 'attack', 'attackCurve', 'decay', 'release', 'fadeOut']),
    () => requiredKeys(value as Record<string, unknown>, path, ['gain', 'attack', 'fadeOut']),
  );
  if (found) return found;
  const a = value as GizmoAmplitude;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => numberIn(a.gain, at('gain'), 0, 1),
    () => numberIn(a.attack, at('attack'), 0, duration, 's (at most the duration)'),
    () => optional(a.attackCurve, () => oneOf(a.attackCurve, at('attackCurve'), ['linear', 'sine-squared'])),
    () => optional(a.decay, () => numberIn(a.decay, at('decay'), PARTIALS_LIMITS.decay[0], PARTIALS_LIMITS.decay[1], '/s')),
    () =>
      optional(a.release, () =>
        first(
          () => knownKeys(a.release, at('release'), ['at', 'time']),
          () => requiredKeys(a.release as Record<string, unknown>, at('release'), ['at', 'time']),
          () => numberIn(a.release!.at, joinPath(at('release'), 'at'), 0, duration, 's (within the duration)'),
          () => numberIn(a.release!.time, joinPath(at('release'), 'time'), PARTIALS_LIMITS.releaseTime[0], PARTIALS_LIMITS.releaseTime[1], 's'),
        ),
      ),
    () => numberIn(a.fadeOut, at('fadeOut'), 0, duration, 's (at most the duration)'),
  );
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
    () => numberIn(sound.duration, at('duration'), PARTIALS_LIMITS.duration[0], PARTIALS_LIMITS.duration[1], 's'),
    () => optional(sound.oversample, () => oneOf(sound.oversample, at('oversample'), [1, 2, 4])),
    () => arrayOf(sound.layers, at('layers'), 1, PARTIALS_LIMITS.layers, layerProblem),
    () => {
      let total = 0;
      for (const layer of sound.layers) total += layer.partials.length;
      return total > PARTIALS_LIMITS.partialsTotal ? problem(at('layers'), `must have at most ${PARTIALS_LIMITS.partialsTotal} partials in all`, total) : null;
    },
    () => optional(sound.stages, () => stagesProblem(sound.stages, at('stages'))),
    () => amplitudeProblem(sound.amplitude, at('amplitude'), sound.duration),
    () =>
      optional(sound.echoes, () =>
        arrayOf(sound.echoes, at('echoes'), 0, PARTIALS_LIMITS.echoes, (echo, echoPath) =>
          first(
            () => knownKeys(echo, echoPath, ['time', 'gain']),
            () => requiredKeys(echo as Record<string, unknown>, echoPath, ['time', 'gain']),
            () => numberIn((echo as { time: number }).time, joinPath(echoPath, 'time'), PARTIALS_LIMITS.echoTime[0], PARTIALS_LIMITS.echoTime[1], 's'),
            () => numberIn((echo as { gain: number }).gain, joinPath(echoPath, 'gain'), 0, 1),
          ),
        ),
      ),
    () => optional(sound.tailFade, () => numberIn(sound.tailFade, at('tailFade'), 0, sound.duration, 's (at most the duration)')),
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
      if (env < TINY) env = 0;
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
  if (a.release !== undefined && t >= a.release.at) v *= Math.max(0, 1 - (t - a.release.at) / a.release.time);
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
  const frames = framesFor(sound.duration, rate);
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
        if (f < nyquist) {
          const x = phase * SINE_SIZE;
          const i = Math.floor(x);
          const a = sine[i];
          layerBuffer[n] += amp * (a + (sine[i + 1] - a) * (x - i));
        }
        amp *= r;
        if (amp < TINY) amp = 0;
        phase += f / inner;
        if (phase >= 1) phase -= Math.floor(phase);
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
      const d = framesFor(echo.time, rate);
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
