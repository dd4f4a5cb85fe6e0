/**
 * The subset of `node:test` that `scape gizmo test` supplies (see docs/projects.md). A project's
 * tsconfig maps `node:test` here, so the editor flags anything outside the subset. Its semantics
 * are Node's; under Node's own runner the files run once compiled to JavaScript (Node does not
 * resolve their `.js` imports of `.ts` files): docs/projects.md, "Running the same tests under
 * Node".
 */
export interface TestOptions {
  /** Skip the test (a string is the reason). */
  skip?: boolean | string;
  /** Mark the test as not yet done: it runs, and its failure does not count. */
  todo?: boolean | string;
}

export interface TestContext {
  /** The test's name. */
  readonly name: string;
  /** Mark the running test as skipped. The function keeps running; its failure does not count. */
  skip(message?: string): void;
  /** Mark the running test as to-do. */
  todo(message?: string): void;
  /** Print a diagnostic line under the test's result. */
  diagnostic(message: string): void;
  /** Run a subtest; await it. */
  test(name: string, fn?: TestFn): Promise<void>;
  test(name: string, options: TestOptions, fn?: TestFn): Promise<void>;
}

export interface SuiteContext {
  readonly name: string;
}

export type TestFn = (t: TestContext) => void | Promise<void>;
export type SuiteFn = (s: SuiteContext) => void;
export type HookFn = () => void | Promise<void>;

export interface Test {
  (name: string, fn?: TestFn): Promise<void>;
  (name: string, options: TestOptions, fn?: TestFn): Promise<void>;
  (fn: TestFn): Promise<void>;
  skip(name: string, fn?: TestFn): Promise<void>;
  todo(name: string, fn?: TestFn): Promise<void>;
  /** Runs like any other test (as Node does without --test-only). */
  only(name: string, fn?: TestFn): Promise<void>;
}

export interface Describe {
  (name: string, fn: SuiteFn): Promise<void>;
  (name: string, options: TestOptions, fn: SuiteFn): Promise<void>;
  skip(name: string, fn: SuiteFn): Promise<void>;
  todo(name: string, fn?: SuiteFn): Promise<void>;
}

export declare const test: Test;
export declare const it: Test;
export declare const describe: Describe;
export declare const suite: Describe;
export declare function before(fn: HookFn): void;
export declare function after(fn: HookFn): void;
export declare function beforeEach(fn: HookFn): void;
export declare function afterEach(fn: HookFn): void;
/** test.skip, test.todo and test.only. */
export declare const skip: Test['skip'];
export declare const todo: Test['todo'];
export declare const only: Test['only'];
// Not supplied (using them fails the test with a message listing what is): mock, run,
// snapshot, and on the test context signal, mock, plan, assert, hooks and the rest.
export default test;
