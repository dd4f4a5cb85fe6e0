/**
 * Audio and ambience: named sound maps, the playback commands that reference them, audio
 * timelines and passive ambience. Each sound is validated by its own module (synthesis, noise,
 * partials, WAV); this module owns the maps, the references and the playback ranges. Bounds are in
 * LIMITS.md ("Effects").
 */
import { jsonByteLength } from './api.js';
import { synthProblem, renderGizmoSynth, type GizmoSynth, type GizmoSoundSamples } from './synthesis.js';
import { noiseSoundProblem, renderGizmoNoise, type GizmoNoiseSound } from './noiseSound.js';
import { partialsProblem, renderGizmoPartials, type GizmoPartialsSound } from './partials.js';
import { readGizmoSound, wavProblem } from './wav.js';
import { busProblem, type GizmoAudioBus } from './sequence.js';
import { keyProblem } from './internal/names.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import {
  arrayOf,
  booleanValue,
  first,
  formatNumber,
  integerIn,
  isPlainObject,
  knownKeys,
  numberAboveUpTo,
  numberIn,
  oneOf,
  optional,
  orderedPair,
  plainString,
  requiredKeys,
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

/** Bounds of maps, commands, timelines and ambience (LIMITS.md, "Effects"). */
export const AUDIO_LIMITS = {
  /** Static `sounds`: each is rendered and cached by every host that shows the gizmo. */
  staticSounds: 32,
  /** soundBank(state): the documented limits. */
  bankSounds: 16,
  bankBytes: 65536,
  commands: 16,
  loopingVoices: 4,
  delayMs: [0, 10000],
  gain: [0, 1],
  rate: [0.25, 4],
  rangeCells: [0, 32],
  stereo: [0, 1],
  timelineKey: 128,
  choices: [1, 16],
  weight: 1000,
  pan: [-1, 1],
  intervalSeconds: [0.1, 600],
  maxSources: [1, 16],
  loopPhase: [-16, 16],
} as const;

const A = AUDIO_LIMITS;

/** Sound and voice names share the SDK's key grammar (internal/names.ts). */
export function soundNameProblem(value: unknown, path: string): Problem {
  return keyProblem(value, path);
}

/** One GizmoSound, dispatched to the module that owns its kind. */
export function soundProblem(value: unknown, path: string): Problem {
  if (typeof value === 'string') return wavProblem(value, path);
  if (!isPlainObject(value)) return problem(path, 'must be a sound recipe object (kind "synth", "noise" or "partials") or a base64 PCM16 WAV string', value);
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

function soundMapProblem(value: unknown, path: string, max: number): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object mapping sound names to sounds', value);
  const names = Object.keys(value);
  if (names.length > max) return problem(path, `must declare at most ${max} sounds (this one declares ${names.length})`, names);
  for (const name of names) {
    const found = soundNameProblem(name, joinPath(path, name));
    if (found) return found;
  }
  return null;
}

/** A static GizmoSounds map: at most 32 named sounds, each valid. */
export function soundsProblem(value: unknown, path: string): Problem {
  const found = soundMapProblem(value, path, A.staticSounds);
  if (found) return found;
  const map = value as Record<string, unknown>;
  for (const name of Object.keys(map)) {
    const bad = soundProblem(map[name], joinPath(path, name));
    if (bad) return bad;
  }
  return null;
}

/**
 * A soundBank(state) result: at most 16 sounds and 64 KiB of recipe JSON (UTF-8 bytes of
 * JSON.stringify, measured before the per-sound checks so a huge bank is refused cheaply).
 */
export function soundBankProblem(value: unknown, path: string): Problem {
  const found = soundMapProblem(value, path, A.bankSounds);
  if (found) return found;
  const bytes = jsonByteLength(value);
  if (bytes > A.bankBytes)
    return problem(path, `must be at most 64 KiB of recipe JSON (${formatNumber(A.bankBytes)} bytes; this one is ${Number.isFinite(bytes) ? formatNumber(bytes) : 'not JSON'})`, value);
  const map = value as Record<string, unknown>;
  for (const name of Object.keys(map)) {
    const bad = soundProblem(map[name], joinPath(path, name));
    if (bad) return bad;
  }
  return null;
}

export function gizmoSoundsError(value: unknown): string | null {
  return problemText(soundsProblem(value, ''));
}

/** Whether `name` is declared in `sounds` (own property only: "toString" is not a sound). */
function declared(sounds: unknown, name: string): boolean {
  return isPlainObject(sounds) && Object.prototype.hasOwnProperty.call(sounds, name);
}

