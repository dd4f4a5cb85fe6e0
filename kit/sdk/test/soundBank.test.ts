import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoPreviewError, previewProblem, resolveGizmoSounds } from '../src/soundBank.js';
import type { ObjectDefinition } from '../src/api.js';
import { collectWarnings } from '../src/internal/rules.js';
import type { GizmoSynth } from '../src/synthesis.js';

const tone = (frequency: number): GizmoSynth => ({ kind: 'synth', duration: 0.3, voices: [{ wave: 'triangle', start: 0, duration: 0.3, frequency, gain: 0.2 }] });

function definition(extra: Partial<ObjectDefinition>): ObjectDefinition {
  return { type: 'example.organ', version: 1, emoji: '🎹', label: 'Organ', hint: '', initial: () => ({ pitch: 440 }), valid: () => true, actions: {}, ...extra } as ObjectDefinition;
}

describe('gizmoPreviewError', () => {
  test('sound and gain', () => {
    assert.equal(gizmoPreviewError({ sound: tone(440), gain: 0.5 }), null);
    assert.equal(gizmoPreviewError({ sound: tone(440), gain: 0 }), null);
    assert.equal(gizmoPreviewError({ sound: tone(440), gain: 1 }), null);
    assert.equal(gizmoPreviewError({ sound: tone(440), gain: 1.5 }), null, 'a boost: the docs give no range');
    assert.equal(gizmoPreviewError({ sound: tone(440), gain: 'loud' }), 'gain: must be a finite number, not a string (got "loud")');
    const { result, warnings } = collectWarnings(() => gizmoPreviewError({ sound: tone(440), gain: -0.1 }));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['gain: is negative: a gain below 0 only inverts the signal (use 0 for silence) (got -0.1)']);
    assert.match(gizmoPreviewError({ sound: tone(NaN), gain: 1 })!, /^sound.voices\[0\].frequency/);
    assert.match(gizmoPreviewError({ sound: 'ring', gain: 1 })!, /^sound:/);
    assert.match(gizmoPreviewError({ gain: 1 })!, /^sound: is required/);
    assert.match(gizmoPreviewError({ sound: tone(440), gain: 1, loop: true })!, /^loop: is not a known field/);
    assert.equal(String(previewProblem({ sound: tone(440), gain: NaN }, 'previews.pitch')), 'previews.pitch.gain: must be a finite number (got NaN)');
  });
});

describe('resolveGizmoSounds', () => {
  test('static sounds, or none', () => {
    const sounds = { a: tone(440) };
    assert.strictEqual(resolveGizmoSounds(definition({ sounds }), {}), sounds);
    assert.deepEqual(resolveGizmoSounds(definition({}), {}), {});
  });

  test('a validated bank for the state', () => {
    const organ = definition({ soundBank: (state) => ({ note: tone((state as { pitch: number }).pitch) }) });
    assert.deepEqual(resolveGizmoSounds(organ, { pitch: 330 }), { note: tone(330) });
  });

  test('an invalid bank throws naming the definition', () => {
    const bank = (n: number) => definition({ soundBank: () => Object.fromEntries(Array.from({ length: n }, (_, i) => [`n${i}`, tone(440)])) });
    assert.equal(Object.keys(resolveGizmoSounds(bank(16), {})).length, 16);
    assert.throws(() => resolveGizmoSounds(bank(17), {}), /example.organ: soundBank\(state\) returned an invalid bank: soundBank: must declare at most 16 sounds/);
    const named = definition({ soundBank: () => ({ 'F#4': tone(370), 'kick drum': tone(60) }) });
    assert.deepEqual(Object.keys(resolveGizmoSounds(named, {})), ['F#4', 'kick drum']);
    const bad = definition({ soundBank: () => ({ note: tone(NaN) }) });
    assert.throws(() => resolveGizmoSounds(bad, {}), /soundBank.note.voices\[0\].frequency/);
  });
});
