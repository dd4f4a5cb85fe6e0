/**
 * Audio and ambience: named sound maps, the playback commands that reference them, audio
 * timelines and passive ambience. Each sound is validated by its own module (synthesis, noise,
 * partials, WAV); this module owns the maps, the references and the playback fields. The docs
 * state the sound bank's limits, that a played sound is declared, the feedback rules (no loop,
 * start before expiry), `loopPhase`, `duckGain` and that ambience and `soundBank` never mix;
 * every other field is any value of its type. AUDIO_RULES keeps the former guesses as a record.
 */
import { jsonByteLength } from './api.js';
import { synthProblem, renderGizmoSynth, type GizmoSynth, type GizmoSoundSamples } from './synthesis.js';
import { noiseSoundProblem, renderGizmoNoise, type GizmoNoiseSound } from './noiseSound.js';
import { partialsProblem, renderGizmoPartials, type GizmoPartialsSound } from './partials.js';
import { readGizmoSound, wavProblem } from './wav.js';
import { busProblem, type GizmoAudioBus } from './sequence.js';
import { joinPath, problemText, reworded } from './internal/problem.js';
import { fail, formatNumber, rule, TYPE_RULES, type Rule } from './internal/rules.js';
import {
  arrayOf,
  booleanValue,
  fieldPath,
  fieldSet,
  finiteNumber,
  first,
  isPlainObject,
  knownKeys,
  numberIn,
  oneOf,
  optional,
  requiredKeys,
  stringValue,
  tuple,
  type Problem,
} from './internal/checks.js';

export { encodeGizmoWav, GIZMO_AUDIO_MAX_BYTES, readGizmoSound } from './wav.js';

/** Procedural definitions or optional recorded PCM16 WAV imports. */
export type GizmoSound = GizmoSynth | GizmoNoiseSound | GizmoPartialsSound | string;
export type GizmoSounds = Record<string, GizmoSound>;
export interface GizmoSoundChoice {
  sound: string;
  gain: number;
  rate: number;
  pan: number;
  weight: number;
}
export interface GizmoPlaylistAmbience {
  /** Loop gain divided by sqrt(current audible sources); defaults to false. */
  normalizeSources?: boolean;
  /** Loop start coefficients in seconds per cell, each −16 to 16; defaults to zero. */
  loopPhase?: [number, number];
  sounds: GizmoSoundChoice[];
  intervalSeconds: [number, number];
  chance: number;
  rangeCells: [number, number];
  maxSources: number;
  stereo: number;
  loop: boolean;
  duckWhileSpeaking: boolean;
  /** Remaining level during speech ducking (0–1); defaults to 0. */
  duckGain?: number;
}
export interface GizmoSequenceAmbience {
  mode: 'sequence';
  bus: GizmoAudioBus;
  rangeCells: [number, number];
  maxSources: number;
  stereo: number;
  duckWhileSpeaking: boolean;
  /** Remaining level during speech ducking (0–1); defaults to 0. */
  duckGain?: number;
}
export type GizmoAmbience = GizmoPlaylistAmbience | GizmoSequenceAmbience;
export type GizmoAudioCommand =
  | {
      kind: 'stop';
      voice: string;
      delayMs: number;
    }
  | {
      kind: 'play';
      voice: string;
      delayMs: number;
      sound: string;
      gain: number;
      rate: number;
      loop: boolean;
      rangeCells: [number, number];
      stereo: number;
    };
/** A bounded cosmetic response to an accepted state transition, independent of visual animation. */
export interface GizmoAudioTimeline {
  key: string;
  at: number;
  commands: GizmoAudioCommand[];
}

/** What a reference check needs of a sound map: its names (the sounds themselves are checked elsewhere). */
export type DeclaredSounds = Readonly<Record<string, unknown>>;

/** The numbers the docs state (and the toolchain's own budget), in one place for rules and messages. */
export const AUDIO_LIMITS = {
  /** Static `sounds`: this toolchain renders each once at build (cost, not contract). */
  staticSounds: 256,
  /** soundBank(state): the documented limits. */
  bankSounds: 16,
  bankBytes: 65536,
  loopPhase: [-16, 16],
  duckGain: [0, 1],
} as const;

