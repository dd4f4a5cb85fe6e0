/**
 * Sequences: `sequence(context)` chooses timed procedural strikes for sequence-mode ambience, all
 * feeding one persistent, listener-local bus. Bounds (LIMITS.md, "Effects") cap how often the host
 * calls back into author code and how much it renders per step.
 */
import { synthProblem, seedProblem, SYNTH_LIMITS, type GizmoSynth } from './synthesis.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import { arrayOf, first, integerIn, knownKeys, numberIn, optional, requiredKeys, type Problem } from './internal/checks.js';

/** A shared, listener-local bus. All strikes feed these persistent effects. */
export interface GizmoAudioBus {
  gain: number;
  delay?: {
    time: number;
    feedback: number;
    wet: number;
    modulation?: {
      frequency: number;
      depth: number;
    };
  };
  reverb?: {
    duration: number;
    decay: number;
    seed: number;
    wet: number;
  };
  compressor?: {
    threshold: number;
    knee: number;
    ratio: number;
    attack: number;
    release: number;
  };
}
export interface GizmoSequenceContext {
  /** Monotonic opportunity counter, including steps that produce no sound. */
  step: number;
  /** Nearest-first source order; positions in world cells, with host-derived attenuation and pan. */
  sources: readonly {
    x: number;
    y: number;
    gain: number;
    pan: number;
  }[];
}
export interface GizmoSequenceStep {
  afterSeconds: number;
  strikes: {
    source: number;
    delaySeconds: number;
    sound: GizmoSynth;
  }[];
}
export type GizmoSequence = (context: GizmoSequenceContext) => GizmoSequenceStep;

/** Bounds of bus and sequence-step fields (LIMITS.md, "Effects"). */
export const SEQUENCE_LIMITS = {
  /** Delay and reverb share the synthesis effect bounds, so a bus is never costlier than a sound. */
  delayTime: SYNTH_LIMITS.delayTime,
  feedback: SYNTH_LIMITS.feedback,
  modulationFrequency: [0, 20],
  /** Peak delay-time deviation, seconds. */
  modulationDepth: [0, 0.05],
  reverbDuration: SYNTH_LIMITS.noiseReverbDuration,
  reverbDecay: SYNTH_LIMITS.noiseReverbDecay,
  /** Web Audio DynamicsCompressor ranges. */
  threshold: [-100, 0],
  knee: [0, 40],
  ratio: [1, 20],
  attack: [0, 1],
  release: [0, 1],
  /** At most 20 author calls a second, at least one every ten minutes. */
  afterSeconds: [0.05, 600],
  strikes: [0, 8],
  delaySeconds: [0, 10],
  /** The ambience maxSources bound: a context never lists more. */
  sources: 16,
} as const;

const Q = SEQUENCE_LIMITS;

