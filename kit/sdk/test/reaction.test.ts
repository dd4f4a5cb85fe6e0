import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { collectWarnings } from '../src/internal/rules.js';
import { feedbackProblem } from '../src/reaction.js';
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
    const long = { ...chime, react: () => ({ feedback: { durationMs: 2001 } }) } as unknown as ObjectDefinition;
    assert.throws(() => resolveGizmoReaction(long, {}, {}, ring, 0), /react\.feedback\.durationMs: must be 1–2,000 ms \(got 2001\)/);
    // The docs give burst no range: a 9-cell burst of 200 particles is accepted.
    const loud = { ...chime, react: () => ({ feedback: { durationMs: 600, burst: { color: '#fff', radiusCells: 9, particles: 200 } } }) } as unknown as ObjectDefinition;
    assert.ok(resolveGizmoReaction(loud, {}, {}, ring, 0));
    const remover = { ...chime, react: () => ({ removeArea: { radiusCells: 1 } }) } as unknown as ObjectDefinition;
    assert.throws(() => resolveGizmoReaction(remover, {}, {}, ring, 0), /removeArea\.radiusCells: requires the definition to declare areaRemoval/);
    assert.deepEqual(resolveGizmoReaction({ ...remover, areaRemoval: { radiusCells: 1 } }, {}, {}, ring, 0), { removeArea: { radiusCells: 1 } });
  });
  test('feedback messages read as rules', () => {
    assert.equal(gizmoFeedbackError({ durationMs: 0 }, {}), 'durationMs: must be 1–2,000 ms (got 0)');
    assert.equal(gizmoFeedbackError({ durationMs: 500, haptic: 'heavy' }, {}), null);
    assert.equal(gizmoFeedbackError({ durationMs: 500, impulse: { scale: 3, rotation: -6 } }, {}), null);
  });
  test('an effect outlasting its feedback, an empty burst and a non-hex color are warnings', () => {
    const warned = (value: unknown): string[] => {
      const { result, warnings } = collectWarnings(() => feedbackProblem(value, {}, ''));
      assert.equal(result, null);
      return warnings.map(String);
    };
    assert.deepEqual(warned({ durationMs: 500, cameraShake: { strength: 0.2, durationMs: 700 } }), ["cameraShake.durationMs: outlasts the feedback's durationMs (500 ms), which ends it (got 700)"]);
    assert.deepEqual(warned({ durationMs: 500, burst: { color: 'cyan', radiusCells: 0, particles: 1.5 } }), [
      'burst.color: is not a hex color like "#a9e8ff"; a renderer may not draw it (got "cyan")',
      'burst.radiusCells: is not positive, so the burst shows nothing (got 0)',
      'burst.particles: is not a whole number of particles (got 1.5)',
    ]);
    assert.deepEqual(warned({ durationMs: 500, burst: { color: '#a9e8ff', radiusCells: 1.5, particles: 0 } }), []);
  });
  test('interactions name declared actions', () => {
    assert.equal(validGizmoInteraction({ tap: ring }, chime), true);
    assert.equal(validGizmoInteraction({ tap: { name: 'toll', payload: {} } }, chime), false);
  });
  test('configuration shape', () => {
    assert.equal(validGizmoConfiguration({ action: 'color', fields: ['color'], remember: true, open: true }), true);
    assert.equal(validGizmoConfiguration({ action: 'color', fields: [] }), true, 'no fields is a warning, not an error');
  });
});
