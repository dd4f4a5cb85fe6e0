/**
 * Small shared checks every validator is built from, so a rule's wording is the same in every
 * module ("must be a number from 0 to 1"). Each returns a GizmoProblem or null.
 *
 * Conventions:
 * - Recipes are exact: a key the contract does not declare is a problem (`knownKeys`), because a
 *   misspelt optional field (`radiusCell`) would otherwise be silently ignored.
 * - Numbers must be finite; ranges are inclusive unless the message says otherwise.
 */
import { GizmoProblem, joinPath } from './problem.js';
import { fail, formatNumber, TYPE_RULES, type Rule } from './rules.js';

export { formatNumber } from './rules.js';

export type Problem = GizmoProblem | null;

const T = TYPE_RULES;

/** A plain object (not null, not an array, not a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A field list precomputed for `knownKeys`: membership is one Set lookup instead of a scan. Build
 * these once at module level for shapes checked per item (view controls, definitions).
 */
export interface FieldSet {
  readonly list: readonly string[];
  readonly set: ReadonlySet<string>;
}

export function fieldSet(list: readonly string[]): FieldSet {
  return { list, set: new Set(list) };
}

/** Rejects keys outside `allowed` (and a non-object). */
export function knownKeys(value: unknown, path: string, allowed: readonly string[] | FieldSet): Problem {
  if (!isPlainObject(value)) return fail(T.object, path, 'must be an object', value);
  const keys = Object.keys(value);
  // Indexed loops throughout: goja allocates an iterator result object per step of for…of.
  const set = (allowed as FieldSet).set;
  if (set !== undefined) {
    for (let i = 0; i < keys.length; i++) {
      if (!set.has(keys[i])) return unknownKey(value, path, keys[i], (allowed as FieldSet).list);
    }
    return null;
  }
  const list = allowed as readonly string[];
  for (let i = 0; i < keys.length; i++) {
    if (list.indexOf(keys[i]) < 0) return unknownKey(value, path, keys[i], list);
  }
  return null;
}

function unknownKey(value: Record<string, unknown>, path: string, key: string, allowed: readonly string[]): Problem {
  return fail(T.unknownKey, joinPath(path, key), `is not a known field (expected one of ${allowed.join(', ')})`, value[key]);
}

/** Requires each of `keys` to be present (not undefined). */
export function requiredKeys(value: Record<string, unknown>, path: string, keys: readonly string[]): Problem {
  for (let i = 0; i < keys.length; i++) {
    if (value[keys[i]] === undefined) return fail(T.required, joinPath(path, keys[i]), 'is required', undefined);
  }
  return null;
}

/**
 * `joinPath(path, key)` for a key known to be an identifier (a literal field name): no pattern
 * test. For hot per-item checks.
 */
