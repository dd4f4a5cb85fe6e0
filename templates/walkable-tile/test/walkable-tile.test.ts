/** Walkable tile: collision policy alone, with no state, actions, view or effects. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveGizmoPush, resolveGizmoStep, resolveGizmoTravel, type ObjectContext } from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { walkableTile } from '../src/definition.js';

const context: ObjectContext = { actorId: 'alice', canEdit: true, canRemove: true, now: 1_000, randomInt: (min) => min };

describe('walkable tile', () => {
  test('declares walkability and nothing else', () => {
    assert.equal(walkableTile.walkable, true);
    assert.deepEqual(Object.keys(walkableTile.actions), []);
    assert.equal(walkableTile.view, undefined);
    assert.equal(walkableTile.step, undefined);
    assert.equal(resolveGizmoPush(walkableTile, {}), null);
    assert.equal(resolveGizmoTravel(walkableTile, {}), null);
    assert.equal(resolveGizmoStep(walkableTile, {}, { id: 'step-1', at: 0, movement: 'walk' }), null);
  });

  test('places with empty state; every placement is independent', () => {
    const registry = new ObjectRegistry([walkableTile]);
    const first = registry.create('🟦', 'tile-1');
    const second = registry.create('🟦', 'tile-2');
    assert.ok(first && second);
    assert.deepEqual(first.state, {});
    assert.notEqual(first.id, second.id);
    assert.equal(registry.validate(first), true);
  });

  test('state must stay empty', () => {
    assert.equal(walkableTile.valid({}), true);
    for (const state of [{ x: 1 }, null, [], 'tile']) assert.equal(walkableTile.valid(state), false, JSON.stringify(state));
    const registry = new ObjectRegistry([walkableTile]);
    assert.equal(registry.validate({ id: 'tile-1', type: 'example.walkable-tile', version: 1, state: { x: 1 } }), false);
    assert.equal(registry.validate({ id: 'tile-1', type: 'example.walkable-tile', version: 2, state: {} }), false, 'unknown version');
  });

  test('refuses any action, even with every permission', () => {
    const registry = new ObjectRegistry([walkableTile]);
    const tile = registry.create('🟦', 'tile-1');
    assert.ok(tile);
    assert.throws(() => registry.act(tile, { name: 'step', payload: {} }, context));
  });
});
