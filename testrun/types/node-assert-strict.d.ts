/**
 * The subset of `node:assert/strict` that `scape gizmo test` supplies (see docs/projects.md).
 * Every comparison is strict (Object.is / deep strict equality), as in Node's strict mode.
 */
type Message = string | Error;
/** What `throws`/`rejects` accept as the expected error. */
type ErrorMatcher = RegExp | (new (...args: any[]) => unknown) | ((error: unknown) => boolean) | Record<string, unknown> | Error;

declare function assert(value: unknown, message?: Message): asserts value;
declare namespace assert {
  class AssertionError extends Error {
    actual: unknown;
    expected: unknown;
    operator: string;
    generatedMessage: boolean;
    code: 'ERR_ASSERTION';
    constructor(options: { message?: string; actual?: unknown; expected?: unknown; operator?: string });
  }
  function ok(value: unknown, message?: Message): asserts value;
  function equal<T>(actual: unknown, expected: T, message?: Message): asserts actual is T;
  function strictEqual<T>(actual: unknown, expected: T, message?: Message): asserts actual is T;
  function notEqual(actual: unknown, expected: unknown, message?: Message): void;
  function notStrictEqual(actual: unknown, expected: unknown, message?: Message): void;
  function deepEqual<T>(actual: unknown, expected: T, message?: Message): asserts actual is T;
  function deepStrictEqual<T>(actual: unknown, expected: T, message?: Message): asserts actual is T;
  function notDeepEqual(actual: unknown, expected: unknown, message?: Message): void;
  function notDeepStrictEqual(actual: unknown, expected: unknown, message?: Message): void;
  function throws(fn: () => unknown, message?: string): void;
  function throws(fn: () => unknown, error: ErrorMatcher, message?: string): void;
  function doesNotThrow(fn: () => unknown, message?: string): void;
  function rejects(promise: Promise<unknown> | (() => Promise<unknown>), message?: string): Promise<void>;
  function rejects(promise: Promise<unknown> | (() => Promise<unknown>), error: ErrorMatcher, message?: string): Promise<void>;
  function doesNotReject(promise: Promise<unknown> | (() => Promise<unknown>), message?: string): Promise<void>;
  function match(value: string, regExp: RegExp, message?: Message): void;
  function doesNotMatch(value: string, regExp: RegExp, message?: Message): void;
  function fail(message?: Message): never;
  const strict: typeof assert;
}
export default assert;