const A = AUDIO_LIMITS;
const S = 'Sounds, commands and ambience';
const BANK_ROW = 'Limits and compatibility: "Sound bank | 16 sounds, 64 KiB of recipe data"; Sound banks and previews: "A bank has at most 16 sounds and 64 KiB of recipe data."';
const FEEDBACK = 'Shared action reactions, Delivery: "Effects last 1–2,000 ms. Audio must be non-looping and start before expiry."';
const DROPPED = 'the docs give no range; the host applies its own output limits ("Scape retains output limits regardless of the authored recipe")';

/** The sound, command and ambience rules: what the docs state, warnings, and the former guesses as a record. */
export const AUDIO_RULES = {
  staticSounds: rule({
    id: 'audio.sounds.count', class: 'cost', section: S, item: 'Static `sounds`', bound: `at most ${formatNumber(A.staticSounds)} sounds`, was: '≤ 32',
    source: 'the docs give no count; this toolchain renders every static sound once at build (each within the render budget), so the count bounds a build\'s render work. 256 keeps that bounded while a full keyboard of notes (36, 88) or a drum kit builds',
  }),
  bankSounds: rule({ id: 'audio.soundBank.count', class: 'doc', section: S, item: '`soundBank(state)` sounds', bound: `at most ${A.bankSounds} sounds`, source: BANK_ROW }),
  bankBytes: rule({
    id: 'audio.soundBank.bytes', class: 'doc', section: S, item: '`soundBank(state)` size', bound: 'at most 64 KiB: 65,536 UTF-8 bytes of `JSON.stringify(bank)`, measured before the per-sound checks', source: BANK_ROW,
  }),
  declared: rule({
    id: 'audio.sound.declared', class: 'doc', section: S, item: '`play.sound`, playlist `sounds[].sound`', bound: "a declared sound: an own key of `sounds`, or of the state's `soundBank`",
    source: 'Shared action reactions: "Declare the referenced sound in `sounds` or `soundBank`."; Sound and lighting: "an audio command references a sound you declared"',
  }),
  feedbackDelay: rule({ id: 'audio.feedback.delayMs', class: 'doc', section: S, item: 'Feedback command `delayMs` (reactions, step, travel)', bound: 'less than the feedback `durationMs`', source: FEEDBACK }),
  feedbackLoop: rule({ id: 'audio.feedback.loop', class: 'doc', section: S, item: 'Feedback `play.loop` (reactions, step, travel)', bound: 'false', source: FEEDBACK }),
  loopPhase: rule({
    id: 'audio.ambience.loopPhase', class: 'doc', section: S, item: 'Playlist `loopPhase[i]`', min: A.loopPhase[0], max: A.loopPhase[1], unit: 'seconds per cell',
    source: 'GizmoPlaylistAmbience.loopPhase: "Loop start coefficients in seconds per cell, each −16 to 16; defaults to zero."',
  }),
  duckGain: rule({
    id: 'audio.ambience.duckGain', class: 'doc', section: S, item: 'Ambience `duckGain`', min: A.duckGain[0], max: A.duckGain[1],
    source: 'GizmoPlaylistAmbience.duckGain, GizmoSequenceAmbience.duckGain: "Remaining level during speech ducking (0–1); defaults to 0."',
  }),
  bankAmbience: rule({
    id: 'audio.ambience.soundBank', class: 'doc', section: S, item: '`ambience` and `soundBank`', bound: 'never in one definition',
    source: 'Sound banks and previews: "It is an alternative to static `sounds` and cannot be combined with static ambience."',
  }),
  negativeDelay: rule({
    id: 'audio.delayMs.negative', class: 'guess', treatment: 'warning', section: S, item: 'Command `delayMs`', bound: '0 or more', was: '0–10,000 ms',
    source: 'the docs give no range (and no maximum: a timeline may schedule a late note); a negative delay asks to start before the command exists, almost certainly a sign mistake',
  }),
  negativeGain: rule({
    id: 'audio.gain.negative', class: 'guess', treatment: 'warning', section: S, item: 'Command, playlist choice and preview `gain`', bound: '0 or more', was: '0–1',
    source: 'the docs give no range (a gain above 1 is a boost, and the host limits output); a negative gain only inverts the signal, almost certainly a sign mistake',
  }),
  rate: rule({
    id: 'audio.rate.positive', class: 'guess', treatment: 'warning', section: S, item: 'Command and playlist choice `rate`', bound: 'greater than 0', was: '0.25–4',
    source: 'the docs give no range; a playback rate of 0 or less never plays the sound forward, almost certainly a mistake',
  }),
  rangeOrder: rule({
    id: 'audio.rangeCells.order', class: 'guess', treatment: 'warning', section: S, item: '`rangeCells` (commands and ambience)', bound: '[near, far] with near ≤ far', was: 'an ordered pair 0–32 cells',
    source: 'the docs give no range; a pair whose first distance is beyond its second is almost certainly swapped',
  }),
  rangeCells: rule({ id: 'audio.rangeCells.range', class: 'guess', treatment: 'dropped', section: S, item: '`rangeCells` distances', bound: 'any finite numbers', was: '0–32 cells', source: `${DROPPED}; a sound may carry across a large room ([2, 48])` }),
  levels: rule({ id: 'audio.levels', class: 'guess', treatment: 'dropped', section: S, item: '`gain` above 1, `rate` above 0, `stereo`, playlist `pan`', bound: 'any finite numbers', was: 'gain, stereo 0–1; rate 0.25–4; pan −1–1', source: DROPPED }),
  names: rule({
    id: 'audio.names', class: 'guess', treatment: 'dropped', section: S, item: 'Sound and voice names', bound: 'any string', was: 'the key grammar `^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,63}$`',
    source: 'the docs state no grammar (`GizmoSounds = Record<string, GizmoSound>`, `voice: string`); "F#4", "kick drum" and "ding-2" are names authors write, and a name is only ever looked up',
  }),
  commands: rule({
    id: 'audio.commands.count', class: 'guess', treatment: 'dropped', section: S, item: 'Command lists (timelines, feedback)', bound: 'any number of commands and looping voices', was: '0–16 commands; ≤ 4 distinct looping voices',
    source: 'the docs give no count; a 22-note tune is one timeline, and commands are data this toolchain only checks (it renders the sounds, once each, not the commands)',
  }),
  timelineKey: rule({ id: 'audio.timeline.key', class: 'guess', treatment: 'dropped', section: S, item: 'Audio timeline `key`', bound: 'any string', was: '1–128 characters, no control characters', source: 'the docs give no grammar (`key: string`)' }),
  timelineAt: rule({
    id: 'audio.timeline.at', class: 'guess', treatment: 'warning', section: S, item: 'Audio timeline `at`', bound: 'a number, 0 or more', was: 'a safe integer ≥ 0',
    source: 'the docs say "authoritative timestamp" (action context time, `now: number`); a time computed from a saved `context.now` may be fractional, but a negative one is no timestamp at all',
  }),
  emptyPlaylist: rule({
    id: 'audio.ambience.sounds.empty', class: 'guess', treatment: 'warning', section: S, item: 'Playlist `sounds`', bound: 'at least one choice', was: '1–16 choices',
    source: 'the docs give no count; a playlist with no choices never plays, almost certainly a mistake',
  }),
  weight: rule({
    id: 'audio.ambience.weight', class: 'guess', treatment: 'warning', section: S, item: 'Playlist choice `weight`', bound: '0 or more', was: 'greater than 0, at most 1,000',
    source: 'the docs give no range; weights are relative chances, so 0 leaves a choice out and any size works, but a negative one is no chance at all',
  }),
  intervalOrder: rule({
    id: 'audio.ambience.intervalSeconds.order', class: 'guess', treatment: 'warning', section: S, item: 'Playlist `intervalSeconds`', bound: '[low, high] with low ≤ high', was: 'an ordered pair 0.1–600 s',
    source: 'the docs give no range (a looping ambience may well say [0, 0]); a pair with low above high is almost certainly swapped',
  }),
  interval: rule({ id: 'audio.ambience.intervalSeconds.range', class: 'guess', treatment: 'dropped', section: S, item: 'Playlist `intervalSeconds` values', bound: 'any finite numbers', was: '0.1–600 s', source: 'the docs give no range; the host schedules the starts and bounds its own work ("Scape bounds work")' }),
  chance: rule({
    id: 'audio.ambience.chance', class: 'guess', treatment: 'warning', section: S, item: 'Playlist `chance`', min: 0, max: 1, was: 'an error outside 0–1',
    source: 'the docs give no range; a chance is a probability, so a value outside 0–1 (50 for "50 %") is almost certainly a mistake',
  }),
  maxSources: rule({
    id: 'audio.ambience.maxSources', class: 'guess', treatment: 'warning', section: S, item: 'Ambience `maxSources`', bound: 'a whole number, 1 or more', was: 'integer 1–16',
    source: 'the docs give no range (the host caps what it plays); fewer than one source is never heard, and a fraction of a source is almost certainly a mistake',
  }),
  sequence: rule({
    id: 'audio.ambience.sequence', class: 'guess', treatment: 'warning', section: S, item: '`sequence` and `ambience.mode: "sequence"`', bound: 'declared together', was: 'an error either way',
    source: 'the docs say "`sequence(context)` chooses timed events for authored procedural ambience" but state no requirement; sequence ambience without a callback is silent and a callback without sequence ambience never runs, almost certainly mistakes',
  }),
};

