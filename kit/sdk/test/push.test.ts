import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoPushError, resolveGizmoPush, type ObjectDefinition } from '../src/index.js';
import { fan } from '../../../templates/fan/src/definition.js';

describe('push', () => {
  test('the fan pushes while on and stops when off', () => {
    assert.deepEqual(resolveGizmoPush(fan, { on: true, direction: 'left' }), { direction: 'left' });
    assert.equal(resolveGizmoPush(fan, { on: false, direction: 'left' }), null);
  });
  test('push requires walkable', () => {
    const blocking = { ...fan, walkable: false } as ObjectDefinition;
    assert.throws(() => resolveGizmoPush(blocking, { on: true, direction: 'up' }), /push: requires walkable: true/);
  });
  test('invalid results throw with the field', () => {
    const bad = { ...fan, push: () => ({ direction: 'north' }) } as unknown as ObjectDefinition;
    assert.throws(() => resolveGizmoPush(bad, {}), /push\.direction: must be one of "right", "down", "left", "up" \(got "north"\)/);
  });
  test('gizmoPushError', () => {
    assert.equal(gizmoPushError({ direction: 'down', blockOpposingInput: true }), null);
    assert.equal(gizmoPushError({ direction: 'down', speed: 2 }), 'speed: is not a known field (expected one of direction, blockOpposingInput) (got 2)');
  });
});
