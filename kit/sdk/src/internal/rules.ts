/**
 * Every rule the validators enforce, as data: what it bounds, where the bound comes from, and so
 * whether breaking it is an error, a warning, or nothing.
 *
 * The product's first promise is that a build refuses only what the published contract refuses.
 * So each rule carries its provenance:
 *
 * - `doc`: the docs state it (a sentence, a limits-table row, a type comment); `source` quotes
 *   the place. Breaking it is an error.
 * - `type`: the type declarations imply it (a field's type, an enum, a required or unknown key, a
 *   tuple's length). An error.
 * - `cost`: a bound that protects the toolchain itself (render time, memory, exploration). An
 *   error, but generous, and its message says it is this toolchain's budget, not the contract's.
 * - `guess`: the docs are silent. Never an error: a `warning` rule reports a value that is very
 *   likely a mistake (the build still passes; `--strict` fails it), a `dropped` rule is listed
 *   here so the record of what was once enforced stays, and is never checked.
 *
 * Rules are module-level constants, registered when their module loads, so `allRules()` is the
 * complete list: LIMITS.md is generated from it (kit's TestLimitsDocument fails when they differ).
 * Checks read their bounds from the rule (`numberIn(value, path, RULE)`), so a bound and its row
 * cannot disagree.
 */
import { GizmoProblem, lastRuleBroken, noteRule, problem } from './problem.js';

export type RuleClass = 'doc' | 'type' | 'cost' | 'guess';

/** What a guess rule does: reports a warning, or nothing at all. */
export type GuessTreatment = 'warning' | 'dropped';

export interface RuleSpec {
  /** Stable id, used in diagnostics (`rule` in `--json`) and tests: `light.radiusCells`. */
  id: string;
  class: RuleClass;
  /** For class `guess` only: `warning` (reported) or `dropped` (never checked). */
  treatment?: GuessTreatment;
  /** The LIMITS.md section the row belongs to (one of SECTIONS). */
  section: string;
  /** What is bounded, as the table's first column: "World light `radiusCells`". */
  item: string;
  /** The rule as text. Range rules may leave it out: it is written from min/max/unit. */
  bound?: string;
  /**
   * doc: the section of the docs and the quoted words; type: the declaration; cost: what it
   * protects; guess: why the value is (warning) or is not (dropped) worth reporting.
   */
  source: string;
  /** The bound this rule had before it was reclassified, when it changed ("0.01–12 s"). */
  was?: string;
  /** Numeric range rules: inclusive bounds, unit for messages, whether an integer is required. */
  min?: number;
  max?: number;
  unit?: string;
  integer?: boolean;
}

export interface Rule extends Readonly<RuleSpec> {
  readonly bound: string;
}

/** LIMITS.md's sections, in document order. */
export const SECTIONS = [
  'Definitions, state and actions',
  'Views',
  'Text',
  'Navigation',
  'Travel and push',
  'Reactions and step feedback',
  'Configuration',
  'Models',
  'Audio recipes',
  'Light and glow',
  'Sprites',
  'Presentation and timelines',
  'Sounds, commands and ambience',
  'Sequences and the bus',
  'Types',
] as const;

const registry = new Map<string, Rule>();

/** Registers a rule. Ids are unique; a second registration of an id is a programming error. */
export function rule(spec: RuleSpec): Rule {
  if (registry.has(spec.id)) throw new Error(`rule ${spec.id} is registered twice`);
  if (SECTIONS.indexOf(spec.section as (typeof SECTIONS)[number]) < 0) throw new Error(`rule ${spec.id}: unknown section ${spec.section}`);
  if ((spec.class === 'guess') !== (spec.treatment !== undefined)) throw new Error(`rule ${spec.id}: a treatment is given exactly for guess rules`);
  const bound = spec.bound ?? rangeBound(spec);
  const out: Rule = Object.freeze({ ...spec, bound });
  registry.set(spec.id, out);
  return out;
}

function rangeBound(spec: RuleSpec): string {
  if (spec.min === undefined || spec.max === undefined) throw new Error(`rule ${spec.id}: give a bound or min and max`);
  return `${spec.integer ? 'integer ' : ''}${rangeText(spec.min, spec.max, spec.unit ?? '')}`;
}

/** Every registered rule, in registration order. */
export function allRules(): Rule[] {
  return Array.from(registry.values());
}

/** The rule with `id`, or undefined. */
export function ruleById(id: string): Rule | undefined {
  return registry.get(id);
}