const R = AUDIO_RULES;
const T = TYPE_RULES;

/** One GizmoSound, dispatched to the module that owns its kind. */
export function soundProblem(value: unknown, path: string): Problem {
  if (typeof value === 'string') return wavProblem(value, path);
  if (!isPlainObject(value)) return fail(T.object, path, 'must be a sound recipe object (kind "synth", "noise" or "partials") or a base64 PCM16 WAV string', value);
  switch (value.kind) {
    case 'synth':
      return synthProblem(value, path);
    case 'noise':
      return noiseSoundProblem(value, path);
    case 'partials':
      return partialsProblem(value, path);
  }
  return oneOf(value.kind, joinPath(path, 'kind'), ['synth', 'noise', 'partials']);
}

/** A sound map's shape and count (names are any strings: `GizmoSounds = Record<string, GizmoSound>`). */
function soundMapProblem(value: unknown, path: string, count: Rule, max: number): Problem {
  if (!isPlainObject(value)) return fail(T.object, path, 'must be an object mapping sound names to sounds', value);
  const names = Object.keys(value);
  if (names.length > max) return fail(count, path, `must declare at most ${formatNumber(max)} sounds (this one declares ${formatNumber(names.length)})`, names);
  return null;
}

function eachSoundProblem(map: Record<string, unknown>, path: string): Problem {
  const names = Object.keys(map);
  for (let i = 0; i < names.length; i++) {
    const found = soundProblem(map[names[i]], joinPath(path, names[i]));
    if (found) return found;
  }
  return null;
}

