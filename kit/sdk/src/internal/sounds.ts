/** The sounds a definition declares for a state: static `sounds`, or `soundBank(state)`. */
import { callAuthor } from './call.js';
import { isPlainObject, type Problem } from './checks.js';
import { jsonProblem } from './json.js';
import { fail, TYPE_RULES } from './rules.js';
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

/**
 * The frame every state-derived effect result is checked in (react, step, travel, navigate,
 * audio): null is none, undefined is a forgotten return, then JSON data, then the state's sound
 * bank, then `check` against those sounds. `what` names the expected result: "a travel recipe".
 */
export function effectResultProblem(
  definition: { sounds?: unknown; soundBank?: unknown },
  state: unknown,
  result: unknown,
  path: string,
  what: string,
  check: (value: unknown, sounds: GizmoSounds, path: string) => Problem,
): Problem {
  if (result === null) return null;
  if (result === undefined) return fail(TYPE_RULES.required, path, `must return ${what} or null`, result);
  const json = jsonProblem(result, path);
  if (json) return json;
  const { sounds, problem: bank } = definitionSounds(definition, state);
  return bank ?? check(result, sounds, path);
}
