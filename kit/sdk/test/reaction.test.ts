import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoFeedbackError, resolveGizmoReaction, validGizmoConfiguration, validGizmoInteraction, type ObjectDefinition } from '../src/index.js';
import { chime } from '../../../templates/chime/src/definition.js';

const ring = { name: 'ring', payload: {} };

describe('reactions', () => {
  test('resolveGizmoReaction runs react with the time and checks it', () => {
    const reaction = resolveGizmoReaction(chime, { lastAt: 10 }, { lastAt: 0 }, ring, 10);
    assert.equal(reaction?.feedback?.burst?.radiusCells, 1.5);
    const seen: unknown[] = [];
    const spy = { ...chime, react: (...args: unknown[]) => { seen.push(args); return null; } } as unknown as ObjectDefinition;
    assert.equal(resolveGizmoReaction(spy, { lastAt: 10 }, { lastAt: 0 }, ring, 10), null);
    assert.deepEqual(seen[0], [{ lastAt: 10 }, { lastAt: 0 }, ring, { now: 10 }]);
    assert.equal(resolveGizmoReaction({ ...chime, react: undefined } as ObjectDefinition, {}, {}, ring, 0), null);
  });
  test('an invalid reaction throws with its path', () => {
    const loud = { ...chime, react: () => ({ feedback: { durationMs: 600, burst: { color: '#ffffff', radiusCells: 9, particles: 0 } } }) } as unknown as ObjectDefinition;
    assert.throws(() => resolveGizmoReaction(loud, {}, {}, ring, 0), /react\.feedback\.burst\.radiusCells: must be greater than 0 and at most 8 cells \(got 9\)/);
    const remover = { ...chime, react: () => ({ removeArea: { radiusCells: 1 } }) } as unknown as ObjectDefinition;
    assert.throws(() => resolveGizmoReaction(remover, {}, {}, ring, 0), /removeArea\.radiusCells: requires the definition to declare areaRemoval/);
    assert.deepEqual(resolveGizmoReaction({ ...remover, areaRemoval: { radiusCells: 1 } }, {}, {}, ring, 0), { removeArea: { radiusCells: 1 } });
  });
  test('feedback messages read as rules', () => {
    assert.equal(gizmoFeedbackError({ durationMs: 0 }, {}), 'durationMs: must be 1–2,000 ms (got 0)');
    assert.equal(gizmoFeedbackError({ durationMs: 500, cameraShake: { strength: 0.2, durationMs: 700 } }, {}), "cameraShake.durationMs: must not outlast the feedback's durationMs (500 ms) (got 700)");
    assert.equal(gizmoFeedbackError({ durationMs: 500, haptic: 'heavy' }, {}), null);
  });
  test('interactions name declared actions', () => {
    assert.equal(validGizmoInteraction({ tap: ring }, chime), true);
    assert.equal(validGizmoInteraction({ tap: { name: 'toll', payload: {} } }, chime), false);
  });
  test('configuration shape', () => {
    assert.equal(validGizmoConfiguration({ action: 'color', fields: ['color'], remember: true, open: true }), true);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: [] }), false);
  });
});