/** A static GizmoSounds map: each sound valid, at most 256 of them (this toolchain's render budget). */
export function soundsProblem(value: unknown, path: string): Problem {
  return soundMapProblem(value, path, R.staticSounds, A.staticSounds) ?? eachSoundProblem(value as Record<string, unknown>, path);
}

/**
 * A soundBank(state) result: at most 16 sounds and 64 KiB of recipe JSON (UTF-8 bytes of
 * JSON.stringify, measured before the per-sound checks so a huge bank is refused cheaply).
 */
export function soundBankProblem(value: unknown, path: string): Problem {
  const found = soundMapProblem(value, path, R.bankSounds, A.bankSounds);
  if (found) return found;
  const bytes = jsonByteLength(value);
  if (bytes > A.bankBytes)
    return fail(R.bankBytes, path, `must be at most 64 KiB of recipe JSON (${formatNumber(A.bankBytes)} bytes; this one is ${Number.isFinite(bytes) ? formatNumber(bytes) : 'not JSON'})`, value);
  return eachSoundProblem(value as Record<string, unknown>, path);
}

export function gizmoSoundsError(value: unknown): string | null {
  return problemText(soundsProblem(value, ''));
}

/** Whether `name` is declared in `sounds` (own property only: "toString" is not a sound). */
function declared(sounds: unknown, name: string): boolean {
  return isPlainObject(sounds) && Object.prototype.hasOwnProperty.call(sounds, name);
}

/** A reference to a declared sound; with `sounds` undefined only the type (a string) is checked. */
export function soundReferenceProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  if (typeof value !== 'string') return fail(T.string, path, 'must be a sound name (a string)', value);
  if (sounds === undefined || declared(sounds, value)) return null;
  const names = isPlainObject(sounds) ? Object.keys(sounds) : [];
  return fail(R.declared, path, names.length ? `must name a declared sound (${names.map((n) => JSON.stringify(n)).join(', ')})` : 'must name a declared sound (none are declared in sounds or soundBank)', value);
}

