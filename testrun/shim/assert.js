// node:assert/strict for `scape gizmo test`: the subset listed in docs/projects.md, with
// Node-like messages. Plain ES2020, run by goja before every test file; it defines
// globalThis.__scapeAssert. Every comparison is strict, as in Node's strict mode.
(function () {
  'use strict';

  // ---- inspect: a small util.inspect for messages -------------------------------------------
  const MAX_DEPTH = 3;
  const MAX_ITEMS = 30;
  const MAX_STRING = 400;

  function quote(s) {
    if (s.length > MAX_STRING) s = s.slice(0, MAX_STRING) + '…';
    let out = "'";
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      const code = s.charCodeAt(i);
      if (c === "'") out += "\\'";
      else if (c === '\\') out += '\\\\';
      else if (c === '\n') out += '\\n';
      else if (c === '\t') out += '\\t';
      else if (c === '\r') out += '\\r';
      else if (code < 0x20 || code === 0x7f) out += '\\x' + (code < 16 ? '0' : '') + code.toString(16).toUpperCase();
      else out += c;
    }
    return out + "'";
  }

  function keyText(k) {
    if (typeof k === 'symbol') return '[' + String(k) + ']';
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : quote(k);
  }

  function ctorName(v) {
    const proto = Object.getPrototypeOf(v);
    if (proto === null) return '[Object: null prototype]';
    const c = proto.constructor;
    return c && typeof c.name === 'string' ? c.name : '';
  }

  function inspect(v, depth, seen) {
    depth = depth || 0;
    seen = seen || [];
    switch (typeof v) {
      case 'string':
        return quote(v);
      case 'number':
        return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint':
        return String(v) + 'n';
      case 'boolean':
      case 'undefined':
        return String(v);
      case 'symbol':
        return String(v);
      case 'function':
        return v.name ? '[Function: ' + v.name + ']' : '[Function (anonymous)]';
    }
    if (v === null) return 'null';
    if (seen.indexOf(v) >= 0) return '[Circular]';
    if (v instanceof Error) return v.stack && depth === 0 ? String(v.name) + ': ' + v.message : '[' + String(v.name) + ': ' + v.message + ']';
    if (v instanceof RegExp) return String(v);
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    if (depth > MAX_DEPTH) return Array.isArray(v) ? '[Array]' : '[Object]';
    seen = seen.concat([v]);
    const inner = (x) => inspect(x, depth + 1, seen);
    let items;
    let open;
    let close;
    if (Array.isArray(v)) {
      items = [];
      for (let i = 0; i < v.length && i < MAX_ITEMS; i++) items.push(i in v ? inner(v[i]) : '<empty>');
      if (v.length > MAX_ITEMS) items.push('... ' + (v.length - MAX_ITEMS) + ' more items');
      open = '[';
      close = ']';
    } else if (v instanceof Map) {
      items = [];
      v.forEach((val, key) => { if (items.length < MAX_ITEMS) items.push(inner(key) + ' => ' + inner(val)); });
      open = 'Map(' + v.size + ') {';
      close = '}';
    } else if (v instanceof Set) {
      items = [];
      v.forEach((val) => { if (items.length < MAX_ITEMS) items.push(inner(val)); });
      open = 'Set(' + v.size + ') {';
      close = '}';
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      items = Array.prototype.slice.call(v, 0, MAX_ITEMS).map((x) => String(x));
      open = ctorName(v) + '(' + v.length + ') [';
      close = ']';
    } else {
      items = [];
      const keys = Reflect.ownKeys(v).filter((k) => Object.prototype.propertyIsEnumerable.call(v, k));
      for (const k of keys.slice(0, MAX_ITEMS)) {
        const d = Object.getOwnPropertyDescriptor(v, k);
        items.push(keyText(k) + ': ' + (d && 'value' in d ? inner(d.value) : '[Getter]'));
      }
      if (keys.length > MAX_ITEMS) items.push('... ' + (keys.length - MAX_ITEMS) + ' more items');
      const name = ctorName(v);
      open = (name && name !== 'Object' ? name + ' ' : '') + '{';
      close = '}';
    }
    if (items.length === 0) return open + close;
    const one = open + ' ' + items.join(', ') + ' ' + close;
    if (one.length <= 72 && one.indexOf('\n') < 0) return one;
    const pad = '  '.repeat(depth + 1);
    return open + '\n' + items.map((i) => pad + i).join(',\n') + '\n' + '  '.repeat(depth) + close;
  }

  // ---- deep strict equality (Node's isDeepStrictEqual rules) ---------------------------------
  function deepStrictEqual(a, b, memo) {
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    const tagA = Object.prototype.toString.call(a);
    if (tagA !== Object.prototype.toString.call(b)) return false;
    memo = memo || [];
    for (const [x, y] of memo) if (x === a && y === b) return true;
    memo.push([a, b]);
    if (a instanceof Date) { if (!Object.is(a.getTime(), b.getTime())) return false; }
    else if (a instanceof RegExp) { if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false; }
    else if (a instanceof Error) { if (a.name !== b.name || a.message !== b.message) return false; }
    else if (a instanceof Number || a instanceof String || a instanceof Boolean) { if (!Object.is(a.valueOf(), b.valueOf())) return false; }
    else if (ArrayBuffer.isView(a)) {
      if (a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    } else if (a instanceof ArrayBuffer) {
      if (!deepStrictEqual(new Uint8Array(a), new Uint8Array(b), memo)) return false;
    }
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) {
        if ((i in a) !== (i in b)) return false;
        if (!deepStrictEqual(a[i], b[i], memo)) return false;
      }
    }
    if (a instanceof Set) {
      if (a.size !== b.size) return false;
      const rest = [];
      for (const v of b) if (!a.has(v)) rest.push(v);
      for (const v of a) {
        if (b.has(v)) continue;
        if (typeof v !== 'object' || v === null) return false;
        const i = rest.findIndex((w) => deepStrictEqual(v, w, memo));
        if (i < 0) return false;
        rest.splice(i, 1);
      }
    }
    if (a instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [k, v] of a) {
        if (!b.has(k) || !deepStrictEqual(v, b.get(k), memo)) return false;
      }
    }
    // Elements were compared above; only the other own properties remain, as in Node. A typed
    // array's own keys start with exactly its indices, so they are sliced off rather than
    // filtered (filtering a 1 MiB buffer's million keys takes seconds in goja).
    const typed = ArrayBuffer.isView(a) && !(a instanceof DataView);
    const own = (o) => (typed ? Reflect.ownKeys(o).slice(o.length) : Reflect.ownKeys(o)).filter((k) => Object.prototype.propertyIsEnumerable.call(o, k) && !(Array.isArray(o) && typeof k === 'string' && String(k >>> 0) === k && (k >>> 0) < o.length));
    const ka = own(a);
    const kb = own(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
      if (!deepStrictEqual(a[k], b[k], memo)) return false;
    }
    return true;
  }

  // ---- AssertionError ----------------------------------------------------------------------
  class AssertionError extends Error {
    constructor(options) {
      options = options || {};
      super(options.message === undefined ? 'Failed' : String(options.message));
      this.name = 'AssertionError';
      this.code = 'ERR_ASSERTION';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
      this.generatedMessage = !options.userMessage;
    }
  }

  // fail throws: the author's Error as is, their string as the message, else the generated one.
  function fail(message, generated, actual, expected, operator) {
    if (message instanceof Error) throw message;
    throw new AssertionError({
      message: message === undefined ? generated : message,
      userMessage: message !== undefined,
      actual,
      expected,
      operator,
    });
  }

  function diff(actual, expected) {
    const a = inspect(actual).split('\n');
    const e = inspect(expected).split('\n');
    const objects = (typeof actual === 'object' && actual !== null) || (typeof expected === 'object' && expected !== null);
    if (!objects && a.length === 1 && e.length === 1) return '\n' + a[0] + ' !== ' + e[0] + '\n';
    return '+ actual - expected\n\n' + a.map((l) => '+ ' + l).join('\n') + '\n' + e.map((l) => '- ' + l).join('\n');
  }

  // ---- the API -------------------------------------------------------------------------------
  function ok(value, message) {
    if (arguments.length === 0) fail(undefined, 'No value argument passed to `assert.ok()`', undefined, true, '==');
    if (!value) fail(message, 'The expression evaluated to a falsy value:\n\n  assert.ok(' + inspect(value) + ')\n', value, true, '==');
  }

  function strictEqual(actual, expected, message) {
    if (!Object.is(actual, expected)) {
      const same = inspect(actual) === inspect(expected);
      fail(message, 'Expected values to be strictly equal:\n' + (same ? '\n' + inspect(actual) + ' !== ' + inspect(expected) + ' (same text, different values)\n' : diff(actual, expected)), actual, expected, 'strictEqual');
    }
  }

  function notStrictEqual(actual, expected, message) {
    if (Object.is(actual, expected)) fail(message, 'Expected "actual" to be strictly unequal to: ' + inspect(expected), actual, expected, 'notStrictEqual');
  }

  function deepEqual(actual, expected, message) {
    if (!deepStrictEqual(actual, expected)) fail(message, 'Expected values to be strictly deep-equal:\n' + diff(actual, expected), actual, expected, 'deepStrictEqual');
  }

  function notDeepEqual(actual, expected, message) {
    if (deepStrictEqual(actual, expected)) fail(message, 'Expected "actual" not to be strictly deep-equal to: ' + inspect(expected), actual, expected, 'notDeepStrictEqual');
  }

  function typeError(message) {
    const e = new TypeError(message);
    e.code = 'ERR_INVALID_ARG_TYPE';
    return e;
  }

  function match(value, regexp, message) {
    if (!(regexp instanceof RegExp)) throw typeError('The "regexp" argument must be an instance of RegExp. Received ' + inspect(regexp));
    if (typeof value !== 'string') fail(message, 'The "string" argument must be of type string. Received type ' + typeof value + ' (' + inspect(value) + ')', value, regexp, 'match');
    regexp.lastIndex = 0;
    if (!regexp.test(value)) fail(message, 'The input did not match the regular expression ' + String(regexp) + '. Input:\n\n' + inspect(value) + '\n', value, regexp, 'match');
  }

  function doesNotMatch(value, regexp, message) {
    if (!(regexp instanceof RegExp)) throw typeError('The "regexp" argument must be an instance of RegExp. Received ' + inspect(regexp));
    if (typeof value !== 'string') fail(message, 'The "string" argument must be of type string. Received type ' + typeof value + ' (' + inspect(value) + ')', value, regexp, 'doesNotMatch');
    regexp.lastIndex = 0;
    if (regexp.test(value)) fail(message, 'The input was expected to not match the regular expression ' + String(regexp) + '. Input:\n\n' + inspect(value) + '\n', value, regexp, 'doesNotMatch');
  }

  function failNow(message) {
    fail(message === undefined ? 'Failed' : message, 'Failed', undefined, undefined, 'fail');
  }

  function errorText(err) {
    if (err instanceof Error) return String(err.name) + ': ' + err.message;
    return inspect(err);
  }

  // checkError applies throws()'s second argument to the caught error, as Node does.
  function checkError(err, expected, message, operator) {
    if (expected === undefined) return;
    if (expected instanceof RegExp) {
      const text = String(err);
      expected.lastIndex = 0;
      if (!expected.test(text)) fail(message, 'The input did not match the regular expression ' + String(expected) + '. Input:\n\n' + inspect(text) + '\n', err, expected, operator);
      return;
    }
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && err instanceof expected) return;
      if (Error.isPrototypeOf(expected) || expected === Error) {
        const got = err && err.constructor && err.constructor.name ? err.constructor.name : typeof err;
        fail(message, 'The error is expected to be an instance of "' + expected.name + '". Received "' + got + '"\n\nError message:\n\n' + (err instanceof Error ? err.message : inspect(err)), err, expected, operator);
      }
      const result = expected.call({}, err);
      if (result !== true) {
        fail(message, 'The ' + (expected.name ? '"' + expected.name + '" ' : '') + 'validation function is expected to return "true". Received ' + inspect(result) + '\n\nCaught error:\n\n' + errorText(err), err, expected, operator);
      }
      return;
    }
    if (typeof expected === 'object' && expected !== null) {
      const keys = Object.keys(expected);
      if (expected instanceof Error) keys.push('name', 'message');
      for (const key of keys) {
        const want = expected[key];
        const got = err === null || err === undefined ? undefined : err[key];
        if (want instanceof RegExp && typeof got === 'string') {
          want.lastIndex = 0;
          if (want.test(got)) continue;
        } else if (deepStrictEqual(got, want)) continue;
        fail(message, 'Expected values to be strictly deep-equal:\n' + diff({ [key]: got }, { [key]: want }), err, expected, operator);
      }
      return;
    }
    throw typeError('The "expected" argument must be of type function or an instance of Error, RegExp, or Object. Received ' + inspect(expected));
  }

  function splitArgs(expected, message) {
    if (typeof expected === 'string' && message === undefined) return [undefined, expected];
    return [expected, message];
  }

  const NO_ERROR = {};

  function throws(fn, expected, message) {
    if (typeof fn !== 'function') throw typeError('The "fn" argument must be of type function. Received ' + inspect(fn));
    [expected, message] = splitArgs(expected, message);
    let caught = NO_ERROR;
    try {
      fn();
    } catch (err) {
      caught = err;
    }
    if (caught === NO_ERROR) {
      const name = expected && expected.name ? ' (' + expected.name + ')' : '';
      fail(undefined, 'Missing expected exception' + name + (message ? ': ' + message : '.'), undefined, expected, 'throws');
    }
    checkError(caught, expected, message, 'throws');
  }

  function doesNotThrow(fn, expected, message) {
    if (typeof fn !== 'function') throw typeError('The "fn" argument must be of type function. Received ' + inspect(fn));
    [expected, message] = splitArgs(expected, message);
    try {
      fn();
    } catch (err) {
      fail(undefined, 'Got unwanted exception' + (message ? ': ' + message : '.') + '\nActual message: "' + (err instanceof Error ? err.message : String(err)) + '"', err, expected, 'doesNotThrow');
    }
  }

  async function settle(promiseOrFn) {
    let promise = promiseOrFn;
    if (typeof promiseOrFn === 'function') {
      promise = promiseOrFn();
      if (!promise || typeof promise.then !== 'function') {
        throw typeError('Expected instance of Promise to be returned from the "promiseFn" function but got ' + inspect(promise) + '.');
      }
    } else if (!promise || typeof promise.then !== 'function') {
      throw typeError('The "promiseFn" argument must be of type function or an instance of Promise. Received ' + inspect(promise));
    }
    try {
      await promise;
    } catch (err) {
      return { rejected: true, err };
    }
    return { rejected: false };
  }

  async function rejects(promiseOrFn, expected, message) {
    [expected, message] = splitArgs(expected, message);
    const out = await settle(promiseOrFn);
    if (!out.rejected) {
      const name = expected && expected.name ? ' (' + expected.name + ')' : '';
      fail(undefined, 'Missing expected rejection' + name + (message ? ': ' + message : '.'), undefined, expected, 'rejects');
    }
    checkError(out.err, expected, message, 'rejects');
  }

  async function doesNotReject(promiseOrFn, expected, message) {
    [expected, message] = splitArgs(expected, message);
    const out = await settle(promiseOrFn);
    if (out.rejected) {
      fail(undefined, 'Got unwanted rejection' + (message ? ': ' + message : '.') + '\nActual message: "' + (out.err instanceof Error ? out.err.message : String(out.err)) + '"', out.err, expected, 'doesNotReject');
    }
  }

  // assert(value, message) is ok(); arguments are passed on as given, so assert() with no
  // argument fails as ok() does.
  const assert = function assert() {
    ok.apply(undefined, arguments);
  };
  Object.assign(assert, {
    AssertionError,
    ok,
    equal: strictEqual,
    strictEqual,
    notEqual: notStrictEqual,
    notStrictEqual,
    deepEqual,
    deepStrictEqual: deepEqual,
    notDeepEqual,
    notDeepStrictEqual: notDeepEqual,
    throws,
    doesNotThrow,
    rejects,
    doesNotReject,
    match,
    doesNotMatch,
    fail: failNow,
  });
  assert.strict = assert;
  assert.default = assert;

  // unsupported gives each of Node's exports (or members) this subset lacks a stand-in that
  // throws an error naming it and listing what is supported: without it `mock.fn()` fails with
  // "Cannot read property 'fn' of undefined", which says nothing. On a module the stand-in is a
  // value (lockdown reads module members, so a throwing getter would stop it): a function whose
  // every use (call, new, property read) throws. On a test context, created after lockdown, it is
  // a getter, so `t.mock` itself throws.
  function unsupported(target, owner, names, supported, why, asGetter) {
    for (const name of names) {
      const error = () => new Error(owner + name + ' is not supported by scape gizmo test' + (why ? ' (' + why + ')' : '') + '. Supported: ' + supported + '.');
      const fail = () => {
        throw error();
      };
      const desc = asGetter ? { get: fail } : { value: new Proxy(function () {}, { get: fail, apply: fail, construct: fail }), writable: false };
      Object.defineProperty(target, name, Object.assign(desc, { enumerable: false, configurable: false }));
    }
  }
  unsupported(
    assert,
    "node:assert/strict's ",
    ['ifError', 'CallTracker', 'partialDeepStrictEqual', 'Assert'],
    'assert(), ' + Object.keys(assert).filter((k) => k !== 'default').sort().join(', '),
  );

  globalThis.__scapeAssert = { assert, inspect, unsupported };
})();
