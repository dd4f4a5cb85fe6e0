/**
 * Sequences: `sequence(context)` chooses timed procedural strikes for sequence-mode ambience, all
 * feeding one persistent, listener-local bus. The docs state one rule (a strike names one of the
 * context's sources, nearest first); the strike count is this toolchain's render budget; the bus
 * runs on the listener's device, so its fields are any finite numbers, with warnings for values
 * that are almost certainly mistakes (a runaway echo, a negative gain). SEQUENCE_RULES keeps the
 * former guesses as a record.
 */
import { synthProblem, seedProblem, type GizmoSynth } from './synthesis.js';
import { joinPath, problemText } from './internal/problem.js';
import { fail, formatNumber, rule, type Rule } from './internal/rules.js';
import { arrayOf, finiteNumber, first, knownKeys, optional, requiredKeys, type Problem } from './internal/checks.js';

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

const Q = 'Sequences and the bus';

/** The bus and sequence-step rules: the docs' one rule, this toolchain's budget, warnings, and the former guesses. */
export const SEQUENCE_RULES = {
  source: rule({
    id: 'sequence.strike.source', class: 'doc', section: Q, item: 'Strike `source`', bound: "an integer index into the context's sources: 0 to their count − 1",
    source: 'GizmoSequenceContext.sources: "Nearest-first source order; positions in world cells, with host-derived attenuation and pan." A strike names one of them by its index',
  }),
  sources: rule({
    id: 'sequence.sources', class: 'type', section: Q, item: 'The source count given to `gizmoSequenceError`', bound: 'a whole number, 0 or more', was: 'integer 0–16',
    source: '`gizmoSequenceError(value, sources: number)`: the length of `GizmoSequenceContext.sources`, a list (as long as the ambience\'s `maxSources` allows)',
  }),
  strikes: rule({
    id: 'sequence.strikes.count', class: 'cost', section: Q, item: 'Strikes per step', min: 0, max: 64, bound: 'at most 64', was: '0–8',
    source: 'the docs give no count; this toolchain probes `sequence` at five steps and renders every distinct strike sound within the render budget, so 64 a step keeps a build to at most 320 strike renders (a chord or a drum fill is a handful)',
  }),
  afterSeconds: rule({
    id: 'sequence.step.afterSeconds', class: 'guess', treatment: 'warning', section: Q, item: 'Step `afterSeconds`', bound: 'greater than 0', was: '0.05–600 s',
    source: 'the docs give no range ("Scape bounds work": the host decides how often it calls back); a step that waits 0 s or less asks to be called again at once, almost certainly a mistake',
  }),
  delaySeconds: rule({
    id: 'sequence.strike.delaySeconds', class: 'guess', treatment: 'warning', section: Q, item: 'Strike `delaySeconds`', bound: '0 or more', was: '0–10 s',
    source: 'the docs give no range; a negative delay asks to strike before the step happens, almost certainly a sign mistake',
  }),
  busGain: rule({
    id: 'sequence.bus.gain', class: 'guess', treatment: 'warning', section: Q, item: 'Bus `gain`', bound: '0 or more', was: '0–1',
    source: 'the docs give no range (above 1 is a boost; the host limits output); a negative gain only inverts the signal, almost certainly a sign mistake',
  }),
  feedback: rule({
    id: 'sequence.bus.delay.feedback', class: 'guess', treatment: 'warning', section: Q, item: 'Bus `delay.feedback`', bound: 'between −1 and 1 (exclusive)', was: '0–0.95',
    source: 'the docs give no range; an echo fed back at 1 or more (in size) never dies away but grows or rings forever, almost certainly a mistake',
  }),
  depth: rule({
    id: 'sequence.bus.delay.modulation.depth', class: 'guess', treatment: 'warning', section: Q, item: 'Bus `delay.modulation.depth`', bound: 'less than `delay.time`', was: 'an error: 0–0.05 s and less than `delay.time`',
    source: 'the docs give no range; a depth reaching the delay time sweeps the read head onto the write head (no delay at all), almost certainly a mistake',
  }),
  ranges: rule({
    id: 'sequence.bus.ranges', class: 'guess', treatment: 'dropped', section: Q,
    item: 'Bus delay time and wet, modulation frequency and depth, reverb duration, decay and wet, compressor threshold, knee, ratio, attack and release', bound: 'any finite numbers',
    was: 'delay time 0.001–2 s, wet 0–1; modulation 0–20 Hz, depth 0–0.05 s; reverb 0.01–4 s, decay 0–20, wet 0–1; compressor threshold −100–0 dB, knee 0–40 dB, ratio 1–20, attack and release 0–1 s',
    source: 'the docs give no range; the bus runs on the listener\'s device (this toolchain never renders it), which bounds its own work, and Web Audio clamps a compressor\'s parameters to their own ranges',
  }),
};

const R = SEQUENCE_RULES;

function negative(value: unknown, path: string, r: Rule, message: string): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  return (value as number) < 0 ? fail(r, path, message, value) : null;
}

