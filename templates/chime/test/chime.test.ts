/** Chime: a cooldown in saved state, and shared feedback through execute, checked by the validators. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gizmoFeedbackError,
  gizmoSoundsError,
  gizmoSynthError,
  ObjectActionError,
  validObjectView,
  type GizmoFeedback,
  type ObjectContext,
} from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { chime } from '../src/definition.js';

const at = (now: number, overrides: Partial<ObjectContext> = {}): ObjectContext => ({
  actorId: 'alice',
  canEdit: false,
  now,
  randomInt: (min) => min,
  ...overrides,
});
const refused = (status: number) => (error: unknown) =>
  error instanceof ObjectActionError && error.status === status;
const ring = { name: 'ring', payload: {} };

const place = () => {
  const registry = new ObjectRegistry([chime]);
  const instance = registry.create('🛎️', 'chime-1');
  assert.ok(instance);
  return { registry, instance };
};

describe('chime', () => {
  test('ringing records the time', () => {
    const { registry, instance } = place();
    assert.deepEqual(instance.state, { lastAt: 0 });
    assert.deepEqual(registry.act(instance, ring, at(5_000)).state, { lastAt: 5_000 });
  });

  test('a repeated ring within 250 ms is refused; after it, accepted', () => {
    const { registry, instance } = place();
    const rung = registry.act(instance, ring, at(5_000));
    assert.throws(() => registry.act(rung, ring, at(5_100, { actorId: 'bob' })), refused(409));
    assert.throws(() => registry.act(rung, ring, at(5_249)), refused(409));
    assert.deepEqual(registry.act(rung, ring, at(5_250)).state, { lastAt: 5_250 });
  });

  test('ring takes no payload', () => {
    const { registry, instance } = place();
    assert.throws(() => registry.act(instance, { name: 'ring', payload: { loud: true } }, at(5_000)), refused(400));
  });

  test('execute returns the shared reaction with valid feedback', () => {
    const { registry, instance } = place();
    const { instance: rung, reaction } = registry.execute(instance, ring, at(5_000));
    assert.deepEqual(rung.state, { lastAt: 5_000 });
    assert.ok(reaction?.feedback);
    assert.equal(reaction.removeArea, undefined);
    assert.equal(reaction.feedback.durationMs, 600);
    assert.deepEqual(reaction.feedback.audio?.map((command) => command.kind === 'play' && command.sound), ['ring']);
    assert.equal(gizmoFeedbackError(reaction.feedback, chime.sounds ?? {}), null);
  });

  test('a refused ring produces no reaction', () => {
    const { registry, instance } = place();
    const { instance: rung } = registry.execute(instance, ring, at(5_000));
    assert.throws(() => registry.execute(rung, ring, at(5_001)), refused(409));
  });

  test('its sounds pass the validators', () => {
    assert.equal(gizmoSoundsError(chime.sounds), null);
    assert.equal(gizmoSynthError(chime.sounds?.ring), null);
  });

  test('the feedback validator catches out-of-bounds feedback', () => {
    const { registry, instance } = place();
    const feedback = registry.execute(instance, ring, at(5_000)).reaction?.feedback;
    assert.ok(feedback);
    const sounds = chime.sounds ?? {};
    const audio = feedback.audio ?? [];
    const variants: [string, GizmoFeedback][] = [
      ['too long', { ...feedback, durationMs: 2_001 }],
      ['too short', { ...feedback, durationMs: 0 }],
      ['looping audio', { ...feedback, audio: audio.map((command) => ({ ...command, loop: true })) }],
      ['audio after expiry', { ...feedback, audio: audio.map((command) => ({ ...command, delayMs: 600 })) }],
    ];
    for (const [name, value] of variants) assert.notEqual(gizmoFeedbackError(value, sounds), null, name);
    assert.notEqual(gizmoFeedbackError(feedback, {}), null, 'an undeclared sound');
  });

  test('state bounds', () => {
    assert.equal(chime.valid({ lastAt: 0 }), true);
    for (const state of [{ lastAt: -1 }, { lastAt: 1.5 }, { lastAt: '0' }, {}, { lastAt: 0, by: 'alice' }]) {
      assert.equal(chime.valid(state), false, JSON.stringify(state));
    }
  });

  test('the view is one ring button in the action row', () => {
    const view = chime.view!({ lastAt: 0 }, { actorId: 'alice', canEdit: false });
    assert.equal(validObjectView(view), true);
    assert.equal(view.controls.length, 1);
    assert.equal(view.controls[0].placement, 'action');
  });
});
