/** The sounds a definition declares for a state: static `sounds`, or `soundBank(state)`. */
import { callAuthor } from './call.js';
import { isPlainObject, type Problem } from './checks.js';
import { soundBankProblem } from '../soundBank.js';
import type { GizmoSounds } from '../audio.js';

/**
 * Resolves the sound map effects may reference for `state`. A soundBank result is validated here
 * (≤16 sounds, ≤64 KiB), since every effect check depends on it; static sounds are checked once
 * at registration.
 */
export function definitionSounds(definition: { sounds?: unknown; soundBank?: unknown }, state: unknown): { sounds: GizmoSounds; problem: Problem } {
  if (typeof definition.soundBank === 'function') {
    const bank = callAuthor(definition, 'soundBank', definition.soundBank as (s: unknown) => unknown, state);
    const found = soundBankProblem(bank, 'soundBank');
    return { sounds: found ? {} : (bank as GizmoSounds), problem: found };
  }
  return { sounds: isPlainObject(definition.sounds) ? (definition.sounds as GizmoSounds) : {}, problem: null };
}