export function fieldPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function rangeText(min: number, max: number, unit: string): string {
  const u = unit ? ` ${unit}` : '';
  return `${formatNumber(min)}–${formatNumber(max)}${u}`;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A number rule's text for a string where the number belongs (`intensity: '0.12'`): the rule
 * alone (`must be 0–1 (got "0.12")`) reads as if 0.12 were out of range. It names the type, and
 * when the string spells a number, the fix: `must be a number 0–1, not a string: write 0.12
 * without quotes`. Any other value keeps `text`.
 */
export function numberText(value: unknown, text: string): string {
  if (typeof value !== 'string') return text;
  const rest = text.startsWith('must be a ') ? text.slice('must be a '.length) : text.startsWith('must be ') ? `number ${text.slice('must be '.length)}` : '';
  const head = rest === '' ? `${text}, not a string` : `must be a ${rest}, not a string`;
  const trimmed = value.trim();
  const n = Number(trimmed);
  return trimmed !== '' && trimmed.length <= 32 && Number.isFinite(n) ? `${head}: write ${trimmed} without quotes` : head;
}

/**
 * A range rule's check. An error rule (doc, cost) words the whole rule (`must be 0.25–12 cells`,
 * NaN included, as the limits table does); a guess rule leaves the type to `type.number` (always
 * an error) and only warns about the range.
 */
function ranged(value: unknown, path: string, r: Rule, integer: boolean): Problem {
  const min = r.min as number;
  const max = r.max as number;
  const text = `must be ${integer ? 'an integer ' : ''}${rangeText(min, max, r.unit ?? '')}`;
  if (r.class === 'guess' && !finite(value)) return fail(T.number, path, numberText(value, 'must be a finite number'), value);
  if (!finite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) return fail(r, path, numberText(value, text), value);
  return null;
}

/** A finite number in the rule's [min, max]: message `must be 0.25–12 cells`. */
export function numberIn(value: unknown, path: string, r: Rule): Problem {
  return ranged(value, path, r, r.integer === true);
}

/** A finite number greater than `min` and at most `max`: message `must be greater than 0 and at most 32 cells`. */
export function numberAboveUpTo(value: unknown, path: string, r: Rule): Problem {
  if (r.class === 'guess' && !finite(value)) return fail(T.number, path, numberText(value, 'must be a finite number'), value);
  if (!finite(value) || value <= (r.min as number) || value > (r.max as number))
    return fail(r, path, numberText(value, `must be greater than ${formatNumber(r.min as number)} and at most ${formatNumber(r.max as number)}${r.unit ? ` ${r.unit}` : ''}`), value);
  return null;
}

/** An integer in [min, max]: message `must be an integer 0–3 cells`. */
export function integerIn(value: unknown, path: string, r: Rule): Problem {
  return ranged(value, path, r, true);
}

export function finiteNumber(value: unknown, path: string): Problem {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail(T.number, path, numberText(value, 'must be a finite number'), value);
  return null;
}

export function booleanValue(value: unknown, path: string): Problem {
  return typeof value === 'boolean' ? null : fail(T.boolean, path, 'must be true or false', value);
}

/** A string (any length, any characters): the declaration's `string`. */
export function stringValue(value: unknown, path: string): Problem {
  return typeof value === 'string' ? null : fail(T.string, path, 'must be a string', value);
}

/**
 * A string whose length (UTF-16 units) is within the rule's [min, max]: `must be 1–240
 * characters`. The type (a string) is always an error; the length is the rule's.
 */
export function stringIn(value: unknown, path: string, r: Rule): Problem {
  if (typeof value !== 'string') return fail(T.string, path, 'must be a string', value);
  const min = r.min as number;
  const max = r.max as number;
  if (value.length < min || value.length > max) {
    const text = min === 0 ? `must be at most ${formatNumber(max)} characters` : min === 1 && value.length === 0 ? 'must not be empty' : `must be ${rangeText(min, max, 'characters')}`;
    return fail(r, path, text, value);
  }
  return null;
}

/** Optional field: undefined passes, anything else goes through `check`. */
export function optional(value: unknown, check: () => Problem): Problem {
  return value === undefined ? null : check();
}

/** One of a fixed set of literals. */
export function oneOf(value: unknown, path: string, allowed: readonly (string | number | boolean)[]): Problem {
  if (!allowed.includes(value as string)) return fail(T.literal, path, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`, value);
  return null;
}

const HEX_SHORT_OR_LONG = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A color the docs type only as `string` (glow, sprite, presentation, burst, arrival trail): a
 * string is required (`typeMessage`, a type error); one that is not `#rgb`/`#rrggbb` breaks the
 * guess rule `r` with `message` (a warning: every color the docs show is hex, and a renderer may
 * not draw another form).
 */
export function colorString(value: unknown, path: string, r: Rule, message: string, typeMessage = 'must be a string'): Problem {
  if (typeof value !== 'string') return fail(T.string, path, typeMessage, value);
  return HEX_SHORT_OR_LONG.test(value) ? null : fail(r, path, message, value);
}
const HEX_LONG = /^#[0-9a-fA-F]{6}$/;

/**
 * A hex sRGB color under rule `r`: `#rgb` or `#rrggbb`, or only `#rrggbb` when `sixDigits` (the
 * docs say "six-digit hex color" for the navigation trail). Not a string is a type error.
 */
export function hexColorOf(value: unknown, path: string, r: Rule, sixDigits = false): Problem {
  if (typeof value !== 'string') return fail(T.string, path, sixDigits ? 'must be a six-digit hex color like "#ffc078"' : 'must be a hex color like "#ffc078" or "#fc0"', value);
  if (!(sixDigits ? HEX_LONG : HEX_SHORT_OR_LONG).test(value))
    return fail(r, path, sixDigits ? 'must be a six-digit hex color like "#ffc078"' : 'must be a hex color like "#ffc078" or "#fc0"', value);
  return null;
}

/**
 * An array whose item count is under rule `count` (null: any count), each item checked by `each`
 * (first problem wins).
 */
export function arrayOf(value: unknown, path: string, count: Rule | null, each: (item: unknown, itemPath: string, index: number) => Problem): Problem {
  if (!Array.isArray(value)) return fail(T.array, path, 'must be an array', value);
  if (count !== null) {
    const lo = count.min as number;
    const hi = count.max as number;
    if (value.length < lo || value.length > hi) {
      const found = fail(count, path, lo === hi ? `must have exactly ${lo} items` : `must have ${formatNumber(lo)}–${formatNumber(hi)} items`, value);
      if (found) return found;
    }
  }
  const check = each;
  for (let i = 0; i < value.length; i++) {
    const found = check(value[i], joinPath(path, i), i);
    if (found) return found;
  }
  return null;
}

/** A fixed-length numeric tuple, each entry checked by `each`. */
export function tuple(value: unknown, path: string, length: number, each: (item: unknown, itemPath: string, index: number) => Problem): Problem {
  if (!Array.isArray(value) || value.length !== length)
    return fail(T.tuple, path, `must be a list of exactly ${length} numbers`, value);
  return arrayOf(value, path, null, each);
}

/**
 * Runs checks in order and returns the first problem. Each call allocates its closures: fine per
 * definition, too slow per item in goja, where hot per-item checks are plain `if` chains.
 */
export function first(...checks: (() => Problem)[]): Problem {
  for (let i = 0; i < checks.length; i++) {
    const found = checks[i]();
    if (found) return found;
  }
  return null;
}

