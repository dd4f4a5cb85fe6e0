/**
 * The JSON bounds checked first, before any check that walks a value deeply or serialises it:
 * nesting (a top-level object or array is depth 1; the docs bound it at 16) and size (state
 * 32 KiB, payloads 2 KiB). The walk is iterative and linear: it stops at the first container
 * deeper than the bound, or as soon as the JSON text certainly passes the size it counts to, so a
 * state nested 100,000 levels deep, or an object with ten million keys, is refused in
 * microseconds instead of overrunning a deadline inside a native JSON.stringify (which no
 * interrupt stops, and whose cost grows with the square of the depth in goja).
 *
 * It reads own data properties only (no getter runs, no toJSON), counts a lower bound of the JSON
 * text's UTF-8 bytes (a string's UTF-16 length, a number's shortest digits, punctuation) and never
 * refuses what the full check (internal/json.ts jsonProblem) would accept: a value inside these
 * bounds is left to that check, which gives the exact message; a value outside them gets the same
 * rule's words. Cycles are left to the full check too (it names them), as are getters, holes and
 * everything else that is not about depth or size.
 */
// No import of api.ts or rules.ts: problem.ts imports this module, and they import problem.ts,
// so importing them here would change the order the SDK's modules are evaluated in. GizmoProblem
// is only used when a problem is made, long after every module was evaluated.
import { GizmoProblem } from './problem.js';
import type { Rule } from './rules.js';

/**
 * The rules the bounds enforce, given by json.ts when it loads (this module may not import
 * rules.ts, above): the docs' depth and sizes, and this toolchain's bound on a callback's result.
 */
interface BoundsRules {
  depth: Rule;
  bytes: (limit: number) => Rule | undefined;
  result: Rule;
}
let boundsRules: BoundsRules | undefined;

/** Called once by json.ts: the rules a bounds problem carries (its id and class in reports). */
export function useBoundsRules(rules: BoundsRules): void {
  boundsRules = rules;
}

/** api.ts JSON_DEPTH_LIMIT (bounds.test.ts checks they agree). */
export const BOUNDS_DEPTH = 16;

