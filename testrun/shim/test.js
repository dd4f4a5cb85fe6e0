// node:test for `scape gizmo test`: the subset listed in docs/projects.md. Plain ES2020, run by
// goja before every test file; it defines globalThis.__scapeTest. Registration happens while the
// test file's bundle runs (describe bodies run at once, as in Node); then the Go runner calls
// plan(), select(), and run(i) once per selected test, each run(i) under its own guard. A run's
// promise jobs all settle before run(i) returns to Go (goja drains its job queue), so a status
// still pending afterwards is a promise that can never settle (there are no timers).
//
// Go reads only JSON strings made here inside a guarded call (plan(), report(status)): a test's
// name and a thrown value's name, message and toString are author code, so they are read here,
// where the runner's deadline stops them, never by Go.
(function () {
  'use strict';
  const inspect = globalThis.__scapeAssert.inspect;
  const unsupported = globalThis.__scapeAssert.unsupported;
  const noMocks = 'tests run where validation runs: no mocks, timers or I/O';
  const contextSupported = 't.name, t.skip(), t.todo(), t.diagnostic(), t.test()';
  // The toolchain's hint for a TypeError from writing to a frozen built-in (set by the runner
  // for the shims only).
  const frozenHint = typeof globalThis.__scapeFrozenHint === 'function' ? globalThis.__scapeFrozenHint : () => '';

  function text(v) {
    return v === undefined || v === null ? '' : String(v);
  }

  // The message of a failed test: an Error's name and message (the name is left out for plain
  // Errors and AssertionErrors, whose messages speak for themselves).
  function errorMessage(v) {
    if (v === undefined) return 'threw undefined';
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return 'threw ' + inspect(v);
    // Not an Error: shown, never converted (a thrown object's toString is the test's code).
    if (!(v instanceof Error) && typeof v.message !== 'string') return 'threw ' + inspect(v);
    const name = text(v.name);
    const msg = text(v.message) + frozenHint(v);
    if (name === 'ObjectActionError' && v.status !== undefined) return 'ObjectActionError ' + String(v.status) + ': ' + msg;
    if (name === '' || name === 'Error' || name === 'AssertionError') return msg === '' ? String(v) : msg;
    return name + ': ' + msg;
  }
  const newSuite = (name, parent, options) => ({
    name,
    parent,
    skip: !!(options && options.skip) || !!(parent && parent.skip),
    todo: !!(options && options.todo) || !!(parent && parent.todo),
    before: [],
    after: [],
    beforeEach: [],
    afterEach: [],
    beforeDone: false,
    beforeError: null,
    lastSelected: -1,
  });
  const root = newSuite('', null, null);
  let collecting = root;
  let running = null; // the context of the test whose function is running
  const tests = [];

  function reason(v) {
    return typeof v === 'string' ? v : '';
  }

  // parse accepts (fn), (name), (name, fn), (name, options), (name, options, fn), (options, fn).
  function parse(args) {
    let name;
    let options = {};
    let fn;
    const rest = Array.prototype.slice.call(args);
    if (typeof rest[0] === 'string') name = rest.shift();
    if (rest[0] !== null && typeof rest[0] === 'object') options = rest.shift();
    if (typeof rest[0] === 'function') fn = rest.shift();
    if (name === undefined) name = fn && fn.name ? String(fn.name) : '<anonymous>';
    return { name, options, fn };
  }

  function fullName(suite, name) {
    const parts = [name];
    for (let s = suite; s && s.parent; s = s.parent) parts.unshift(s.name);
    return parts.join(' > ');
  }

  function register(args, extra) {
    const { name, options, fn } = parse(args);
    const opts = Object.assign({}, options, extra);
    if (running) return running.test(name, opts, fn);
    const suite = collecting;
    tests.push({
      name,
      fullName: fullName(suite, name),
      suite,
      fn,
      skip: !!opts.skip || suite.skip || (!fn && !opts.todo),
      todo: !!opts.todo || suite.todo,
      reason: reason(opts.skip) || reason(opts.todo),
      error: null,
    });
    return Promise.resolve();
  }

  function test() {
    return register(arguments, null);
  }
  test.skip = function () {
    return register(arguments, { skip: true });
  };
  test.todo = function () {
    return register(arguments, { todo: true });
  };
  // Node runs `only` tests like any other unless --test-only is given.
  test.only = test;

  function describe() {
    const { name, options, fn } = parse(arguments);
    return suiteOf(name, options, fn);
  }
  function suiteOf(name, options, fn) {
    if (running) {
      throw new Error('describe() inside a running test is not supported by scape gizmo test; use t.test()');
    }
    const suite = newSuite(name, collecting, options);
    const prev = collecting;
    collecting = suite;
    try {
      if (fn) {
        const out = fn({ name });
        if (out && typeof out.then === 'function') {
          throw new Error('describe("' + name + '") returned a promise: suites must register their tests synchronously');
        }
      }
    } catch (err) {
      // Reported as a failing entry named after the suite, as Node reports a failing suite.
      tests.push({ name, fullName: fullName(prev, name), suite, fn: null, skip: false, todo: false, reason: '', error: err });
    } finally {
      collecting = prev;
    }
    return Promise.resolve();
  }
  describe.skip = function () {
    const { name, options, fn } = parse(arguments);
    return suiteOf(name, Object.assign({}, options, { skip: true }), fn);
  };
  describe.todo = function () {
    const { name, options, fn } = parse(arguments);
    return suiteOf(name, Object.assign({}, options, { todo: true }), fn);
  };
  describe.only = describe;

  function hook(kind) {
    return function (fn) {
      if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
      if (running) throw new Error(kind + '() inside a running test is not supported by scape gizmo test');
      collecting[kind].push(fn);
    };
  }

  // Context is what a test function receives (t).
  function context(entry, status) {
    const ctx = {
      name: entry.name,
      skip(message) {
        status.skipped = true;
        if (message) status.reason = String(message);
      },
      todo(message) {
        status.todo = true;
        if (message) status.reason = String(message);
      },
      diagnostic(message) {
        status.diagnostics.push(String(message));
      },
      async test() {
        const { name, options, fn } = parse(arguments);
        if (options.skip || !fn) return;
        const sub = { name: entry.name + ' > ' + name };
        const subStatus = { skipped: false, todo: !!options.todo, reason: '', diagnostics: status.diagnostics };
        const outer = running;
        try {
          await call(fn, context(sub, subStatus));
        } catch (err) {
          if (!subStatus.skipped && !subStatus.todo) {
            status.subtestFailed = status.subtestFailed || { name: sub.name, error: err };
          }
        } finally {
          running = outer;
        }
      },
    };
    unsupported(ctx, 't.', ['signal', 'mock', 'plan', 'assert', 'runOnly', 'waitFor', 'before', 'after', 'beforeEach', 'afterEach', 'fullName', 'filePath'], contextSupported, noMocks, true);
    return ctx;
  }

  async function call(fn, ctx) {
    if (fn.length >= 2) throw new Error('callback-style tests (a second "done" parameter) are not supported; use an async function');
    running = ctx;
    try {
      return await fn(ctx);
    } finally {
      running = null;
    }
  }

  function chain(suite) {
    const out = [];
    for (let s = suite; s; s = s.parent) out.unshift(s);
    return out;
  }

  async function execute(entry, index, status) {
    if (entry.error) throw entry.error;
    const suites = chain(entry.suite);
    try {
      for (const s of suites) {
        if (!s.beforeDone) {
          s.beforeDone = true;
          try {
            for (const fn of s.before) await fn();
          } catch (err) {
            s.beforeError = err;
          }
        }
        if (s.beforeError) throw s.beforeError;
      }
      for (const s of suites) for (const fn of s.beforeEach) await fn();
      try {
        await call(entry.fn, context(entry, status));
        if (status.subtestFailed) {
          const f = status.subtestFailed;
          throw f.error instanceof Error ? f.error : new Error('subtest "' + f.name + '" failed: ' + String(f.error));
        }
      } finally {
        for (const s of suites.slice().reverse()) for (const fn of s.afterEach) await fn();
      }
    } finally {
      // after() hooks run once the suite's last selected test is done.
      for (const s of suites.slice().reverse()) {
        if (s.lastSelected === index) for (const fn of s.after) await fn();
      }
    }
  }

  // Node's top-level skip/todo/only are test.skip/todo/only.
  const nodeTest = Object.assign(test, {
    test,
    it: test,
    describe,
    suite: describe,
    before: hook('before'),
    after: hook('after'),
    beforeEach: hook('beforeEach'),
    afterEach: hook('afterEach'),
    skip: test.skip,
    todo: test.todo,
    only: test.only,
    default: test,
  });
  unsupported(
    nodeTest,
    "node:test's ",
    ['mock', 'run', 'snapshot', 'assert'],
    'test, it, describe, suite (each with .skip, .todo, .only), skip, todo, only, before, after, beforeEach, afterEach, and in a test ' + contextSupported,
    noMocks,
  );

  globalThis.__scapeTest = {
    module: nodeTest,
    // plan lists the registered tests as JSON: [{ name, fullName, skip, todo }].
    plan() {
      return JSON.stringify(tests.map((t) => ({ name: t.name, fullName: t.fullName, skip: t.skip, todo: t.todo })));
    },
    // select records which tests will run, so after() hooks know their suite's last test.
    select(indices) {
      for (const i of indices) for (let s = tests[i].suite; s; s = s.parent) s.lastSelected = i;
    },
    // run starts test i and returns its status; it is complete when status.done is true.
    run(i) {
      const entry = tests[i];
      const status = { done: false, ok: false, skipped: entry.skip, todo: entry.todo, reason: entry.reason, diagnostics: [], error: null, errorStack: '', subtestFailed: null };
      if (entry.skip && !entry.error) {
        status.done = true;
        status.ok = true;
        return status;
      }
      execute(entry, i, status).then(
        () => {
          status.ok = true;
          status.done = true;
        },
        (err) => {
          status.error = err;
          status.errorStack = err && typeof err.stack === 'string' ? err.stack : '';
          status.done = true;
        },
      );
      return status;
    },
    // report is run(i)'s status as JSON, read once run(i) returned: { done, ok, skipped, todo,
    // reason, diagnostics, message, errorStack }, message saying why a test failed.
    report(status) {
      const out = {
        done: status.done === true,
        ok: status.ok === true,
        skipped: status.skipped === true,
        todo: status.todo === true,
        reason: text(status.reason),
        diagnostics: status.diagnostics.map(text),
        message: '',
        errorStack: typeof status.errorStack === 'string' ? status.errorStack : '',
      };
      if (out.done && !out.ok && !out.skipped) out.message = errorMessage(status.error);
      return JSON.stringify(out);
    },
  };
})();
