/** Pressure pad: walkability and cosmetic step feedback, checked by the step and sound validators. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gizmoLightingError,
  gizmoSoundsError,
  gizmoStepError,
  resolveGizmoStep,
  validateGizmoSteps,
  type GizmoStepEvent,
  type ObjectContext,
} from '@scape/sdk';
import { ObjectRegistry } from '@scape/sdk/runtime';
import { pressurePad } from '../src/definition.js';

const context: ObjectContext = { actorId: 'alice', canEdit: true, now: 1_000, randomInt: (min) => min };
const arrival = (movement: GizmoStepEvent['movement'], id = 'step-1'): GizmoStepEvent => ({ id, at: 1_000, movement });

describe('pressure pad', () => {
  test('is walkable and stateless', () => {
    assert.equal(pressurePad.walkable, true);
    const registry = new ObjectRegistry([pressurePad]);
    const instance = registry.create('🔘', 'pad-1');
    assert.ok(instance);
    assert.deepEqual(instance.state, {});
    assert.equal(pressurePad.valid({ pressed: true }), false, 'no saved counter');
  });

  test('has no actions, even for an editor', () => {
    const registry = new ObjectRegistry([pressurePad]);
    const instance = registry.create('🔘', 'pad-1');
    assert.ok(instance);
    assert.throws(() => registry.act(instance, { name: 'press', payload: {} }, context));
  });

  test('a walk lights the pad cyan and plays the note', () => {
    const effects = resolveGizmoStep(pressurePad, {}, arrival('walk'));
    assert.ok(effects);
    assert.equal(effects.durationMs, 600);
    assert.equal(effects.lighting?.light?.color, '#6bdfff');
    assert.deepEqual(effects.audio?.map((command) => command.kind), ['play']);
    assert.equal(gizmoStepError(effects, pressurePad.sounds ?? {}), null);
    assert.equal(gizmoLightingError(effects.lighting), null);
  });

  test('a push lights it violet', () => {
    const effects = resolveGizmoStep(pressurePad, {}, arrival('push', 'step-2'));
    assert.equal(effects?.lighting?.light?.color, '#a28aff');
    assert.equal(gizmoStepError(effects, pressurePad.sounds ?? {}), null);
  });

  test('repeated arrivals give the same cosmetic result and change no state', () => {
    const first = resolveGizmoStep(pressurePad, {}, arrival('walk', 'a'));
    const second = resolveGizmoStep(pressurePad, {}, arrival('walk', 'b'));
    assert.deepEqual(first, second);
    assert.doesNotThrow(() => validateGizmoSteps(pressurePad, {}));
  });

  test('its sounds pass the validator', () => {
    assert.equal(gizmoSoundsError(pressurePad.sounds), null);
  });

  test('the validators catch feedback out of bounds', () => {
    const effects = resolveGizmoStep(pressurePad, {}, arrival('walk'));
    assert.ok(effects);
    const sounds = pressurePad.sounds ?? {};
    assert.match(gizmoStepError({ ...effects, durationMs: 2_001 }, sounds) ?? '', /durationMs/);
    assert.match(gizmoStepError({ ...effects, durationMs: 0 }, sounds) ?? '', /durationMs/);
    assert.equal(gizmoStepError({ ...effects, durationMs: 2_000 }, sounds), null);
    assert.notEqual(gizmoStepError(effects, {}), null, 'an undeclared sound is refused');
  });
});
