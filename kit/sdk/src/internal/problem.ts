/**
 * The one shape of a validation problem in the SDK. Every validator builds its result with
 * `problem(...)`, so every message reads the same way everywhere (terminal, JSON, web UI):
 *
 *     lighting.light.radiusCells: must be 0.25–12 cells (got 13)
 *
 * The toolchain reads `path`, `value` and `message` separately; public `*Error` functions return
 * `String(problem)`.
 */
import type { Rule } from './rules.js';
import { jsonWithin } from './bounds.js';

// The rule of the most recent problem (or rules.ts fail()): the conformance tests read it to tie
// a public validator's refusal to its rule. Recorded here, where every problem is built.
let lastRule: Rule | null = null;

/** Records `r` as the most recently broken rule (rules.ts fail() and every GizmoProblem). */
export function noteRule(r: Rule): void {
  lastRule = r;
}

/** The rule most recently broken (tests only). */
export function lastRuleBroken(): Rule | null {
  return lastRule;
}

export class GizmoProblem {
  constructor(
    /** Where, as a JavaScript-like path from the validated value: `voices[0].gain[2].time`. */
    readonly path: string,
    /** What is wrong, phrased as the rule: `must be 0.25–12 cells`. */
    readonly message: string,
    /** What was supplied at `path` (kept as is; rendered by `describeValue`). */
    readonly value: unknown,
    /** The rule broken (rules.ts): its id, class and source. Undefined only for thrown callbacks. */
    readonly rule?: Rule,
  ) {
    if (rule !== undefined) lastRule = rule;
  }

  /** `warning` for a guess rule that reports (rules.ts), else `error`. */
  get severity(): 'error' | 'warning' {
    return this.rule !== undefined && this.rule.class === 'guess' ? 'warning' : 'error';
  }

  toString(): string {
    return `${this.path ? `${this.path}: ` : ''}${this.message} (got ${describeValue(this.value)})`;
  }
}

/**
 * A problem found by a rule. Validators report through rules.ts `fail`, which decides from the
 * rule's class whether the problem is an error, a warning or nothing; `problem` itself only builds.
 */
export function problem(path: string, message: string, value: unknown, rule?: Rule): GizmoProblem {
  return new GizmoProblem(path, message, value, rule);
}

/** The same problem at another path or with more words (wrapping keeps the rule). */
export function reworded(found: GizmoProblem, path: string, message: string): GizmoProblem {
  return new GizmoProblem(path, message, found.value, found.rule);
}

/** The public `*Error` result for an internal check. */
export function problemText(found: GizmoProblem | null): string | null {
  return found === null ? null : found.toString();
}

/** `joinPath('a', 'b')` is `a.b`, `joinPath('a', 2)` is `a[2]`, `joinPath('', 'b')` is `b`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return `${base}[${JSON.stringify(key)}]`;
  return base ? `${base}.${key}` : key;
}

const MAX_DESCRIPTION = 60;

/** A short, unambiguous rendering of a supplied value for messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'string':
      return shorten(JSON.stringify(value));
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
  }
  if (Array.isArray(value)) {
    const text = safeJson(value);
    return text === undefined ? `an array of ${value.length}` : shorten(text);
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== null && proto !== Object.prototype) {
    const name = (proto.constructor && proto.constructor.name) || 'object';
    return `a ${name} instance`;
  }
  const text = safeJson(value);
  return text === undefined ? 'an object' : shorten(text);
}

/**
 * Values with more JSON than this, or nested deeper than 16, are described by their kind alone
 * (the description shows 60 characters): JSON.stringify of an author's 100,000-level value would
 * run for seconds inside one native call that no deadline interrupts.
 */
const DESCRIBE_JSON_BOUND = 65536;

function safeJson(value: unknown): string | undefined {
  if (!jsonWithin(value, DESCRIBE_JSON_BOUND)) return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function shorten(text: string): string {
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1)}…`;
}
