/**
 * The assertion and test-API contract of `scape gizmo test`, written so that it passes under
 * Node's own runner too (TestSubsetMatchesNode runs it under both). Messages are checked by the
 * parts Node and the runner share.
 */
import { describe, test, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

class Custom extends Error {
  code = 'E_CUSTOM';
}

const fails = (fn: () => void, message: RegExp) =>
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof assert.AssertionError, `expected an AssertionError, got ${String(err)}`);
    assert.equal(err.code, 'ERR_ASSERTION');
    assert.match(err.message, message);
    return true;
  });

describe('equality', () => {
  test('strictEqual and equal use Object.is', () => {
    assert.equal(1, 1);
    assert.strictEqual('a', 'a');
    assert.equal(NaN, NaN);
    fails(() => assert.equal(1, 2), /^Expected values to be strictly equal:\n\n1 !== 2\n/);
    fails(() => assert.strictEqual(0, -0), /strictly equal/);
    fails(() => assert.equal(1, '1' as unknown), /strictly equal/);
  });
  test('notEqual and notStrictEqual', () => {
    assert.notEqual(1, 2);
    assert.notStrictEqual(0, -0);
    fails(() => assert.notEqual(3, 3), /^Expected "actual" to be strictly unequal to: 3/);
  });
  test('deepEqual is strict', () => {
    assert.deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });
    assert.deepStrictEqual(new Map([[1, { x: 1 }]]), new Map([[1, { x: 1 }]]));
    assert.deepStrictEqual(new Set([1, 2]), new Set([2, 1]));
    assert.deepStrictEqual([NaN], [NaN]);
    assert.deepStrictEqual(new Date(5), new Date(5));
    assert.deepStrictEqual(/a/g, /a/g);
    assert.deepStrictEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]));
    assert.deepStrictEqual(new Float64Array([0.5]).buffer, new Float64Array([0.5]).buffer);
    const tagged = Object.assign(new Uint8Array([1, 2]), { tag: 'x' });
    assert.deepStrictEqual(tagged, Object.assign(new Uint8Array([1, 2]), { tag: 'x' }));
    fails(() => assert.deepStrictEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3])), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual(new Uint8Array([1, 2]), new Int8Array([1, 2])), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual(tagged, new Uint8Array([1, 2])), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual(Object.assign(new Uint8Array([1, 2]), { tag: 'y' }), tagged), /strictly deep-equal/);
    fails(() => assert.deepEqual({ a: 1 }, { a: '1' }), /^Expected values to be strictly deep-equal:/);
    fails(() => assert.deepStrictEqual([1, 2], [1, 2, 3]), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual({}, Object.create(null)), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual([0], [-0]), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual({ a: undefined }, {}), /strictly deep-equal/);
    fails(() => assert.deepStrictEqual(new Set([1]), new Set([2])), /strictly deep-equal/);
  });
  test('notDeepStrictEqual', () => {
    assert.notDeepStrictEqual({ a: 1 }, { a: 2 });
    assert.notDeepEqual([1], ['1']);
    fails(() => assert.notDeepStrictEqual({ a: 1 }, { a: 1 }), /^Expected "actual" not to be strictly deep-equal to:/);
  });
  test('a custom message replaces the generated one; an Error is thrown as is', () => {
    fails(() => assert.equal(1, 2, 'one is not two'), /^one is not two/);
    assert.throws(() => assert.equal(1, 2, new Custom('mine')), Custom);
  });
});

describe('truthiness', () => {
  test('ok and assert()', () => {
    assert.ok(1);
    assert(true);
    fails(() => assert.ok(0), /^The expression evaluated to a falsy value/);
    fails(() => assert(''), /falsy value/);
    fails(() => (assert as unknown as () => void)(), /^No value argument passed to `assert\.ok\(\)`/);
    fails(() => assert.ok(null, 'must be set'), /^must be set$/);
  });
  test('fail', () => {
    fails(() => assert.fail(), /^Failed$/);
    fails(() => assert.fail('stop here'), /^stop here$/);
  });
  test('match and doesNotMatch', () => {
    assert.match('lamp color', /color/);
    assert.doesNotMatch('lamp', /fan/);
    fails(() => assert.match('lamp', /fan/), /^The input did not match the regular expression \/fan\/\. Input:\n\n'lamp'\n/);
    fails(() => assert.doesNotMatch('fan', /fan/), /^The input was expected to not match the regular expression \/fan\/\. Input:/);
  });
});

describe('exceptions', () => {
  test('throws with every kind of expectation', () => {
    const boom = () => {
      throw new Custom('boom 42');
    };
    assert.throws(boom);
    assert.throws(boom, Custom);
    assert.throws(boom, Error);
    assert.throws(boom, /boom \d+/);
    assert.throws(boom, /^Error: boom 42$/);
    assert.throws(() => { throw 'plain'; }, /^plain$/);
    assert.throws(boom, { message: 'boom 42', code: 'E_CUSTOM' });
    assert.throws(boom, { message: /boom/ });
    assert.throws(boom, (err: unknown) => err instanceof Custom);
    assert.throws(boom, 'a message only');
  });
  test('throws reports what went wrong', () => {
    fails(() => assert.throws(() => {}), /^Missing expected exception\.$/);
    fails(() => assert.throws(() => {}, 'wanted one'), /^Missing expected exception: wanted one$/);
    fails(() => assert.throws(() => { throw new Error('x'); }, /y/), /^The input did not match the regular expression \/y\/\. Input:/);
    fails(() => assert.throws(() => { throw new Error('x'); }, () => false), /validation function is expected to return "true"\. Received false/);
    fails(() => assert.throws(() => { throw new Error('x'); }, { message: 'y' }), /strictly deep-equal/);
    fails(() => assert.throws(() => { throw new TypeError('x'); }, RangeError), /^The error is expected to be an instance of "RangeError"\. Received "TypeError"/);
  });
  test('doesNotThrow', () => {
    assert.doesNotThrow(() => 1);
    fails(() => assert.doesNotThrow(() => { throw new Error('oops'); }), /^Got unwanted exception\.\nActual message: "oops"/);
  });
  test('rejects and doesNotReject', async () => {
    await assert.rejects(Promise.reject(new Custom('late')), Custom);
    await assert.rejects(async () => { throw new Error('later'); }, /later/);
    await assert.doesNotReject(Promise.resolve(1));
    await assert.rejects(assert.rejects(Promise.resolve(1)), (err: unknown) => err instanceof assert.AssertionError && /^Missing expected rejection\.$/.test(err.message));
  });
});

describe('test API', () => {
  let calls = 0;
  beforeEach(() => {
    calls++;
  });
  it('runs beforeEach before each test', () => {
    assert.equal(calls, 1);
  });
  it('and again', () => {
    assert.equal(calls, 2);
  });
  test('subtests run and are awaited', async (t) => {
    let ran = false;
    await t.test('inner', () => {
      ran = true;
    });
    assert.equal(ran, true);
    assert.equal(t.name, 'subtests run and are awaited');
  });
  test.skip('skip is not run', () => {
    assert.fail('skipped tests must not run');
  });
  test.todo('todo may fail', () => {
    assert.fail('not yet');
  });
});