/** A gain: any finite number; a negative one warns. */
export function gainProblem(value: unknown, path: string): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  return (value as number) < 0 ? fail(R.negativeGain, path, 'is negative: a gain below 0 only inverts the signal (use 0 for silence)', value) : null;
}

function rateProblem(value: unknown, path: string): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  return (value as number) <= 0 ? fail(R.rate, path, 'is not greater than 0, so the sound never plays forward (1 is the recorded speed)', value) : null;
}

/** `[near, far]` in cells: any finite numbers; a far distance below the near one warns. */
function rangeCellsProblem(value: unknown, path: string): Problem {
  const found = tuple(value, path, 2, finiteNumber);
  if (found) return found;
  const pair = value as [number, number];
  return pair[0] > pair[1] ? fail(R.rangeOrder, path, 'has the near distance beyond the far one, so it is almost certainly swapped', value) : null;
}

/**
 * One GizmoAudioCommand. With `feedbackDurationMs` (shared or step feedback) the command must not
 * loop and must start before the feedback expires.
 */
export function audioCommandProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string, feedbackDurationMs?: number): Problem {
  if (!isPlainObject(value)) return fail(T.object, path, 'must be an object', value);
  const v = value;
  const at = (key: string) => fieldPath(path, key);
  const kind = oneOf(v.kind, at('kind'), ['play', 'stop']);
  if (kind) return kind;
  const keys = v.kind === 'stop' ? STOP_KEYS : PLAY_KEYS;
  return first(
    () => knownKeys(v, path, keys),
    () => requiredKeys(v, path, keys.list),
    () => stringValue(v.voice, at('voice')),
    () => finiteNumber(v.delayMs, at('delayMs')),
    () => ((v.delayMs as number) < 0 ? fail(R.negativeDelay, at('delayMs'), 'is negative: a command cannot start before its timeline or feedback does', v.delayMs) : null),
    () =>
      feedbackDurationMs !== undefined && (v.delayMs as number) >= feedbackDurationMs
        ? fail(R.feedbackDelay, at('delayMs'), `must be less than the feedback duration (${formatNumber(feedbackDurationMs)} ms): audio must start before the feedback expires`, v.delayMs)
        : null,
    () => (v.kind === 'stop' ? null : playFieldsProblem(v, sounds, path, feedbackDurationMs)),
  );
}

const STOP_KEYS = fieldSet(['kind', 'voice', 'delayMs']);
const PLAY_KEYS = fieldSet(['kind', 'voice', 'delayMs', 'sound', 'gain', 'rate', 'loop', 'rangeCells', 'stereo']);

function playFieldsProblem(v: Record<string, unknown>, sounds: DeclaredSounds | undefined, path: string, feedbackDurationMs: number | undefined): Problem {
  const at = (key: string) => fieldPath(path, key);
  return first(
    () => soundReferenceProblem(v.sound, sounds, at('sound')),
    () => gainProblem(v.gain, at('gain')),
    () => rateProblem(v.rate, at('rate')),
    () => booleanValue(v.loop, at('loop')),
    () => (feedbackDurationMs !== undefined && v.loop === true ? fail(R.feedbackLoop, at('loop'), 'must be false: feedback audio must not loop', v.loop) : null),
    () => rangeCellsProblem(v.rangeCells, at('rangeCells')),
    () => finiteNumber(v.stereo, at('stereo')),
  );
}

/** A command list: any number of commands (feedback rules apply with `feedbackDurationMs`). */
export function audioCommandsProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string, feedbackDurationMs?: number): Problem {
  return arrayOf(value, path, null, (command, at) => audioCommandProblem(command, sounds, at, feedbackDurationMs));
}

/** An audio timeline's `at`: any finite number; a negative one warns. */
function timelineAtProblem(value: unknown, path: string): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  return (value as number) < 0 ? fail(R.timelineAt, path, 'is negative, so it is not a timestamp (use the action context time, context.now)', value) : null;
}

