/** Floor fan: switch and direction actions, permissions, and the push checked by its validator. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoPushError, resolveGizmoPush, ObjectActionError, validObjectView, type ObjectContext } from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { fan, type FanState } from '../src/definition.js';

const context = (overrides: Partial<ObjectContext> = {}): ObjectContext => ({
  actorId: 'alice',
  canEdit: false,
  now: 1_000,
  randomInt: (min) => min,
  ...overrides,
});
const refused = (status: number) => (error: unknown) =>
  error instanceof ObjectActionError && error.status === status;

const place = () => {
  const registry = new ObjectRegistry([fan]);
  const instance = registry.create('🪭', 'fan-1');
  assert.ok(instance);
  return { registry, instance };
};

describe('floor fan', () => {
  test('starts on, pushing right', () => {
    const { instance } = place();
    assert.deepEqual(instance.state, { on: true, direction: 'right' });
    assert.deepEqual(resolveGizmoPush(fan, instance.state), { direction: 'right' });
  });

  test('switching off stops the push; switching on restores it', () => {
    const { registry, instance } = place();
    const off = registry.act(instance, { name: 'toggle', payload: {} }, context());
    assert.equal(resolveGizmoPush(fan, off.state), null);
    const on = registry.act(off, { name: 'toggle', payload: {} }, context());
    assert.deepEqual(resolveGizmoPush(fan, on.state), { direction: 'right' });
  });

  test('an editor sets each direction; the push follows', () => {
    const { registry, instance } = place();
    for (const direction of ['right', 'down', 'left', 'up'] as const) {
      const next = registry.act(instance, { name: 'direction', payload: { direction } }, context({ canEdit: true }));
      assert.deepEqual(next.state, { on: true, direction } satisfies FanState);
      const push = resolveGizmoPush(fan, next.state);
      assert.equal(gizmoPushError(push), null);
      assert.equal(push?.direction, direction);
    }
  });

  test('direction needs editing permission and a known direction', () => {
    const { registry, instance } = place();
    const direction = (payload: Record<string, unknown>, ctx = context({ canEdit: true })) =>
      registry.act(instance, { name: 'direction', payload }, ctx);
    assert.throws(() => direction({ direction: 'left' }, context()), refused(403));
    assert.throws(() => direction({ direction: 'diagonal' }), refused(400));
    assert.throws(() => direction({ direction: 1 }), refused(400));
    assert.throws(() => direction({}), refused(400));
    assert.throws(() => direction({ direction: 'up', speed: 2 }), refused(400));
    assert.throws(() => registry.act(instance, { name: 'toggle', payload: { on: true } }, context()), refused(400));
  });

  test('state bounds', () => {
    assert.equal(fan.valid({ on: false, direction: 'up' }), true);
    for (const state of [{ on: true, direction: 'north' }, { on: 1, direction: 'up' }, { on: true }, { on: true, direction: 'up', speed: 1 }]) {
      assert.equal(fan.valid(state), false, JSON.stringify(state));
    }
  });

  test('the push validator rejects what the host cannot do', () => {
    assert.equal(gizmoPushError({ direction: 'left', blockOpposingInput: true }), null);
    assert.notEqual(gizmoPushError({ direction: 'diagonal' }), null);
    assert.notEqual(gizmoPushError({ direction: 'left', speed: 3 }), null);
  });

  test('the view saves the direction on change', () => {
    const view = fan.view!({ on: true, direction: 'down' }, { actorId: 'owner', canEdit: true });
    assert.equal(validObjectView(view), true);
    assert.equal(view.fields?.[0].kind, 'select');
    assert.equal(view.fields?.[0].value, 'down');
    const save = view.controls.find((control) => control.id === 'direction');
    assert.equal(save?.trigger, 'change');
    assert.equal(save?.disabled, false);
    const player = fan.view!({ on: false, direction: 'down' }, { actorId: 'alice', canEdit: false });
    assert.equal(player.controls.find((control) => control.id === 'direction')?.disabled, true);
    assert.equal(player.controls[0].pressed, false);
  });
});