/** A GizmoAudioBus; the first actionable problem, or null. */
export function busProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, ['gain', 'delay', 'reverb', 'compressor']),
    () => requiredKeys(v, path, ['gain']),
    () => negative(v.gain, at('gain'), R.busGain, 'is negative: a gain below 0 only inverts the signal (use 0 for silence)'),
    () =>
      optional(v.delay, () => {
        const p = at('delay');
        const d = v.delay as Record<string, unknown>;
        return first(
          () => knownKeys(d, p, ['time', 'feedback', 'wet', 'modulation']),
          () => requiredKeys(d, p, ['time', 'feedback', 'wet']),
          () => finiteNumber(d.time, joinPath(p, 'time')),
          () => finiteNumber(d.feedback, joinPath(p, 'feedback')),
          () =>
            Math.abs(d.feedback as number) >= 1
              ? fail(R.feedback, joinPath(p, 'feedback'), 'is 1 or more in size, so the echo never dies away (it grows or rings forever)', d.feedback)
              : null,
          () => finiteNumber(d.wet, joinPath(p, 'wet')),
          () =>
            optional(d.modulation, () => {
              const mp = joinPath(p, 'modulation');
              const m = d.modulation as Record<string, unknown>;
              return first(
                () => knownKeys(m, mp, ['frequency', 'depth']),
                () => requiredKeys(m, mp, ['frequency', 'depth']),
                () => finiteNumber(m.frequency, joinPath(mp, 'frequency')),
                () => finiteNumber(m.depth, joinPath(mp, 'depth')),
                () =>
                  (m.depth as number) >= (d.time as number) && (m.depth as number) > 0
                    ? fail(R.depth, joinPath(mp, 'depth'), `reaches delay.time (${formatNumber(d.time as number)} s), so the modulated delay sweeps down to no delay at all`, m.depth)
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
          () => finiteNumber(r.duration, joinPath(p, 'duration')),
          () => finiteNumber(r.decay, joinPath(p, 'decay')),
          () => seedProblem(r.seed, joinPath(p, 'seed')),
          () => finiteNumber(r.wet, joinPath(p, 'wet')),
        );
      }),
    () =>
      optional(v.compressor, () => {
        const p = at('compressor');
        const c = v.compressor as Record<string, unknown>;
        const keys = ['threshold', 'knee', 'ratio', 'attack', 'release'];
        let found = knownKeys(c, p, keys) ?? requiredKeys(c, p, keys);
        for (let i = 0; i < keys.length && !found; i++) found = finiteNumber(c[keys[i]], joinPath(p, keys[i]));
        return found;
      }),
  );
}

export function gizmoBusError(value: unknown): string | null {
  return problemText(busProblem(value, ''));
}

const STEP_KEYS = ['afterSeconds', 'strikes'];
const STRIKE_KEYS = ['source', 'delaySeconds', 'sound'];

function strikeSourceProblem(value: unknown, sources: number, path: string): Problem {
  if (sources === 0) return fail(R.source, path, 'must not be given: no source is audible in this context (return no strikes)', value);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= sources)
    return fail(R.source, path, `must be an integer 0–${formatNumber(sources - 1)} (an index into the ${formatNumber(sources)} audible source${sources === 1 ? '' : 's'}, nearest first)`, value);
  return null;
}

/**
 * A GizmoSequenceStep for a context listing `sources` audible sources: every strike names one of
 * them by index. With no sources a step may still wait (no strikes).
 */
export function sequenceStepProblem(value: unknown, sources: number, path: string): Problem {
  if (typeof sources !== 'number' || !Number.isSafeInteger(sources) || sources < 0)
    return fail(R.sources, 'sources', 'must be a source count: a whole number, 0 or more', sources);
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, STEP_KEYS),
    () => requiredKeys(v, path, STEP_KEYS),
    () => finiteNumber(v.afterSeconds, joinPath(path, 'afterSeconds')),
    () =>
      (v.afterSeconds as number) <= 0
        ? fail(R.afterSeconds, joinPath(path, 'afterSeconds'), 'is not greater than 0, so the step asks to be called again at once (the host decides how often it calls back)', v.afterSeconds)
        : null,
    () =>
      arrayOf(v.strikes, joinPath(path, 'strikes'), R.strikes, (strike, at) => {
        const s = strike as Record<string, unknown>;
        return first(
          () => knownKeys(strike, at, STRIKE_KEYS),
          () => requiredKeys(s, at, STRIKE_KEYS),
          () => strikeSourceProblem(s.source, sources, joinPath(at, 'source')),
          () => negative(s.delaySeconds, joinPath(at, 'delaySeconds'), R.delaySeconds, 'is negative: a strike cannot sound before its step'),
          () => synthProblem(s.sound, joinPath(at, 'sound')),
        );
      }),
  );
}

export function gizmoSequenceError(value: unknown, sources: number): string | null {
  return problemText(sequenceStepProblem(value, sources, ''));
}