/**
 * The former strict timestamp check (a safe integer ≥ 0), still used by presentation.ts for
 * GizmoTimeline.at until that module classifies it. Audio timelines no longer use it.
 */

/** A GizmoAudioTimeline: key, authoritative timestamp and a command list. */
export function audioTimelineProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['key', 'at', 'commands']),
    () => requiredKeys(v, path, ['key', 'at', 'commands']),
    () => stringValue(v.key, joinPath(path, 'key')),
    () => timelineAtProblem(v.at, joinPath(path, 'at')),
    () => audioCommandsProblem(v.commands, sounds, joinPath(path, 'commands')),
  );
}

/** `sounds` is required: without it nothing is declared, so every play is refused. */
export function gizmoAudioError(value: unknown, sounds: GizmoSounds): string | null {
  return problemText(audioTimelineProblem(value, sounds ?? {}, ''));
}

const CHOICE_KEYS = ['sound', 'gain', 'rate', 'pan', 'weight'];

function choiceProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, CHOICE_KEYS),
    () => requiredKeys(v, path, CHOICE_KEYS),
    () => soundReferenceProblem(v.sound, sounds, joinPath(path, 'sound')),
    () => gainProblem(v.gain, joinPath(path, 'gain')),
    () => rateProblem(v.rate, joinPath(path, 'rate')),
    () => finiteNumber(v.pan, joinPath(path, 'pan')),
    () => finiteNumber(v.weight, joinPath(path, 'weight')),
    () => ((v.weight as number) < 0 ? fail(R.weight, joinPath(path, 'weight'), 'is negative: weights are relative chances (0 leaves a choice out)', v.weight) : null),
  );
}

function maxSourcesProblem(value: unknown, path: string): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  const n = value as number;
  if (n < 1) return fail(R.maxSources, path, 'is less than 1, so no source is ever heard', value);
  if (!Number.isInteger(n)) return fail(R.maxSources, path, 'is not a whole number of sources', value);
  return null;
}

/** The fields playlist and sequence ambience share. */
function spatialProblem(v: Record<string, unknown>, path: string): Problem {
  return first(
    () => rangeCellsProblem(v.rangeCells, joinPath(path, 'rangeCells')),
    () => maxSourcesProblem(v.maxSources, joinPath(path, 'maxSources')),
    () => finiteNumber(v.stereo, joinPath(path, 'stereo')),
    () => booleanValue(v.duckWhileSpeaking, joinPath(path, 'duckWhileSpeaking')),
    () => optional(v.duckGain, () => numberIn(v.duckGain, joinPath(path, 'duckGain'), R.duckGain)),
  );
}

const SEQUENCE_AMBIENCE_KEYS = ['mode', 'bus', 'rangeCells', 'maxSources', 'stereo', 'duckWhileSpeaking', 'duckGain'];
const PLAYLIST_KEYS = ['normalizeSources', 'loopPhase', 'sounds', 'intervalSeconds', 'chance', 'rangeCells', 'maxSources', 'stereo', 'loop', 'duckWhileSpeaking', 'duckGain'];

/**
 * A GizmoAmbience. Playlist choices must name declared sounds when `sounds` is given; without it
 * only their type is checked. Sequence mode validates the bus; the strikes come from
 * sequence(context) and are checked per step (sequence.ts).
 */