/** A GizmoAudioBus; the first actionable problem, or null. */
export function busProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, ['gain', 'delay', 'reverb', 'compressor']),
    () => requiredKeys(v, path, ['gain']),
    () => numberIn(v.gain, at('gain'), 0, 1),
    () =>
      optional(v.delay, () => {
        const p = at('delay');
        const d = v.delay as Record<string, unknown>;
        return first(
          () => knownKeys(d, p, ['time', 'feedback', 'wet', 'modulation']),
          () => requiredKeys(d, p, ['time', 'feedback', 'wet']),
          () => numberIn(d.time, joinPath(p, 'time'), Q.delayTime[0], Q.delayTime[1], 's'),
          () => numberIn(d.feedback, joinPath(p, 'feedback'), Q.feedback[0], Q.feedback[1]),
          () => numberIn(d.wet, joinPath(p, 'wet'), 0, 1),
          () =>
            optional(d.modulation, () => {
              const mp = joinPath(p, 'modulation');
              const m = d.modulation as Record<string, unknown>;
              return first(
                () => knownKeys(m, mp, ['frequency', 'depth']),
                () => requiredKeys(m, mp, ['frequency', 'depth']),
                () => numberIn(m.frequency, joinPath(mp, 'frequency'), Q.modulationFrequency[0], Q.modulationFrequency[1], 'Hz'),
                () => numberIn(m.depth, joinPath(mp, 'depth'), Q.modulationDepth[0], Q.modulationDepth[1], 's'),
                () =>
                  (m.depth as number) >= (d.time as number)
                    ? problem(joinPath(mp, 'depth'), `must be less than delay.time (${d.time} s)`, m.depth)
                    : null,
              );
            }),
        );
      }),
    () =>
      optional(v.reverb, () => {
        const p = at('reverb');
        const r = v.reverb as Record<string, unknown>;
        const keys = ['duration', 'decay', 'seed', 'wet'];
        return first(
          () => knownKeys(r, p, keys),
          () => requiredKeys(r, p, keys),
          () => numberIn(r.duration, joinPath(p, 'duration'), Q.reverbDuration[0], Q.reverbDuration[1], 's'),
          () => numberIn(r.decay, joinPath(p, 'decay'), Q.reverbDecay[0], Q.reverbDecay[1]),
          () => seedProblem(r.seed, joinPath(p, 'seed')),
          () => numberIn(r.wet, joinPath(p, 'wet'), 0, 1),
        );
      }),
    () =>
      optional(v.compressor, () => {
        const p = at('compressor');
        const c = v.compressor as Record<string, unknown>;
        const keys = ['threshold', 'knee', 'ratio', 'attack', 'release'];
        return first(
          () => knownKeys(c, p, keys),
          () => requiredKeys(c, p, keys),
          () => numberIn(c.threshold, joinPath(p, 'threshold'), Q.threshold[0], Q.threshold[1], 'dB'),
          () => numberIn(c.knee, joinPath(p, 'knee'), Q.knee[0], Q.knee[1], 'dB'),
          () => numberIn(c.ratio, joinPath(p, 'ratio'), Q.ratio[0], Q.ratio[1]),
          () => numberIn(c.attack, joinPath(p, 'attack'), Q.attack[0], Q.attack[1], 's'),
          () => numberIn(c.release, joinPath(p, 'release'), Q.release[0], Q.release[1], 's'),
        );
      }),
  );
}

export function gizmoBusError(value: unknown): string | null {
  return problemText(busProblem(value, ''));
}

/**
 * A GizmoSequenceStep for a context listing `sources` audible sources: every strike names one of
 * them by index. With no sources a step may still wait (no strikes).
 */
export function sequenceStepProblem(value: unknown, sources: number, path: string): Problem {
  if (typeof sources !== 'number' || !Number.isInteger(sources) || sources < 0 || sources > Q.sources)
    return problem('sources', `must be an integer source count 0–${Q.sources}`, sources);
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['afterSeconds', 'strikes']),
    () => requiredKeys(v, path, ['afterSeconds', 'strikes']),
    () => numberIn(v.afterSeconds, joinPath(path, 'afterSeconds'), Q.afterSeconds[0], Q.afterSeconds[1], 's'),
    () =>
      arrayOf(v.strikes, joinPath(path, 'strikes'), Q.strikes[0], Q.strikes[1], (strike, at) => {
        const s = strike as Record<string, unknown>;
        const keys = ['source', 'delaySeconds', 'sound'];
        return first(
          () => knownKeys(strike, at, keys),
          () => requiredKeys(s, at, keys),
          () =>
            sources === 0
              ? problem(joinPath(at, 'source'), 'must not be given: no source is audible in this context (return no strikes)', s.source)
              : integerIn(s.source, joinPath(at, 'source'), 0, sources - 1, `(an index into the ${sources} audible source${sources === 1 ? '' : 's'})`),
          () => numberIn(s.delaySeconds, joinPath(at, 'delaySeconds'), Q.delaySeconds[0], Q.delaySeconds[1], 's'),
          () => synthProblem(s.sound, joinPath(at, 'sound')),
        );
      }),
  );
}

export function gizmoSequenceError(value: unknown, sources: number): string | null {
  return problemText(sequenceStepProblem(value, sources, ''));
}