/** A reference to a declared sound; with `sounds` undefined only the name grammar is checked. */
export function soundReferenceProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  const found = soundNameProblem(value, path);
  if (found) return found;
  if (sounds === undefined || declared(sounds, value as string)) return null;
  const names = isPlainObject(sounds) ? Object.keys(sounds) : [];
  return problem(path, names.length ? `must name a declared sound (${names.join(', ')})` : 'must name a declared sound (none are declared in sounds or soundBank)', value);
}

/**
 * One GizmoAudioCommand. With `feedbackDurationMs` (shared or step feedback) the command must not
 * loop and must start before the feedback expires.
 */
export function audioCommandProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string, feedbackDurationMs?: number): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  const v = value;
  const at = (key: string) => joinPath(path, key);
  const kind = oneOf(v.kind, at('kind'), ['play', 'stop']);
  if (kind) return kind;
  const keys = v.kind === 'stop' ? ['kind', 'voice', 'delayMs'] : ['kind', 'voice', 'delayMs', 'sound', 'gain', 'rate', 'loop', 'rangeCells', 'stereo'];
  return first(
    () => knownKeys(v, path, keys),
    () => requiredKeys(v, path, keys),
    () => soundNameProblem(v.voice, at('voice')),
    () => numberIn(v.delayMs, at('delayMs'), A.delayMs[0], A.delayMs[1], 'ms'),
    () =>
      feedbackDurationMs !== undefined && (v.delayMs as number) >= feedbackDurationMs
        ? problem(at('delayMs'), `must be less than the feedback duration (${formatNumber(feedbackDurationMs)} ms): audio must start before the feedback expires`, v.delayMs)
        : null,
    () => (v.kind === 'stop' ? null : playFieldsProblem(v, sounds, path, feedbackDurationMs)),
  );
}

function playFieldsProblem(v: Record<string, unknown>, sounds: DeclaredSounds | undefined, path: string, feedbackDurationMs: number | undefined): Problem {
  const at = (key: string) => joinPath(path, key);
  return first(
    () => soundReferenceProblem(v.sound, sounds, at('sound')),
    () => numberIn(v.gain, at('gain'), A.gain[0], A.gain[1]),
    () => numberIn(v.rate, at('rate'), A.rate[0], A.rate[1], '× playback rate'),
    () => booleanValue(v.loop, at('loop')),
    () => (feedbackDurationMs !== undefined && v.loop === true ? problem(at('loop'), 'must be false: feedback audio must not loop', v.loop) : null),
    () => orderedPair(v.rangeCells, at('rangeCells'), A.rangeCells[0], A.rangeCells[1], 'cells'),
    () => numberIn(v.stereo, at('stereo'), A.stereo[0], A.stereo[1]),
  );
}

/** A command list: 0–16 commands and at most 4 distinct looping voices. */
export function audioCommandsProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string, feedbackDurationMs?: number): Problem {
  const looping: string[] = [];
  return arrayOf(value, path, 0, A.commands, (command, at) => {
    const found = audioCommandProblem(command, sounds, at, feedbackDurationMs);
    if (found) return found;
    const c = command as GizmoAudioCommand;
    if (c.kind === 'play' && c.loop && !looping.includes(c.voice)) {
      looping.push(c.voice);
      if (looping.length > A.loopingVoices) return problem(joinPath(at, 'loop'), `must not start more than ${A.loopingVoices} looping voices in one list`, c.loop);
    }
    return null;
  });
}

/** A non-negative millisecond timestamp (a safe integer, as `context.now`). */
export function timestampProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    return problem(path, 'must be a timestamp: a whole number of milliseconds, 0 or more', value);
  return null;
}

/** A GizmoAudioTimeline: key, authoritative timestamp and a command list. */
export function audioTimelineProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['key', 'at', 'commands']),
    () => requiredKeys(v, path, ['key', 'at', 'commands']),
    () => plainString(v.key, joinPath(path, 'key'), A.timelineKey),
    () => timestampProblem(v.at, joinPath(path, 'at')),
    () => audioCommandsProblem(v.commands, sounds, joinPath(path, 'commands')),
  );
}

/** `sounds` is required: without it nothing is declared, so every play is refused. */
export function gizmoAudioError(value: unknown, sounds: GizmoSounds): string | null {
  return problemText(audioTimelineProblem(value, sounds ?? {}, ''));
}

function choiceProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  const keys = ['sound', 'gain', 'rate', 'pan', 'weight'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => soundReferenceProblem(v.sound, sounds, joinPath(path, 'sound')),
    () => numberIn(v.gain, joinPath(path, 'gain'), A.gain[0], A.gain[1]),
    () => numberIn(v.rate, joinPath(path, 'rate'), A.rate[0], A.rate[1], '× playback rate'),
    () => numberIn(v.pan, joinPath(path, 'pan'), A.pan[0], A.pan[1]),
    () => numberAboveUpTo(v.weight, joinPath(path, 'weight'), 0, A.weight),
  );
}