export function ambienceProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  if (!isPlainObject(value)) return fail(T.object, path, 'must be an object', value);
  const v = value;
  if (v.mode !== undefined) {
    const mode = oneOf(v.mode, joinPath(path, 'mode'), ['sequence']);
    if (mode) return reworded(mode, mode.path, 'must be "sequence" (or omitted for playlist ambience)');
    return first(
      () => knownKeys(v, path, SEQUENCE_AMBIENCE_KEYS),
      () => requiredKeys(v, path, SEQUENCE_AMBIENCE_KEYS.filter((k) => k !== 'duckGain')),
      () => busProblem(v.bus, joinPath(path, 'bus')),
      () => spatialProblem(v, path),
    );
  }
  return first(
    () => knownKeys(v, path, PLAYLIST_KEYS),
    () => requiredKeys(v, path, ['sounds', 'intervalSeconds', 'chance', 'rangeCells', 'maxSources', 'stereo', 'loop', 'duckWhileSpeaking']),
    () => optional(v.normalizeSources, () => booleanValue(v.normalizeSources, joinPath(path, 'normalizeSources'))),
    () => optional(v.loopPhase, () => tuple(v.loopPhase, joinPath(path, 'loopPhase'), 2, (item, at) => numberIn(item, at, R.loopPhase))),
    () => {
      const at = joinPath(path, 'sounds');
      const found = arrayOf(v.sounds, at, null, (choice, p) => choiceProblem(choice, sounds, p));
      if (found) return found;
      return (v.sounds as unknown[]).length === 0 ? fail(R.emptyPlaylist, at, 'has no sound choices, so the ambience never plays', v.sounds) : null;
    },
    () => {
      const at = joinPath(path, 'intervalSeconds');
      const found = tuple(v.intervalSeconds, at, 2, finiteNumber);
      if (found) return found;
      const pair = v.intervalSeconds as [number, number];
      return pair[0] > pair[1] ? fail(R.intervalOrder, at, 'has low above high, so it is almost certainly swapped', v.intervalSeconds) : null;
    },
    () => {
      const at = joinPath(path, 'chance');
      const found = finiteNumber(v.chance, at);
      if (found) return found;
      const c = v.chance as number;
      return c < 0 || c > 1 ? fail(R.chance, at, 'is a probability from 0 to 1 (0.5 is one start in two)', v.chance) : null;
    },
    () => booleanValue(v.loop, joinPath(path, 'loop')),
    () => spatialProblem(v, path),
  );
}

export function gizmoAmbienceError(value: unknown, sounds?: GizmoSounds): string | null {
  return problemText(ambienceProblem(value, sounds, ''));
}

export function validGizmoAmbience(value: unknown): value is GizmoAmbience {
  return ambienceProblem(value, undefined, '') === null;
}

/**
 * The documented composition rule: `soundBank` "cannot be combined with static ambience"
 * (ambience plays static sounds, fixed per definition version). resolveGizmoSounds applies it too.
 */
export function ambienceSoundBankProblem(definition: { ambience?: unknown; soundBank?: unknown }, path = ''): Problem {
  if (definition.ambience !== undefined && definition.soundBank !== undefined)
    return fail(R.bankAmbience, joinPath(path, 'ambience'), 'must not be combined with soundBank (ambience uses static sounds)', definition.ambience);
  return null;
}

/**
 * Definition-level ambience rules, for the registry (the value checks above cannot see the
 * definition):
 * - ambience cannot be combined with `soundBank` (the docs);
 * - `sequence` is a function when given (its type);
 * - sequence-mode ambience without a `sequence` callback, or a callback without sequence-mode
 *   ambience, is a warning: one is silent, the other never runs.
 */
export function ambienceCompositionProblem(definition: { ambience?: unknown; soundBank?: unknown; sequence?: unknown }, path = ''): Problem {
  const found = ambienceSoundBankProblem(definition, path);
  if (found) return found;
  const ambience = definition.ambience;
  const sequenceMode = isPlainObject(ambience) && ambience.mode === 'sequence';
  if (definition.sequence !== undefined && typeof definition.sequence !== 'function')
    return fail(T.function, joinPath(path, 'sequence'), 'must be a function (context) => GizmoSequenceStep', definition.sequence);
  if (sequenceMode && definition.sequence === undefined)
    return fail(R.sequence, joinPath(path, 'sequence'), 'is not declared, so the sequence ambience never plays (add sequence: (context) => GizmoSequenceStep)', definition.sequence);
  if (definition.sequence !== undefined && !sequenceMode)
    return fail(R.sequence, joinPath(path, 'ambience'), 'is not sequence ambience ({ mode: "sequence", bus, … }), so the sequence callback never runs', ambience);
  return null;
}

/** Renders any GizmoSound to PCM: procedural kinds are synthesized, a WAV string is decoded. */
export function renderGizmoSound(sound: GizmoSound): GizmoSoundSamples {
  const found = soundProblem(sound, 'sound');
  if (found) throw new TypeError(`renderGizmoSound: ${found}`);
  if (typeof sound === 'string') return readGizmoSound(sound);
  switch (sound.kind) {
    case 'synth':
      return renderGizmoSynth(sound);
    case 'noise':
      return renderGizmoNoise(sound);
    default:
      return renderGizmoPartials(sound);
  }
}
