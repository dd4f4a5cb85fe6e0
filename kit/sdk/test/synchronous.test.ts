/**
 * "Reducers are synchronous and side-effect-free" (spec, Actions), and react returns
 * `GizmoReaction | null` (its type): an async `run` or `react` is refused when the catalog is
 * checked, and a Promise or thenable either returns when it runs is refused by the registry.
 * Runs under Node and, through the Go toolchain, under goja (whose async methods carry the
 * prototype of ordinary functions: internal/synchronous.ts reads their source instead).
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { defineObject, exactKeys, ObjectActionError, record, type ObjectContext, type ObjectDefinition } from '../src/index.js';
import { ObjectRegistry } from '../src/runtime.js';
import { catalogProblems, catalogProblemText, CatalogError } from '../src/internal/catalog.js';
import { isAsyncFunction, pendingKind } from '../src/internal/synchronous.js';
import { chime } from '../../../templates/chime/src/definition.js';

type Box = { n: number };

function box(overrides: Record<string, unknown> = {}): ObjectDefinition {
  return defineObject<Box>({
    type: 'test.box',
    version: 1,
    emoji: '📦',
    label: 'Box',
    hint: 'a test box',
    initial: () => ({ n: 0 }),
    valid: (s: unknown): s is Box => record(s) && exactKeys(s, ['n']) && typeof s.n === 'number',
    actions: { add: { permission: 'participant', run: (s: Box) => ({ n: s.n + 1 }) } },
    ...overrides,
  } as never);
}

function ctx(): ObjectContext {
  return { actorId: 'alice', canEdit: false, now: 1000, randomInt: (min) => min };
}

function refusal(fn: () => unknown): ObjectActionError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ObjectActionError, `expected ObjectActionError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a refusal');
}

function onlyProblem(def: ObjectDefinition): string {
  const found = catalogProblems([def]);
  assert.equal(found.length, 1, JSON.stringify(found));
  return catalogProblemText(found[0], [def]);
}

const REDUCER = 'test.box (📦 Box): actions.add.run: must be synchronous (reducers are synchronous; got an async function)';

describe('isAsyncFunction', () => {
  test('finds async functions, arrows, methods and bound async functions', () => {
    class Methods {
      async run(): Promise<void> {}
      static async later(): Promise<void> {}
    }
    const cases: [string, unknown][] = [
      ['an async function expression', async function run() {}],
      ['an async arrow', async () => 1],
      ['an async arrow with one parameter', async (s: unknown) => s],
      ['an async method', { async run() {} }.run],
      ['an async method with a comment', { async /* later */ run() {} }.run],
      ['an async method named by a string', { async 'run'() {} }.run],
      ['an async computed method', { async ['r' + 'un']() {} }.run],
      ['an async class method', Methods.prototype.run],
      ['an async static method', Methods.later],
      ['a bound async function', (async () => 1).bind(null)],
    ];
    for (const [name, fn] of cases) assert.equal(isAsyncFunction(fn), true, name);
  });

  test('leaves synchronous functions alone, including ones named async', () => {
    const cases: [string, unknown][] = [
      ['a function', function run() {}],
      ['an arrow', (s: unknown) => s],
      ['a method', { run() {} }.run],
      ['a method named async', { async() {} }.async],
      ['a method named asyncRun', { asyncRun() {} }.asyncRun],
      ['an arrow whose parameter is named async', Function('return async => async')() as unknown],
      ['a getter', Object.getOwnPropertyDescriptor({ get run() { return 1; } }, 'run')!.get],
      ['a generator', function* run() {}],
      ['a bound function', function run() {}.bind(null)],
      ['not a function', 'async run() {}'],
    ];
    for (const [name, fn] of cases) assert.equal(isAsyncFunction(fn), false, name);
  });

  test('author code replacing globals does not hide an async function', () => {
    // Under the toolchain's lockdown (scape gizmo test, build, the host) the built-ins are frozen
    // and the attack cannot even be made; under Node it can, and the check still holds.
    if (Object.isFrozen(Object)) {
      assert.throws(() => {
        Object.getPrototypeOf = () => Function.prototype;
      }, TypeError);
      assert.equal(isAsyncFunction(async () => 1), true);
      return;
    }
    const saved = { getPrototypeOf: Object.getPrototypeOf, toString: Function.prototype.toString };
    try {
      Object.getPrototypeOf = () => Function.prototype;
      Function.prototype.toString = () => 'function () {}';
      assert.equal(isAsyncFunction(async () => 1), true);
      assert.equal(isAsyncFunction({ async run() {} }.run), true);
    } finally {
      Object.getPrototypeOf = saved.getPrototypeOf;
      Function.prototype.toString = saved.toString;
    }
  });
});

