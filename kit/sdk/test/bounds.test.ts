import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { JSON_DEPTH_LIMIT } from '../src/api.js';
import { BOUNDS_DEPTH, boundsProblem, jsonWithin, RESULT_BYTE_BOUND, serialisedBoundsProblem } from '../src/internal/bounds.js';
import { jsonProblem } from '../src/internal/json.js';
import { describeValue } from '../src/internal/problem.js';
import { dataValue, display } from '../src/internal/display.js';
import { thrownMessage, thrownRule } from '../src/internal/call.js';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('JSON bounds, checked first', () => {
  test('the depth is the SDK\'s JSON depth', () => {
    assert.equal(BOUNDS_DEPTH, JSON_DEPTH_LIMIT);
  });

  test('a value within the bounds is left to the full check', () => {
    for (const value of [null, 1, 'x', [], {}, nested(16), [[[]]], { a: [1, 2, { b: 'c' }] }, 'x'.repeat(100000)])
      assert.equal(boundsProblem(value, 'state', 32768), null);
    // Inside 16 times the limit the exact size comes from jsonProblem, with its usual words.
    const big = { text: 'x'.repeat(40000) };
    assert.equal(boundsProblem(big, 'state', 32768, '32 KiB'), null);
    assert.match(String(jsonProblem(big, 'state', 32768, '32 KiB')), /must be at most 32 KiB of JSON \(is 40,011 bytes\)/);
  });

  test('too deep: the first container past 16 levels, named as the full check names it', () => {
    const found = boundsProblem(nested(100000), 'initial()', 32768, '32 KiB');
    assert.equal(found?.path, `initial()${'.a'.repeat(16)}`);
    assert.equal(found?.message, 'must not nest deeper than 16 levels');
    assert.equal(String(found), `initial()${'.a'.repeat(16)}: must not nest deeper than 16 levels`);
    const full = jsonProblem(nested(17), 'initial()');
    assert.equal(full?.path, found?.path);
    assert.equal(full?.message, found?.message);
    // Arrays and keys that are not identifiers.
    let list: unknown = [];
    for (let i = 0; i < 20; i++) list = [0, { 'a b': list }];
    assert.equal(boundsProblem(list, 'v')?.path, 'v[1]["a b"][1]["a b"][1]["a b"][1]["a b"][1]["a b"][1]["a b"][1]["a b"][1]["a b"]');
  });

  test('too large: stops counting past 16 times the limit', () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100000; i++) wide[`k${i}`] = i;
    assert.equal(String(boundsProblem(wide, 'initial()', 32768, '32 KiB')), 'initial(): must be at most 32 KiB of JSON (is more than 524,288 bytes)');
    assert.equal(String(boundsProblem(new Array(2 ** 32 - 1), 'payload', 2048, '2 KiB')), 'payload: must be at most 2 KiB of JSON (is more than 32,768 bytes)');
    // Shared references count as often as JSON.stringify would write them.
    let dag: unknown = [1];
    for (let i = 0; i < 15; i++) dag = [dag, dag, dag, dag];
    assert.match(String(boundsProblem(dag, 'initial()', 32768)), /is more than 524,288 bytes/);
    // Without a limit (a callback's result) the toolchain's own bound applies.
    assert.equal(String(boundsProblem(dag, 'view')), `view: must be at most 1,048,576 bytes of JSON (is more than 1,048,576 bytes) (this toolchain's bound on a callback's result)`);
    assert.equal(RESULT_BYTE_BOUND, 1048576);
  });

  test('never refuses what the full check accepts', () => {
    const samples: unknown[] = [nested(16), { s: '\u{1F3EE}'.repeat(8000) }, Array.from({ length: 4000 }, (_, i) => i * 1.5), { 'é': 'ü'.repeat(10000) }];
    for (const value of samples) {
      const full = jsonProblem(value, 'v', 32768, '32 KiB');
      const text = JSON.stringify(value);
      if (full === null) assert.equal(boundsProblem(value, 'v', 32768, '32 KiB'), null, text.slice(0, 40));
    }
  });

  test('cycles, getters, holes and proxies are left to the full check', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    assert.equal(boundsProblem(cycle, 'v'), null);
    assert.match(String(jsonProblem(cycle, 'v')), /cycle/);
    let reads = 0;
    const getter = { get x() { reads++; return nested(100); } };
    assert.equal(boundsProblem(getter, 'v'), null);
    assert.equal(reads, 0);
    assert.equal(boundsProblem([1, , 3], 'v'), null);
    assert.equal(boundsProblem(new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'v'), null);
  });

  test('describeValue renders only bounded values', () => {
    assert.equal(describeValue(nested(100000)), 'an object');
    assert.equal(describeValue([nested(100000)]), 'an array of 1');
    assert.equal(describeValue({ a: [1, 2] }), '{"a":[1,2]}');
    assert.equal(jsonWithin(nested(16), 100), true);
    assert.equal(jsonWithin(nested(17), 100), false);
  });
});

