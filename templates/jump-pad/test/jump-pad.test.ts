/** Jump pad: a same-floor offset travel recipe, checked by the travel validator. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoTravelError, resolveGizmoTravel, travelExitOffsets, type GizmoTravel, type ObjectContext } from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { jumpPad } from '../src/definition.js';

const context: ObjectContext = { actorId: 'alice', canEdit: true, now: 1_000, randomInt: (min) => min };

describe('jump pad', () => {
  test('is walkable and places with empty state', () => {
    assert.equal(jumpPad.walkable, true);
    const registry = new ObjectRegistry([jumpPad]);
    const pad = registry.create('⏩', 'pad-1');
    assert.ok(pad);
    assert.deepEqual(pad.state, {});
    assert.throws(() => registry.act(pad, { name: 'jump', payload: {} }, context));
  });

  test('travels four cells east with a valid recipe', () => {
    const travel = resolveGizmoTravel(jumpPad, {});
    assert.ok(travel);
    assert.deepEqual(travel.destination, { kind: 'offset', x: 4, y: 0 });
    assert.deepEqual(travel.exits, [[0, 0]]);
    assert.equal(travel.cooldownMs, 650);
    assert.equal(gizmoTravelError(travel, jumpPad, {}), null);
  });

  test('exit offsets stay put without relative rotation', () => {
    const travel = resolveGizmoTravel(jumpPad, {});
    assert.ok(travel);
    assert.deepEqual(travelExitOffsets(travel, 0, 1), [[0, 0]]);
  });

  test('the travel validator enforces the limits', () => {
    const travel = resolveGizmoTravel(jumpPad, {});
    assert.ok(travel);
    const variants: [string, GizmoTravel][] = [
      ['offset beyond 64 cells', { ...travel, destination: { kind: 'offset', x: 65, y: 0 } }],
      ['fractional offset', { ...travel, destination: { kind: 'offset', x: 1.5, y: 0 } }],
      ['no exits', { ...travel, exits: [] }],
      ['exit two cells away', { ...travel, exits: [[2, 0]] }],
      ['cooldown under 650 ms', { ...travel, cooldownMs: 649 }],
      ['cooldown over 5000 ms', { ...travel, cooldownMs: 5_001 }],
      ['linked without link', { ...travel, destination: { kind: 'linked' } }],
    ];
    for (const [name, value] of variants) assert.notEqual(gizmoTravelError(value, jumpPad, {}), null, name);
    assert.equal(gizmoTravelError({ ...travel, destination: { kind: 'offset', x: -64, y: 64 } }, jumpPad, {}), null, '±64 is allowed');
    assert.equal(gizmoTravelError({ ...travel, cooldownMs: 5_000 }, jumpPad, {}), null, '5000 ms is allowed');
  });

  test('state must stay empty', () => {
    assert.equal(jumpPad.valid({}), true);
    assert.equal(jumpPad.valid({ armed: true }), false);
  });
});