describe('pendingKind', () => {
  test('names Promises and thenables, and nothing else', () => {
    assert.equal(pendingKind(Promise.resolve(1)), 'a Promise');
    assert.equal(pendingKind({ then: () => undefined }), 'a thenable');
    assert.equal(pendingKind(new (class { then() {} })()), 'a thenable');
    for (const value of [null, undefined, 1, 'then', { n: 1 }, [1], { then: 1 }, () => 1]) assert.equal(pendingKind(value), null, JSON.stringify(value));
  });

  test('an inherited then on Object.prototype does not make every state a thenable', () => {
    const proto = Object.prototype as Record<string, unknown>;
    if (Object.isFrozen(proto)) {
      // Locked down: Object.prototype cannot gain a then at all.
      assert.throws(() => {
        proto.then = () => undefined;
      }, TypeError);
      return;
    }
    proto.then = () => undefined;
    try {
      assert.equal(pendingKind({ n: 1 }), null);
      assert.equal(pendingKind([1]), null);
    } finally {
      delete proto.then;
    }
  });
});

describe('the catalog refuses async reducers and reactions', () => {
  test('an async run, as an arrow, a function or a method', () => {
    assert.equal(onlyProblem(box({ actions: { add: { permission: 'participant', run: async (s: Box) => ({ n: s.n + 1 }) } } })), REDUCER);
    assert.equal(onlyProblem(box({ actions: { add: { permission: 'participant', run: async function (s: Box) { return { n: s.n + 1 }; } } } })), REDUCER);
    assert.equal(onlyProblem(box({ actions: { add: { permission: 'participant', async run(s: Box) { return { n: s.n + 1 }; } } } })), REDUCER);
  });

  test('the second action, named by its path; the registry throws the same problem', () => {
    const def = box({ actions: { add: { permission: 'participant', run: (s: Box) => s }, 'set.value': { permission: 'editor', async run(s: Box) { return s; } } } });
    const text = 'test.box (📦 Box): actions["set.value"].run: must be synchronous (reducers are synchronous; got an async function)';
    assert.equal(onlyProblem(def), text);
    assert.throws(() => new ObjectRegistry([def]), (err: unknown) => err instanceof CatalogError && err.message === text && err.path === 'actions["set.value"].run');
  });

  test('an async react', () => {
    assert.equal(onlyProblem(box({ react: async () => null })), 'test.box (📦 Box): react: must be synchronous (react returns a reaction or null; got an async function)');
  });

  test('a react that returns a Promise when probed', () => {
    assert.equal(onlyProblem(box({ react: () => Promise.resolve(null) })), 'test.box (📦 Box): react(action "add"): must be synchronous (react returns a reaction or null; returned a Promise)');
  });

  test('synchronous reducers and reactions are valid', () => {
    assert.deepEqual(catalogProblems([box({ react: () => null }), chime]), []);
  });
});

describe('the registry refuses a pending result', () => {
  test('a run that returns a Promise or a thenable is a 400, and the state is unchanged', () => {
    const def = box({
      actions: {
        add: { permission: 'participant', run: (s: Box) => ({ n: s.n + 1 }) },
        later: { permission: 'participant', run: (s: Box) => Promise.resolve({ n: s.n + 1 }) },
        fails: { permission: 'participant', run: () => Promise.reject(new Error('not now')) },
        thenable: { permission: 'participant', run: () => ({ then: (resolve: (v: unknown) => void) => resolve({ n: 1 }) }) },
      },
    });
    const registry = new ObjectRegistry([def]);
    const instance = registry.create('📦', 'box-1')!;
    for (const [name, kind] of [['later', 'a Promise'], ['fails', 'a Promise'], ['thenable', 'a thenable']]) {
      const err = refusal(() => registry.act(instance, { name, payload: {} }, ctx()));
      assert.equal(err.status, 400);
      assert.equal(err.message, `actions.${name}.run: must be synchronous (reducers are synchronous; returned ${kind})`);
    }
    assert.deepEqual(registry.act(instance, { name: 'add', payload: {} }, ctx()).state, { n: 1 });
    assert.deepEqual(instance.state, { n: 0 });
  });

  test('a react that returns a Promise after an action refuses the action', () => {
    const def = box({ react: (_s: Box, _p: Box, action: { payload: Record<string, unknown> }) => (action.payload.later === true ? Promise.resolve(null) : null) });
    const registry = new ObjectRegistry([def]);
    const instance = registry.create('📦', 'box-1')!;
    assert.deepEqual(registry.execute(instance, { name: 'add', payload: {} }, ctx()), { instance: { ...instance, state: { n: 1 } }, reaction: null });
    const err = refusal(() => registry.execute(instance, { name: 'add', payload: { later: true } }, ctx()));
    assert.equal(err.status, 400);
    assert.equal(err.message, 'react: must be synchronous (react returns a reaction or null; returned a Promise)');
  });
});
