/**
 * "Reducers are synchronous and side-effect-free" (spec, Actions), and `react` returns
 * `GizmoReaction | null` (its type; a Promise has nothing in common with GizmoReaction): neither
 * may be async. The catalog refuses an async function statically (`asyncCallbackProblem`); the
 * registry refuses a Promise or thenable a callback returns when it runs (`pendingResultText`).
 *
 * Author code may replace globals (`Object.getPrototypeOf`, `Function.prototype.toString`,
 * `Reflect.apply`) before it is checked, so what this module relies on is captured when the SDK
 * loads, before any author code runs.
 */
import { GizmoProblem } from './problem.js';
import { rule, type Rule } from './rules.js';

const getPrototypeOf = Object.getPrototypeOf;
const ownDescriptor = Object.getOwnPropertyDescriptor;
const apply = Reflect.apply;
const functionSource = Function.prototype.toString;
const ASYNC_FUNCTION_PROTOTYPE: unknown = getPrototypeOf(async function () {});
const PROMISE_PROTOTYPE: unknown = Promise.prototype;
const OBJECT_PROTOTYPE: unknown = Object.prototype;
const ARRAY_PROTOTYPE: unknown = Array.prototype;
const promiseThen = Promise.prototype.then;
/**
 * goja gives async methods (`async run() {}` in an object literal or a class) the prototype of
 * ordinary functions, so there the prototype finds async function expressions and arrows only;
 * Node gives every async function AsyncFunction.prototype. Measured once, when the SDK loads.
 */
const ASYNC_METHODS_TAGGED = getPrototypeOf({ async m() {} }.m) === ASYNC_FUNCTION_PROTOTYPE;

/** Why a reducer must not be async, as the messages give it. */
export const REDUCER_REASON = 'reducers are synchronous';
/** Why react must not be async, as the messages give it. */
export const REACTION_REASON = 'react returns a reaction or null';

export const SYNCHRONOUS_RULES = {
  reducer: rule({ id: 'actions.synchronous', class: 'doc', section: 'Definitions, state and actions', item: 'Action reducers (`run`)', bound: 'synchronous: not an async function, never returns a Promise or thenable', source: 'Projects, state and actions › Actions: "Reducers are synchronous and side-effect-free."' }),
  react: rule({ id: 'react.synchronous', class: 'type', section: 'Definitions, state and actions', item: '`react`', bound: 'synchronous: not an async function, never returns a Promise or thenable', source: 'declared `(state, previous, action, context) => GizmoReaction | null`: a Promise is neither' }),
};

function ruleFor(reason: string): Rule {
  return reason === REDUCER_REASON ? SYNCHRONOUS_RULES.reducer : SYNCHRONOUS_RULES.react;
}

/** A stated rule whose text has no "(got …)": `actions.toggle.run: must be synchronous (…)`. */
class SynchronousProblem extends GizmoProblem {
  toString(): string {
    return `${this.path}: ${this.message}`;
  }
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f' || c === '\u00a0' || c === '\ufeff';
}

/**
 * Whether a method's source text is an async method definition: `async` then, after at least
 * one space or comment, its name, or directly `*`, `[`, `#` or a quote (`async run() {}`,
 * `async [key]() {}`). `async() {}` (a method named async), `async => x` (an arrow whose
 * parameter is async) and `asyncRun() {}` are not. Only string indexing is used: author code
 * cannot replace it.
 */
function asyncMethodSource(text: string): boolean {
  if (text.length < 6 || text[0] !== 'a' || text[1] !== 's' || text[2] !== 'y' || text[3] !== 'n' || text[4] !== 'c') return false;
  let i = 5;
  let gap = false;
  while (i < text.length) {
    if (isSpace(text[i])) {
      i++;
    } else if (text[i] === '/' && text[i + 1] === '*') {
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) i++;
      i += 2;
    } else if (text[i] === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else {
      break;
    }
    gap = true;
  }
  const c = i < text.length ? text[i] : '';
  if (c === '*' || c === '[' || c === '#' || c === '"' || c === "'") return true;
  if (!gap || c === '' || c === '(' || c === '=' || c === ':' || c === ',' || c === ')' || c === '{' || c === '}' || c === ';') return false;
  return true;
}

/** Whether `fn` is an async function (or async method), judged without calling it. */
export function isAsyncFunction(fn: unknown): boolean {
  if (typeof fn !== 'function') return false;
  try {
    if (getPrototypeOf(fn) === ASYNC_FUNCTION_PROTOTYPE) return true;
    if (ASYNC_METHODS_TAGGED) return false;
    return asyncMethodSource(apply(functionSource, fn, []) as string);
  } catch {
    // A revoked proxy or an exotic function: not statically async; the registry still refuses
    // a Promise it returns.
    return false;
  }
}

/** The catalog's static check: `path: must be synchronous (reason; got an async function)`, or null. */
export function asyncCallbackProblem(fn: unknown, path: string, reason: string): GizmoProblem | null {
  return isAsyncFunction(fn) ? new SynchronousProblem(path, `must be synchronous (${reason}; got an async function)`, fn, ruleFor(reason)) : null;
}

/** 'a Promise', 'a thenable' (an object or function with a `then` method), or null. */
export function pendingKind(value: unknown): string | null {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return null;
  try {
    const proto = getPrototypeOf(value);
    if (proto === PROMISE_PROTOTYPE) {
      // An async reducer that throws rejects its Promise; nothing will await it, so under Node
      // it would end the process as an unhandled rejection. The refusal says what went wrong.
      apply(promiseThen, value, [undefined, () => undefined]);
      return 'a Promise';
    }
    // A plain object or array would inherit `then` from Object.prototype or Array.prototype,
    // which author code can set: only its own `then` counts (read without running a getter).
    const plain = proto === OBJECT_PROTOTYPE || proto === ARRAY_PROTOTYPE || proto === null;
    const then = plain ? ownDescriptor(value, 'then')?.value : (value as { then?: unknown }).then;
    return typeof then === 'function' ? 'a thenable' : null;
  } catch {
    return null;
  }
}

/**
 * The registry's check of what a callback returned: `path: must be synchronous (reason; returned
 * a Promise)`, or null when `value` is not a Promise or thenable.
 */
export function pendingResultText(value: unknown, path: string, reason: string): string | null {
  const kind = pendingKind(value);
  return kind === null ? null : new SynchronousProblem(path, `must be synchronous (${reason}; returned ${kind})`, value, ruleFor(reason)).toString();
}

/** The same, as a catalog problem (the react probe's). */
export function pendingResultProblem(value: unknown, path: string, reason: string): GizmoProblem | null {
  const kind = pendingKind(value);
  return kind === null ? null : new SynchronousProblem(path, `must be synchronous (${reason}; returned ${kind})`, value, ruleFor(reason));
}