/** The fields playlist and sequence ambience share. */
function spatialProblem(v: Record<string, unknown>, path: string): Problem {
  return first(
    () => orderedPair(v.rangeCells, joinPath(path, 'rangeCells'), A.rangeCells[0], A.rangeCells[1], 'cells'),
    () => integerIn(v.maxSources, joinPath(path, 'maxSources'), A.maxSources[0], A.maxSources[1], 'sources'),
    () => numberIn(v.stereo, joinPath(path, 'stereo'), A.stereo[0], A.stereo[1]),
    () => booleanValue(v.duckWhileSpeaking, joinPath(path, 'duckWhileSpeaking')),
    () => optional(v.duckGain, () => numberIn(v.duckGain, joinPath(path, 'duckGain'), 0, 1)),
  );
}

/**
 * A GizmoAmbience. Playlist choices must name declared sounds when `sounds` is given; without it
 * only their grammar is checked. Sequence mode validates the bus; the strikes come from
 * sequence(context) and are checked per step (sequence.ts).
 */
export function ambienceProblem(value: unknown, sounds: DeclaredSounds | undefined, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  const v = value;
  if (v.mode !== undefined) {
    const mode = oneOf(v.mode, joinPath(path, 'mode'), ['sequence']);
    if (mode) return problem(mode.path, 'must be "sequence" (or omitted for playlist ambience)', v.mode);
    const keys = ['mode', 'bus', 'rangeCells', 'maxSources', 'stereo', 'duckWhileSpeaking', 'duckGain'];
    return first(
      () => knownKeys(v, path, keys),
      () => requiredKeys(v, path, keys.filter((k) => k !== 'duckGain')),
      () => busProblem(v.bus, joinPath(path, 'bus')),
      () => spatialProblem(v, path),
    );
  }
  const keys = ['normalizeSources', 'loopPhase', 'sounds', 'intervalSeconds', 'chance', 'rangeCells', 'maxSources', 'stereo', 'loop', 'duckWhileSpeaking', 'duckGain'];
  return first(
    () => knownKeys(v, path, keys),
    () => requiredKeys(v, path, ['sounds', 'intervalSeconds', 'chance', 'rangeCells', 'maxSources', 'stereo', 'loop', 'duckWhileSpeaking']),
    () => optional(v.normalizeSources, () => booleanValue(v.normalizeSources, joinPath(path, 'normalizeSources'))),
    () => optional(v.loopPhase, () => tuple(v.loopPhase, joinPath(path, 'loopPhase'), 2, (item, at) => numberIn(item, at, A.loopPhase[0], A.loopPhase[1], 'seconds per cell'))),
    () => arrayOf(v.sounds, joinPath(path, 'sounds'), A.choices[0], A.choices[1], (choice, at) => choiceProblem(choice, sounds, at)),
    () => orderedPair(v.intervalSeconds, joinPath(path, 'intervalSeconds'), A.intervalSeconds[0], A.intervalSeconds[1], 's'),
    () => numberIn(v.chance, joinPath(path, 'chance'), 0, 1),
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
 * Definition-level ambience rules, for the registry (the value checks above cannot see the
 * definition):
 * - ambience is static (fixed per definition version), so it cannot be combined with the
 *   state-dependent `soundBank` ("an alternative to static sounds and cannot be combined with
 *   static ambience");
 * - sequence-mode ambience needs a `sequence` callback, and a `sequence` callback needs
 *   sequence-mode ambience (otherwise it would never run).
 */
export function ambienceCompositionProblem(definition: { ambience?: unknown; soundBank?: unknown; sequence?: unknown }, path = ''): Problem {
  const ambience = definition.ambience;
  const sequenceMode = isPlainObject(ambience) && ambience.mode === 'sequence';
  if (ambience !== undefined && definition.soundBank !== undefined)
    return problem(joinPath(path, 'ambience'), 'must not be combined with soundBank (ambience uses static sounds)', ambience);
  if (sequenceMode && typeof definition.sequence !== 'function')
    return problem(joinPath(path, 'sequence'), 'must be a function (context) => GizmoSequenceStep when ambience.mode is "sequence"', definition.sequence);
  if (definition.sequence !== undefined && !sequenceMode)
    return problem(joinPath(path, 'ambience'), 'must be sequence ambience ({ mode: "sequence", bus, … }) when a sequence callback is declared', ambience);
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
