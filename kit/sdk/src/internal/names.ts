/**
 * Identifier grammars shared by the definition-level validators. One place, so a field id, an
 * action name and a preview name are spelt by the same rule everywhere.
 */
import { problem } from './problem.js';
import type { Problem } from './checks.js';

/**
 * Keys authors choose (action and preview names, view field and control ids, state field names
 * in configuration/editors): 1–64 ASCII characters, starting with a letter, digit or `_`, then
 * letters, digits and `_` `-` `.` `:`.
 */
export const KEY_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,63}$/;

export function keyProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string' || !KEY_PATTERN.test(value))
    return problem(path, 'must be a name of 1–64 ASCII letters, digits, "_", "-", "." or ":" (starting with a letter, digit or "_")', value);
  return null;
}

/**
 * Definition types are namespaced: two or more dot-separated lowercase segments, each starting
 * with a letter (`example.lamp`, `my-game.counter`), at most 64 characters.
 */
export const TYPE_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export function typeProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string' || value.length > 64 || !TYPE_PATTERN.test(value))
    return problem(path, 'must be a namespaced type like "my-game.counter" (lowercase letters, digits and "-", dot-separated, at most 64 characters)', value);
  return null;
}

/** A definition version (and an envelope's or configuration's): a positive safe integer. */
export function versionProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) return problem(path, 'must be a positive integer', value);
  return null;
}

/**
 * An emoji (a definition's identity, a burst particle): 1–16 UTF-16 units, no whitespace or
 * control characters, no ASCII letters, and at least one character at or above U+00A9 (so "1️⃣"
 * passes and "A" does not). Full emoji-sequence validation would need Unicode data tables the SDK
 * does not carry; hosts render whatever glyph the platform has.
 */
export function emojiProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string' || value.length === 0 || value.length > 16 || /[\u0000-\u0020\u007f-\u00a0A-Za-z\u2028\u2029]/.test(value) || !/[\u00a9-\uffff]/.test(value))
    return problem(path, 'must be a single emoji (1–16 UTF-16 units, no letters, spaces or control characters)', value);
  return null;
}

/** Emoji identity for uniqueness: variation selectors (U+FE0E, U+FE0F) do not make a new emoji. */
export function emojiKey(emoji: string): string {
  // Most emojis carry no selector: skip the regex replace (slow in goja, run per definition).
  if (emoji.indexOf('\ufe0f') < 0 && emoji.indexOf('\ufe0e') < 0) return emoji;
  return emoji.replace(/[\ufe0e\ufe0f]/g, '');
}
