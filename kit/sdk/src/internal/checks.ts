/**
 * Small shared checks every validator is built from, so a rule's wording is the same in every
 * module ("must be a number from 0 to 1"). Each returns a GizmoProblem or null.
 *
 * Conventions:
 * - Recipes are exact: a key the contract does not declare is a problem (`knownKeys`), because a
 *   misspelt optional field (`radiusCell`) would otherwise be silently ignored.
 * - Numbers must be finite; ranges are inclusive unless the message says otherwise.
 */
import { GizmoProblem, joinPath, problem } from './problem.js';

export type Problem = GizmoProblem | null;

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
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
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

function unknownKey(value: Record<string, unknown>, path: string, key: string, allowed: readonly string[]): GizmoProblem {
  return problem(joinPath(path, key), `is not a known field (expected one of ${allowed.join(', ')})`, value[key]);
}

/** Requires each of `keys` to be present (not undefined). */
export function requiredKeys(value: Record<string, unknown>, path: string, keys: readonly string[]): Problem {
  for (let i = 0; i < keys.length; i++) {
    if (value[keys[i]] === undefined) return problem(joinPath(path, keys[i]), 'is required', undefined);
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

/** 2000 → "2,000"; 0.25 → "0.25"; keeps messages readable and equal to the limits table. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [int, frac] = String(Math.abs(n)).split('.');
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int;
  return `${n < 0 ? '−' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** A finite number in [min, max]: message `must be 0.25–12 cells`. */
export function numberIn(value: unknown, path: string, min: number, max: number, unit = ''): Problem {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    return problem(path, `must be ${rangeText(min, max, unit)}`, value);
  return null;
}

/** A finite number greater than `min` and at most `max`: message `must be greater than 0 and at most 32 cells`. */
export function numberAboveUpTo(value: unknown, path: string, min: number, max: number, unit = ''): Problem {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= min || value > max)
    return problem(path, `must be greater than ${formatNumber(min)} and at most ${formatNumber(max)}${unit ? ` ${unit}` : ''}`, value);
  return null;
}

/** An integer in [min, max]: message `must be an integer 0–3 cells`. */
export function integerIn(value: unknown, path: string, min: number, max: number, unit = ''): Problem {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return problem(path, `must be an integer ${rangeText(min, max, unit)}`, value);
  return null;
}

export function finiteNumber(value: unknown, path: string): Problem {
  if (typeof value !== 'number' || !Number.isFinite(value)) return problem(path, 'must be a finite number', value);
  return null;
}

export function booleanValue(value: unknown, path: string): Problem {
  return typeof value === 'boolean' ? null : problem(path, 'must be true or false', value);
}

/** Optional field: undefined passes, anything else goes through `check`. */
export function optional(value: unknown, check: () => Problem): Problem {
  return value === undefined ? null : check();
}

/** One of a fixed set of literals. */
export function oneOf(value: unknown, path: string, allowed: readonly (string | number | boolean)[]): Problem {
  if (!allowed.includes(value as string)) return problem(path, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`, value);
  return null;
}

/**
 * A string of 1..max UTF-16 units without control characters (U+0000–U+001F, U+007F–U+009F).
 * Written with explicit ranges: regex Unicode property escapes misbehave in goja.
 */
export function plainString(value: unknown, path: string, max: number, options: { allowEmpty?: boolean } = {}): Problem {
  if (typeof value !== 'string') return problem(path, 'must be a string', value);
  if (!options.allowEmpty && value.length === 0) return problem(path, 'must not be empty', value);
  if (value.length > max) return problem(path, `must be at most ${formatNumber(max)} characters`, value);
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return problem(path, 'must not contain control characters', value);
  return null;
}

/** `#rrggbb` (six hex digits). */
export function hexColor(value: unknown, path: string): Problem {
  if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value))
    return problem(path, 'must be a six-digit hex color like "#ffc078"', value);
  return null;
}

/** An array of min..max items, each checked by `each` (first problem wins). */
export function arrayOf(
  value: unknown,
  path: string,
  min: number,
  max: number,
  each: (item: unknown, itemPath: string, index: number) => Problem,
): Problem {
  if (!Array.isArray(value)) return problem(path, 'must be an array', value);
  if (value.length < min || value.length > max)
    return problem(path, min === max ? `must have exactly ${min} items` : `must have ${formatNumber(min)}–${formatNumber(max)} items`, value);
  for (let i = 0; i < value.length; i++) {
    const found = each(value[i], joinPath(path, i), i);
    if (found) return found;
  }
  return null;
}

/** A fixed-length numeric tuple, each entry checked by `each`. */
export function tuple(value: unknown, path: string, length: number, each: (item: unknown, itemPath: string, index: number) => Problem): Problem {
  if (!Array.isArray(value) || value.length !== length)
    return problem(path, `must be a list of exactly ${length} numbers`, value);
  return arrayOf(value, path, length, length, each);
}

/** [low, high] with low ≤ high, both in [min, max]. */
export function orderedPair(value: unknown, path: string, min: number, max: number, unit = ''): Problem {
  const found = tuple(value, path, 2, (item, itemPath) => numberIn(item, itemPath, min, max, unit));
  if (found) return found;
  const pair = value as [number, number];
  if (pair[0] > pair[1]) return problem(path, 'must be [low, high] with low ≤ high', value);
  return null;
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
