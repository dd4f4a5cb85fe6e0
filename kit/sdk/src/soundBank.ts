/**
 * Sound banks and previews: state-specific sound maps (`soundBank(state)`, at most 16 sounds and
 * 64 KiB of recipe JSON, the docs' limits) and local auditions (`previews`), which never create
 * shared actions. A preview's gain is any finite number (a negative one warns, AUDIO_RULES).
 */
import type { ObjectDefinition } from './api.js';
import { ambienceSoundBankProblem, gainProblem, soundBankProblem, soundProblem, type GizmoSound, type GizmoSounds } from './audio.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText } from './internal/problem.js';
import { first, knownKeys, requiredKeys, type Problem } from './internal/checks.js';

export { soundBankProblem } from './audio.js';

export interface GizmoPreview {
  sound: GizmoSound;
  gain: number;
}

/** A GizmoPreview: one sound (any kind) and a gain (any finite number; a negative one warns). */
export function previewProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['sound', 'gain']),
    () => requiredKeys(v, path, ['sound', 'gain']),
    () => gainProblem(v.gain, joinPath(path, 'gain')),
    () => soundProblem(v.sound, joinPath(path, 'sound')),
  );
}

export function gizmoPreviewError(value: unknown): string | null {
  return problemText(previewProblem(value, ''));
}

/**
 * State-dependent recipes are prepared/cached by the host; synthesis never runs in a definition
 * callback. Returns the static `sounds` (already validated at registration; `{}` when none), or
 * the result of `soundBank(state)` after validating it. Throws an Error naming the definition and
 * the field when the bank is invalid, or when the definition combines `soundBank` with ambience
 * (the docs: a bank "cannot be combined with static ambience").
 */
export function resolveGizmoSounds(definition: ObjectDefinition, state: unknown): GizmoSounds {
  const name = typeof definition.type === 'string' ? definition.type : 'definition';
  if (definition.soundBank === undefined) return definition.sounds ?? {};
  if (typeof definition.soundBank !== 'function') throw new TypeError(`${name}: soundBank must be a function (state) => GizmoSounds`);
  const mixed = ambienceSoundBankProblem(definition);
  if (mixed) throw new Error(`${name}: ${mixed}`);
  const bank = callAuthor(definition, 'soundBank', definition.soundBank, state);
  const found = soundBankProblem(bank, 'soundBank');
  if (found) throw new Error(`${name}: soundBank(state) returned an invalid bank: ${found}`);
  return bank;
}