/** rules.ts formatNumber for the whole numbers this module prints: 32768 → "32,768". */
function formatNumber(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A bounds problem shows no `(got …)` part: the value is by definition too large or too deep to
 * render, so it is not carried at all. The class is made on first use: problem.ts imports this
 * module too (describeValue renders only bounded values), so GizmoProblem may not exist yet while
 * the modules are evaluated.
 */
let BoundsProblem: (new (path: string, message: string, rule: Rule | undefined) => GizmoProblem) | undefined;

function boundsProblemAt(path: string, message: string, rule: Rule | undefined): GizmoProblem {
  if (BoundsProblem === undefined) {
    BoundsProblem = class extends GizmoProblem {
      constructor(at: string, text: string, r: Rule | undefined) {
        super(at, text, undefined, r);
      }
      toString(): string {
        return `${this.path ? `${this.path}: ` : ''}${this.message}`;
      }
    };
  }
  return new BoundsProblem(path, message, rule);
}

/**
 * How far past a size limit the walk keeps counting. Within it, the full check measures the
 * exact size (cheap: the value is small) and reports it; past it, the message says "more than".
 */
const EXACT_FACTOR = 16;

/**
 * The size counted when a caller gives no limit: results of callbacks (views, lighting, timelines,
 * steps) have no stated JSON size, but no Gizmo's result comes near a megabyte (its whole bundle
 * is at most one), and a walk past it would cost goja a good part of a deadline. This
 * toolchain's own bound.
 */
export const RESULT_BYTE_BOUND = 1024 * 1024;

const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `null` when `value` is within the bounds (depth at most `depth`, JSON at most `byteLimit`
 * bytes, counted up to EXACT_FACTOR times the limit), else the problem: `must not nest deeper
 * than 16 levels` at the first container too deep, `must be at most 32 KiB of JSON (is more than
 * 524,288 bytes)`.
 */
export function boundsProblem(value: unknown, path: string, byteLimit?: number, limitText?: string, depth: number = BOUNDS_DEPTH): GizmoProblem | null {
  return walk(value, path, byteLimit, limitText, depth, false).problem;
}

/**
 * Whether JSON.stringify(value) is cheap: depth at most 16 and at most about `bytes` of JSON.
 * describeValue and the toolchain render only such values.
 */
export function jsonWithin(value: unknown, bytes: number): boolean {
  return walk(value, '', bytes, undefined, BOUNDS_DEPTH, false, true).problem === null;
}

/**
 * boundsProblem for a value about to be serialised by JSON.stringify, which reads it the way
 * this walk does: values by plain property reads, getters run (JSON.stringify runs them too, a
 * moment later), own enumerable keys in key order. It is about four times cheaper in goja than
 * the descriptor walk, which allocates a descriptor per property and runs no getter because its
 * callers go on to check the value itself. Here only the serialised copy is checked afterwards
 * (state exploration's views), and `plain` says whether that copy is exactly what was walked:
 * false once a toJSON method (or a bigint) is met, and then the caller checks the copy in full.
 * A getter or proxy that answers differently the second time can still make JSON.stringify see
 * more than was walked; as for a deep value built by toJSON, the worker's hard limits (package
 * isolate) are then what bounds it. A value that is itself checked afterwards (a reducer's state:
 * jsonProblem refuses getters) may be walked this way too: a getter then only runs once more
 * before it is refused.
 */
export function serialisedBoundsProblem(value: unknown, path: string, byteLimit?: number, limitText?: string): { problem: GizmoProblem | null; plain: boolean } {
  return walk(value, path, byteLimit, limitText, BOUNDS_DEPTH, true);
}

/**
 * The walk of both (`direct`: plain reads, else own property descriptors, no getter run). What
 * JSON drops in an object (undefined, a function, a symbol) is not counted, key included: the
 * count is a lower bound of JSON.stringify's text either way; a getter or a hole the descriptor
 * walk cannot read counts four bytes, and the full check refuses it. `exactLimit` (jsonWithin)
 * counts to the limit itself rather than EXACT_FACTOR times it.
 */
function walk(value: unknown, path: string, byteLimit: number | undefined, limitText: string | undefined, depth: number, direct: boolean, exactLimit = false): { problem: GizmoProblem | null; plain: boolean } {
  const out = { problem: null as GizmoProblem | null, plain: true };
  if (typeof value !== 'object' || value === null) return out;
  const limit = byteLimit === undefined ? RESULT_BYTE_BOUND : exactLimit ? byteLimit : byteLimit * EXACT_FACTOR;
  if (direct) {
    // The runtime's native twin of this walk (see nativeWithin) may confirm the value is within.
    const native = nativeWithin(value, limit, depth);
    if (native !== 0) {
      out.plain = native === 1;
      return out;
    }
  }
  const over = (): { problem: GizmoProblem | null; plain: boolean } => {
    const text = limitText ?? `${formatNumber(byteLimit ?? RESULT_BYTE_BOUND)} bytes`;
    const whose = byteLimit === undefined ? " (this toolchain's bound on a callback's result)" : '';
    const rule = byteLimit === undefined ? boundsRules?.result : boundsRules?.bytes(byteLimit);
    out.problem = boundsProblemAt(path, `must be at most ${text} of JSON (is more than ${formatNumber(limit)} bytes)${whose}`, rule);
    return out;
  };
  // Every container met is one record (append-only parallel arrays: no recursion, no object per
  // entry): the container, its depth, and how to name it (parent record and key) if it must be
  // reported. The stack holds record numbers. Each record costs at least 2 bytes of JSON, so the
  // size bound also bounds the records.
  const items: unknown[] = [value];
  const levels: number[] = [1];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [''];
  const stack: number[] = [0];
  let bytes = 0;
  while (stack.length > 0) {
    const record = stack.pop() as number;
    const item = items[record] as Record<string | number, unknown>;
    const level = levels[record];
    if (level > depth) {
      if (isAncestor(item, record, items, parents)) continue; // a cycle: the full check names it
      out.problem = boundsProblemAt(pathOf(record, path, parents, keys), `must not nest deeper than ${depth} levels`, depth === BOUNDS_DEPTH ? boundsRules?.depth : boundsRules?.result);
      return out;
    }
    const isArray = Array.isArray(item);
    let names: string[] = [];
    let length: number;
    try {
      if (direct && typeof item.toJSON === 'function') out.plain = false;
      if (isArray) length = (item as unknown as unknown[]).length;
      else {
        names = Object.keys(item);
        length = names.length;
      }
    } catch {
      continue; // a proxy that throws: the full check (or JSON.stringify) reports it
    }
    // Brackets, and an array's commas first (a sparse array of 2 ** 32 - 1 holes is over at
    // once); an object's commas are counted per key kept.
    bytes += 2 + (isArray && length > 0 ? length - 1 : 0);
    if (bytes > limit) return over();
    const first = stack.length;
    let kept = 0;
    for (let i = 0; i < length; i++) {
      const key: string | number = isArray ? i : names[i];
      let v: unknown;
      let read = true;
      if (direct) v = item[key];
      else {
        let desc: PropertyDescriptor | undefined;
        try {
          desc = Object.getOwnPropertyDescriptor(item, key);
        } catch {
          desc = undefined;
        }
        if (desc !== undefined && 'value' in desc) v = desc.value;
        else read = false; // a hole or a getter: the full check refuses it
      }
      let size = 4;
      let dropped = false;
      if (read) {
        switch (typeof v) {
          case 'string':
            size = (v as string).length + 2;
            break;
          case 'number':
            size = digits(v as number);
            break;
          case 'boolean':
            size = v ? 4 : 5;
            break;
          case 'object':
            if (v !== null) {
              size = 0;
              items.push(v);
              levels.push(level + 1);
              parents.push(record);
              keys.push(key);
              stack.push(items.length - 1);
            }
            break;
          case 'bigint':
            out.plain = false; // JSON.stringify throws on it (or a BigInt.prototype.toJSON answers)
            break;
          default:
            dropped = !isArray; // undefined, a function, a symbol: null in an array, gone from an object
        }
      }
      if (!isArray) {
        if (dropped) size = 0;
        else size += (key as string).length + 3 + (kept++ > 0 ? 1 : 0);
      }
      bytes += size;
      if (bytes > limit) return over();
    }
    // Children were pushed in key order; reversed, the first key is walked first (as the full
    // check and JSON.stringify do), so the first container too deep is the one they would name.
    for (let a = first, b = stack.length - 1; a < b; a++, b--) {
      const t = stack[a];
      stack[a] = stack[b];
      stack[b] = t;
    }
  }
  return out;
}

/**
 * The toolchain and the host run this module in goja, where this walk of every view and reducer
 * result was a quarter of state exploration's time. They install
 * `globalThis.__scapeBoundsWalk(value, limit, depth)` — non-writable and non-configurable, before
 * any author code runs, so a bundle cannot replace it (package jsrt, bounds.go) — which reads a
 * value exactly as the direct walk does and counts the same bytes, and answers only 1 (within,
 * no toJSON met), 2 (within, a toJSON met) or 0 (unsure: out of bounds, too deep, a proxy, a
 * bigint, a throw…), when this walk decides as before. The rules and their words stay here.
 * Under Node (authors' own tests) it is absent.
 */
function nativeWithin(value: unknown, limit: number, depth: number): number {
  const hook = (globalThis as { __scapeBoundsWalk?: unknown }).__scapeBoundsWalk;
  if (typeof hook !== 'function') return 0;
  const answer = (hook as (v: unknown, l: number, d: number) => unknown)(value, limit, depth);
  return answer === 1 || answer === 2 ? answer : 0;
}

/** Whether `item` is its own ancestor along the record's parent chain (a cycle). */
function isAncestor(item: unknown, record: number, items: unknown[], parents: number[]): boolean {
  for (let p = parents[record]; p >= 0; p = parents[p]) if (items[p] === item) return true;
  return false;
}

function pathOf(record: number, base: string, parents: number[], keys: (string | number)[]): string {
  const parts: (string | number)[] = [];
  for (let i = record; parents[i] >= 0; i = parents[i]) parts.push(keys[i]);
  let out = base;
  for (let i = parts.length - 1; i >= 0; i--) {
    const key = parts[i];
    if (typeof key === 'number') out = `${out}[${key}]`;
    else if (!ident.test(key)) out = `${out}[${JSON.stringify(key)}]`;
    else out = out ? `${out}.${key}` : key;
  }
  return out;
}

/** At least as many characters as JSON.stringify writes for the number (one, for NaN's "null": four). */
function digits(n: number): number {
  if (n !== n || n === Infinity || n === -Infinity) return 4;
  let count = n < 0 ? 2 : 1;
  for (let a = n < 0 ? -n : n; a >= 10 && count < 24; a /= 10) count++;
  return count;
}
