import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { actorId, defineObject, defineProject, exactKeys, jsonData, localObjectRandomInt, ObjectActionError, objectId, PROJECT_OBJECT_LIMIT, record, requirePayload } from '../src/index.js';
import { API_RULES, jsonByteLength, jsonDataProblem } from '../src/api.js';
import { lastFailedRule } from '../src/internal/rules.js';

describe('record and exactKeys', () => {
  test('record accepts plain objects only', () => {
    assert.equal(record({}), true);
    assert.equal(record(Object.create(null)), true);
    assert.equal(record([]), false);
    assert.equal(record(null), false);
    assert.equal(record(new Date()), false);
    assert.equal(record('x'), false);
  });
  test('exactKeys requires each key and nothing else', () => {
    assert.equal(exactKeys({ count: 1 }, ['count']), true);
    assert.equal(exactKeys({}, []), true);
    assert.equal(exactKeys({ count: 1, extra: 2 }, ['count']), false);
    assert.equal(exactKeys({}, ['count']), false);
    assert.equal(exactKeys({ a: 1 }, ['b']), false);
    assert.equal(exactKeys({ a: 1, b: 2 }, ['b', 'a']), true);
  });
});

describe('ids', () => {
  // The docs give ids no grammar: any one-token string a host may issue is an id (api.ids).
  test('any non-empty string without whitespace or control characters', () => {
    for (const ok of ['alice', 'user:42', 'did:plc:abc123', 'a', 'x'.repeat(128), 'x'.repeat(500), '0f8e-11', 'a@b.c', 'A_b', '-a', '.a', 'a/b', 'https://ids.example/u/42', 'é', 'ユーザー', '😀']) {
      assert.equal(actorId(ok), true, ok);
      assert.equal(objectId(ok), true, ok);
    }
    for (const bad of ['', ' alice', 'a b', 'a\tb', 'a\n', 'a\u00a0b', 'a\u2028', 'a\u0000', 42, null, undefined]) {
      assert.equal(actorId(bad), false, String(bad));
      assert.equal(objectId(bad), false, String(bad));
    }
  });
  test('a refused id is refused by api.ids; a non-string by the type', () => {
    assert.equal(actorId('a b'), false);
    assert.equal(lastFailedRule(), API_RULES.id);
    assert.equal(objectId(7), false);
    assert.equal(lastFailedRule()?.id, 'type.string');
  });
});

describe('requirePayload', () => {
  test('accepts exactly the declared keys', () => {
    requirePayload({}, []);
    requirePayload({ color: 'red' }, ['color']);
  });
  test('rejects undeclared keys with status 400', () => {
    assert.throws(() => requirePayload({ extra: 1 }, []), (err: unknown) => err instanceof ObjectActionError && err.status === 400 && /payload\.extra/.test(err.message));
    assert.throws(() => requirePayload({ color: 1, x: 2 }, ['color']), /payload\.x is not accepted/);
  });
  test('rejects a missing declared key but does not check values', () => {
    assert.throws(() => requirePayload({}, ['color']), /payload\.color is required/);
    requirePayload({ color: { nested: [1, 2] } }, ['color']);
  });
});

