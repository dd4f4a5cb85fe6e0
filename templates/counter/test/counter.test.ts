/** Counter: state bounds, payloads, permissions and repeated actions, through the local registry. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ObjectActionError, validObjectView, type ObjectContext, type ObjectInstance } from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { counter } from '../src/definition.js';

/** Deterministic context: fixed time and randomness. Supplying canEdit simulates authority. */
const context = (overrides: Partial<ObjectContext> = {}): ObjectContext => ({
  actorId: 'alice',
  canEdit: false,
  now: 1_000,
  randomInt: (min) => min,
  ...overrides,
});

/** Matches an ObjectActionError with the given status. */
const refused = (status: number) => (error: unknown) =>
  error instanceof ObjectActionError && error.status === status;

const place = (): { registry: ObjectRegistry; instance: ObjectInstance } => {
  const registry = new ObjectRegistry([counter]);
  const instance = registry.create('🔢', 'counter-1');
  assert.ok(instance, 'the registry places a counter by its emoji');
  return { registry, instance };
};

describe('counter', () => {
  test('starts at zero', () => {
    const { instance } = place();
    assert.equal(instance.type, 'scape.counter');
    assert.equal(instance.version, 1);
    assert.deepEqual(instance.state, { count: 0 });
  });

  test('any participant adds one, repeatedly', () => {
    const { registry, instance } = place();
    let current = instance;
    for (let i = 0; i < 3; i++) {
      current = registry.act(current, { name: 'increment', payload: {} }, context({ actorId: `player-${i}` }));
    }
    assert.deepEqual(current.state, { count: 3 });
    assert.deepEqual(instance.state, { count: 0 }, 'acting returns a new instance');
  });

  test('rejects unexpected payload fields', () => {
    const { registry, instance } = place();
    assert.throws(() => registry.act(instance, { name: 'increment', payload: { by: 5 } }, context()), refused(400));
    assert.throws(() => registry.act(instance, { name: 'reset', payload: { to: 3 } }, context({ canEdit: true })), refused(400));
  });

  test('only an editor resets', () => {
    const { registry, instance } = place();
    const counted = registry.act(instance, { name: 'increment', payload: {} }, context());
    assert.throws(() => registry.act(counted, { name: 'reset', payload: {} }, context()), refused(403));
    const cleared = registry.act(counted, { name: 'reset', payload: {} }, context({ canEdit: true }));
    assert.deepEqual(cleared.state, { count: 0 });
  });

  test('stops at 9999', () => {
    const { registry } = place();
    const full: ObjectInstance = { id: 'counter-1', type: 'scape.counter', version: 1, state: { count: 9999 } };
    assert.equal(registry.validate(full), true);
    assert.throws(() => registry.act(full, { name: 'increment', payload: {} }, context()), refused(409));
    const view = counter.view!({ count: 9999 }, { actorId: 'alice', canEdit: false });
    assert.equal(view.controls[0].disabled, true);
  });

  test('state bounds', () => {
    for (const state of [{ count: 0 }, { count: 9999 }, { count: 42 }]) assert.equal(counter.valid(state), true, JSON.stringify(state));
    for (const state of [{ count: -1 }, { count: 10000 }, { count: 1.5 }, { count: '1' }, {}, { count: 1, extra: true }, null, []]) {
      assert.equal(counter.valid(state), false, JSON.stringify(state));
    }
    const { registry } = place();
    assert.equal(registry.validate({ id: 'counter-1', type: 'scape.counter', version: 1, state: { count: 10000 } }), false);
  });

  test('unknown actions are refused', () => {
    const { registry, instance } = place();
    assert.throws(() => registry.act(instance, { name: 'decrement', payload: {} }, context()));
  });

  test('the view offers reset to editors only', () => {
    const forPlayer = counter.view!({ count: 2 }, { actorId: 'alice', canEdit: false });
    const forEditor = counter.view!({ count: 2 }, { actorId: 'alice', canEdit: true });
    assert.equal(validObjectView(forPlayer), true);
    assert.equal(validObjectView(forEditor), true);
    assert.equal(forPlayer.title, '2');
    assert.deepEqual(forPlayer.controls.map((control) => control.id), ['increment']);
    assert.deepEqual(forEditor.controls.map((control) => control.id), ['increment', 'reset']);
  });
});