describe('how the toolchain shows author values', () => {
  test('strings as they are, data as JSON, the rest by kind; no getter, toJSON or toString runs', () => {
    let ran = 0;
    const hostile = {
      get g() { ran++; return 1; },
      toJSON() { ran++; return 'no'; },
      toString() { ran++; return 'no'; },
      n: [1, 'two', null, undefined, true],
    };
    assert.equal(display(['text', 1, hostile]), 'text 1 {"g":[Getter],"toJSON":[Function: toJSON],"toString":[Function: toString],"n":[1,"two",null,undefined,true]}');
    assert.equal(ran, 0);
    assert.equal(display([new TypeError('bad'), Symbol('s'), 10n, new Map([[1, 2]]), Object.create(null), new Date(0)]), 'TypeError: bad Symbol(s) 10 Map {} {} 1970-01-01T00:00:00.000Z');
    class Thing { v = 1; }
    assert.equal(display([new Thing(), () => 1, function named() {}]), 'Thing {"v":1} [Function (anonymous)] [Function: named]');
  });

  test('bounded in depth, entries and length', () => {
    assert.equal(display([nested(100000)]), '{"a":{"a":{"a":{"a":{"a":{"a":{…}}}}}}}');
    const many = Array.from({ length: 1000 }, (_, i) => i);
    assert.match(display([many]), /,99,… 900 more\]$/);
    const long = display(['x'.repeat(100000)]);
    assert.equal(long.length, 4097);
    assert.ok(long.endsWith('…'));
  });

  test('a thrown value is described from its data alone', () => {
    let ran = 0;
    const loud = { toString() { ran++; return 'loud'; }, get message() { ran++; return 'm'; } };
    assert.equal(thrownMessage(loud), '{"toString":[Function: toString],"message":[Getter]}');
    assert.equal(thrownMessage('plain'), 'plain');
    assert.equal(thrownMessage({ message: 'from data' }), 'from data');
    class Custom extends Error {
      get message() { ran++; return 'never read'; }
    }
    assert.equal(thrownRule(new Custom()), 'threw ');
    assert.equal(thrownRule(new RangeError('r')), 'threw RangeError: r');
    assert.equal(ran, 0);
    assert.equal(dataValue(new TypeError('t'), 'name'), 'TypeError');
  });

  test('a write to a frozen object says built-ins are frozen', () => {
    const frozen = Object.freeze({ a: 1 });
    let err: unknown;
    try {
      (frozen as { a: number }).a = 2;
    } catch (e) {
      err = e;
    }
    assert.match(thrownMessage(err), /^Cannot assign to read only property 'a'.*built-ins such as Array\.prototype, Object, Math and JSON are frozen/);
    assert.equal(thrownMessage(new TypeError('x is not a function')), 'x is not a function');
  });
});

describe('bounds problems carry their rules', () => {
  test('depth is the docs\' JSON depth rule, sizes the state and payload rules, results the toolchain\'s bound', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    assert.equal(boundsProblem(deep, 'initial()', 32768, '32 KiB')?.rule?.id, 'api.json.depth');
    const big = { text: 'x'.repeat(32768 * 17) };
    assert.equal(boundsProblem(big, 'initial()', 32768, '32 KiB')?.rule?.id, 'json.state.bytes');
    assert.equal(boundsProblem({ text: 'x'.repeat(2048 * 17) }, 'payload', 2048, '2 KiB')?.rule?.id, 'json.payload.bytes');
    const found = boundsProblem({ text: 'x'.repeat(1024 * 1024 + 10) }, 'view');
    assert.equal(found?.rule?.id, 'json.result.bytes');
    assert.equal(found?.rule?.class, 'cost');
  });
});

describe('serialised bounds: a value walked the way JSON.stringify reads it', () => {
  test('agrees with the descriptor walk on plain data', () => {
    for (const value of [null, 1, 'x', [], {}, nested(16), nested(17), nested(100000), [[[]]], { a: [1, 2, { b: 'c' }] }, { text: 'x'.repeat(600000) }, ['y'.repeat(2 ** 20)]]) {
      const a = boundsProblem(value, 'view');
      const b = serialisedBoundsProblem(value, 'view');
      assert.equal(b.plain, true);
      assert.equal(b.problem?.path, a?.path);
      assert.equal(b.problem?.message, a?.message);
      const sa = boundsProblem(value, 'state', 32768, '32 KiB');
      const sb = serialisedBoundsProblem(value, 'state', 32768, '32 KiB').problem;
      assert.equal(sb?.path, sa?.path);
      assert.equal(sb?.message, sa?.message);
    }
  });

  test('a getter is read, as JSON.stringify reads it; a toJSON makes the copy not plain', () => {
    let reads = 0;
    const deep = nested(40);
    const getter = { get a() { reads++; return deep; } };
    assert.equal(boundsProblem(getter, 'view'), null); // the descriptor walk does not run it
    assert.match(String(serialisedBoundsProblem(getter, 'view').problem), /^view(\.a)+: must not nest deeper than 16 levels$/);
    // Read as JSON.stringify reads it: once under Node. The validation engine's native twin of
    // the walk (jsrt/bounds.go) reads it once more before this walk finds the refusal: the
    // verdict and its words are the same (docs/sdk.md).
    const native = typeof (globalThis as { __scapeBoundsWalk?: unknown }).__scapeBoundsWalk === 'function';
    assert.equal(reads, native ? 2 : 1);
    const custom = { toJSON: () => nested(40) };
    const found = serialisedBoundsProblem(custom, 'view');
    assert.equal(found.problem, null);
    assert.equal(found.plain, false);
  });

  test('what JSON drops is not counted', () => {
    const value: Record<string, unknown> = { keep: 'x'.repeat(RESULT_BYTE_BOUND - 20) };
    for (let i = 0; i < 1000; i++) value[`gone${i}`] = undefined;
    assert.ok(JSON.stringify(value).length <= RESULT_BYTE_BOUND);
    assert.equal(serialisedBoundsProblem(value, 'view').problem, null);
  });
});