describe('jsonData', () => {
  test('accepts JSON values', () => {
    for (const v of [null, true, 0, 1.5, -3, 'x', '', [], {}, [1, [2, { a: 'b' }]], { a: null }, Object.create(null)]) assert.equal(jsonData(v), true, JSON.stringify(v));
  });
  test('rejects what JSON loses', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const sparse = [1, , 3];
    const withExtra = Object.assign([1], { x: 1 });
    const hidden = Object.defineProperty({}, 'h', { value: 1, enumerable: false });
    const getter = { get g() { return 1; } };
    for (const [name, v] of [
      ['undefined', undefined], ['function', () => 1], ['NaN', NaN], ['Infinity', Infinity], ['bigint', BigInt(1)],
      ['symbol', Symbol('s')], ['Date', new Date()], ['Map', new Map()], ['Uint8Array', new Uint8Array(1)], ['cycle', cyclic],
      ['sparse', sparse], ['array extra', withExtra], ['hidden', hidden], ['getter', getter],
      ['undefined member', { a: undefined }], ['symbol key', { [Symbol('k')]: 1 }],
    ] as [string, unknown][]) {
      assert.equal(jsonData(v), false, name);
      assert.equal(lastFailedRule(), API_RULES.jsonData, name);
    }
  });
  // The docs refuse non-finite numbers, not −0 (it reads back as 0, and −0 === 0), and JSON.parse
  // makes "__proto__" an ordinary own key that JSON.stringify keeps (api.json.negative-zero,
  // api.json.proto-key: dropped).
  test('accepts −0 and an own "__proto__" key', () => {
    const proto = JSON.parse('{"__proto__": 1, "a": {"__proto__": [2]}}');
    for (const [name, v] of [['-0', -0], ['nested -0', { a: [0, -0] }], ['__proto__', proto]] as [string, unknown][]) assert.equal(jsonData(v), true, name);
    assert.deepEqual(JSON.parse(JSON.stringify(proto)), proto, 'it round-trips');
  });
  test('shared (acyclic) references are fine', () => {
    const shared = { a: 1 };
    assert.equal(jsonData({ x: shared, y: shared }), true);
  });
  test('depth: top-level container is 1, limit 16 by default', () => {
    const nest = (n: number): unknown => (n === 0 ? 1 : [nest(n - 1)]);
    assert.equal(jsonData(nest(16)), true);
    assert.equal(jsonData(nest(17)), false);
    assert.equal(jsonData(nest(2), 2), true);
    assert.equal(jsonData(nest(3), 2), false);
    assert.equal(jsonData(1, 0), true);
    assert.equal(jsonData([], 0), false);
    assert.match(jsonDataProblem(nest(17))![1], /deeper than 16/);
    assert.equal(jsonDataProblem(nest(17))![3], API_RULES.jsonDepth);
  });
  test('problem paths', () => {
    assert.deepEqual(jsonDataProblem({ a: [1, { b: NaN }] }), ['a[1].b', 'must be a finite number (JSON has no NaN or Infinity)', NaN, API_RULES.jsonData]);
  });
});

describe('jsonByteLength', () => {
  test('counts UTF-8 bytes of the JSON text', () => {
    assert.equal(jsonByteLength({}), 2);
    assert.equal(jsonByteLength('é'), 4);
    assert.equal(jsonByteLength('€'), 5);
    assert.equal(jsonByteLength('😀'), 6);
    assert.equal(jsonByteLength({ a: [1, 2] }), '{"a":[1,2]}'.length);
    assert.equal(jsonByteLength(undefined), Infinity);
  });
});

describe('ObjectActionError', () => {
  test('keeps status and message', () => {
    const err = new ObjectActionError(409, 'Reset first.');
    assert.equal(err.status, 409);
    assert.equal(err.message, 'Reset first.');
    assert.ok(err instanceof Error);
  });
});

describe('defineObject and defineProject', () => {
  const lamp = () =>
    defineObject<{ on: boolean }>({
      type: 'example.lamp', version: 1, emoji: '🏮', label: 'Lamp', hint: 'A lamp',
      initial: () => ({ on: false }),
      valid: (s): s is { on: boolean } => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
      actions: { toggle: { permission: 'participant', run: (s) => ({ on: !s.on }) } },
    });
  test('records where it was called, non-enumerably', () => {
    const def = lamp();
    const stack = (def as unknown as Record<symbol, unknown>)[Symbol.for('scape.definedAt')];
    assert.equal(typeof stack, 'string');
    assert.match(stack as string, /api\.test/);
    assert.equal(Object.keys(def).includes('definedAt'), false);
    assert.equal(JSON.stringify(Object.getOwnPropertySymbols(def).length), '1');
    assert.equal(Object.getOwnPropertyDescriptor(def, Symbol.for('scape.definedAt'))!.enumerable, false);
  });
  test('defineProject allows 16 definitions, not 17', () => {
    assert.equal(PROJECT_OBJECT_LIMIT, 16);
    const objects = Array.from({ length: 16 }, lamp);
    assert.equal(defineProject({ objects }).objects.length, 16);
    assert.throws(() => defineProject({ objects: [...objects, lamp()] }), /at most 16 definitions \(got 17\)/);
    assert.equal(lastFailedRule(), API_RULES.projectDefinitions);
    assert.equal(defineProject({ objects: [] }).objects.length, 0, 'an empty project is allowed');
  });
});

describe('localObjectRandomInt', () => {
  test('is inclusive and integer', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const n = localObjectRandomInt(1, 3);
      assert.ok(Number.isInteger(n) && n >= 1 && n <= 3);
      seen.add(n);
    }
    assert.equal(seen.size, 3);
    assert.equal(localObjectRandomInt(5, 5), 5);
    assert.throws(() => localObjectRandomInt(3, 1), RangeError);
    assert.throws(() => localObjectRandomInt(0.5, 1), RangeError);
  });
});
