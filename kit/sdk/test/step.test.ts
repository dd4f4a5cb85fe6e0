import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { collectWarnings } from '../src/internal/rules.js';
import { gizmoStepError, resolveGizmoStep, validateGizmoSteps, type ObjectDefinition } from '../src/index.js';
import { pressurePad } from '../../../templates/pressure-pad/src/definition.js';

const walk = { id: 'e1', at: 10, movement: 'walk' } as const;

describe('step', () => {
  test('the pressure pad lights per movement', () => {
    const walked = resolveGizmoStep(pressurePad, {}, walk);
    const pushed = resolveGizmoStep(pressurePad, {}, { ...walk, movement: 'push' });
    assert.equal(walked?.lighting?.light?.color, '#6bdfff');
    assert.equal(pushed?.lighting?.light?.color, '#a28aff');
    validateGizmoSteps(pressurePad, {});
  });
  test('a definition without step resolves to null', () => {
    assert.equal(resolveGizmoStep({ ...pressurePad, step: undefined } as ObjectDefinition, {}, walk), null);
  });
  test('validateGizmoSteps probes both movements and names the one that fails', () => {
    const pushOnly = { ...pressurePad, step: (_s: unknown, e: { movement: string }) => ({ durationMs: e.movement === 'push' ? 3000 : 100 }) } as unknown as ObjectDefinition;
    assert.throws(() => validateGizmoSteps(pushOnly, {}), /step\.durationMs: must be 1–2,000 ms \(for a push arrival\) \(got 3000\)/);
  });
  test('the event is checked', () => {
    assert.throws(() => resolveGizmoStep(pressurePad, {}, { ...walk, movement: 'teleport' as never }), /event\.movement/);
    // The event id is any string (the type; the host supplies it).
    assert.ok(resolveGizmoStep(pressurePad, {}, { ...walk, id: 'e'.repeat(300) }));
    assert.throws(() => resolveGizmoStep(pressurePad, {}, { ...walk, id: 7 as never }), /event\.id: must be a string/);
    assert.throws(() => resolveGizmoStep(pressurePad, {}, { ...walk, at: Number.NaN }), /event\.at: must be a finite number/);
  });
  test('an animation naming no layer of the sprite is a warning', () => {
    const sprite = () => ({ size: 64, layers: [{ id: 'base', shapes: [{ kind: 'rect', x: 0, y: 0, width: 64, height: 64, radius: 0, fill: '#ffffff' }] }] });
    const frames = [{ at: 0, offset: [0, 0], tint: [1, 1, 1] }, { at: 1, offset: [0, 0], tint: [1, 1, 1] }];
    const def = (layer: string) => ({ ...pressurePad, sprite, step: () => ({ durationMs: 200, animation: { layer, frames } }) }) as unknown as ObjectDefinition;
    assert.equal(resolveGizmoStep(def('base'), {}, walk)?.animation?.layer, 'base');
    const { result, warnings } = collectWarnings(() => resolveGizmoStep(def('top'), {}, walk));
    assert.equal(result?.animation?.layer, 'top');
    assert.deepEqual(warnings.map(String), ['step.animation.layer: names no layer of sprite(state) (base), so nothing animates (got "top")']);
  });
  test('gizmoStepError checks audio against the sounds', () => {
    const audio = [{ kind: 'play', voice: 'n', sound: 'note', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0 }];
    assert.equal(gizmoStepError({ durationMs: 100, audio }, pressurePad.sounds!), null);
    assert.match(String(gizmoStepError({ durationMs: 100, audio }, {})), /^audio\[0\]/);
  });
});