/** Whether breaking `r` is an error (doc, type, cost) rather than a warning or nothing. */
export function isError(r: Rule): boolean {
  return r.class !== 'guess';
}

/** The words every cost rule's message ends with, so no author mistakes it for the contract. */
export const COST_NOTE = "this toolchain's own budget, not a limit of the Scape contract";

/** The rule most recently broken (tests only: which rule a public validator's refusal came from). */
export function lastFailedRule(): Rule | null {
  return lastRuleBroken();
}

// Warnings found while a check runs. Checks return the first error; a warning does not stop them,
// so it is recorded here for the caller that asked (collectWarnings) and the check goes on.
let sink: GizmoProblem[] | null = null;

/**
 * The outcome of breaking `r` at `path`: a problem for an error rule (a cost rule's message says
 * it is the toolchain's budget), null for a guess rule — a `warning` rule records its problem for
 * collectWarnings first. Every validator reports through here, so a rule's class alone decides.
 */
export function fail(r: Rule, path: string, message: string, value: unknown): GizmoProblem | null {
  noteRule(r);
  if (r.class === 'guess') {
    if (r.treatment === 'warning' && sink !== null) sink[sink.length] = problem(path, message, value, r);
    return null;
  }
  return problem(path, r.class === 'cost' ? `${message} (${COST_NOTE})` : message, value, r);
}

/** Runs `check`, returning its result and the warnings it recorded (nested calls see their own). */
export function collectWarnings<T>(check: () => T): { result: T; warnings: GizmoProblem[] } {
  const saved = sink;
  const mine: GizmoProblem[] = [];
  sink = mine;
  try {
    return { result: check(), warnings: mine };
  } finally {
    sink = saved;
  }
}

/**
 * Runs author code with no warning sink: a public validator an author calls inside `valid()` or
 * `view()` records nothing in the catalog's warnings (its paths would not be the definition's).
 */
export function withoutWarnings<T>(run: () => T): T {
  const saved = sink;
  sink = null;
  try {
    return run();
  } finally {
    sink = saved;
  }
}

/** Records an already-built warning (a warning found by a nested collectWarnings, passed up). */
export function recordWarning(found: GizmoProblem): void {
  if (sink !== null) sink[sink.length] = found;
}

function rangeText(min: number, max: number, unit: string): string {
  return `${formatNumber(min)}–${formatNumber(max)}${unit ? ` ${unit}` : ''}`;
}

/** 2000 → "2,000"; 0.25 → "0.25"; keeps messages readable and equal to the limits table. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [int, frac] = String(Math.abs(n)).split('.');
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int;
  return `${n < 0 ? '−' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

// The rules the type declarations imply, shared by every shape check in checks.ts.
const T = 'Types';
export const TYPE_RULES = {
  object: rule({ id: 'type.object', class: 'type', section: T, item: 'Object-typed fields', bound: 'a plain object (not null, an array or a class instance)', source: 'declared as an interface or object type' }),
  required: rule({ id: 'type.required', class: 'type', section: T, item: 'Required fields', bound: 'present (not undefined)', source: 'declared without `?`' }),
  unknownKey: rule({ id: 'type.unknown-key', class: 'type', section: T, item: 'Fields of a recipe', bound: 'only declared keys', source: 'the declarations are exact shapes: a misspelt optional field (`radiusCell`) would otherwise be silently ignored' }),
  number: rule({ id: 'type.number', class: 'type', section: T, item: 'Numbers', bound: 'a finite number', source: 'declared `number`; recipes are JSON data, which has no NaN or ±Infinity ("State must be JSON data: no … non-finite numbers")' }),
  string: rule({ id: 'type.string', class: 'type', section: T, item: 'Strings', bound: 'a string', source: 'declared `string`' }),
  boolean: rule({ id: 'type.boolean', class: 'type', section: T, item: 'Booleans', bound: 'true or false', source: 'declared `boolean`' }),
  array: rule({ id: 'type.array', class: 'type', section: T, item: 'Lists', bound: 'an array', source: 'declared `T[]`' }),
  tuple: rule({ id: 'type.tuple', class: 'type', section: T, item: 'Tuples', bound: 'exactly the declared number of items', source: 'declared as a tuple (`[number, number]`)' }),
  literal: rule({ id: 'type.literal', class: 'type', section: T, item: 'Literal unions', bound: 'one of the declared literals', source: "declared as a union of literals (`'sine' | 'square'`)" }),
  function: rule({ id: 'type.function', class: 'type', section: T, item: 'Callbacks', bound: 'a function', source: 'declared as a function type' }),
};
