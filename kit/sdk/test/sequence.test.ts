import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { busProblem, gizmoBusError, gizmoSequenceError, sequenceStepProblem, type GizmoAudioBus, type GizmoSequenceStep } from '../src/sequence.js';
import { collectWarnings } from '../src/internal/rules.js';
import type { GizmoSynth } from '../src/synthesis.js';

const tick: GizmoSynth = { kind: 'synth', duration: 0.2, voices: [{ wave: 'sine', start: 0, duration: 0.15, frequency: 660, gain: 0.2 }] };

const bus = (): GizmoAudioBus => ({
  gain: 0.8,
  delay: { time: 0.3, feedback: 0.4, wet: 0.3, modulation: { frequency: 0.5, depth: 0.002 } },
  reverb: { duration: 2, decay: 3, seed: 7, wet: 0.25 },
  compressor: { threshold: -24, knee: 30, ratio: 12, attack: 0.003, release: 0.25 },
});

describe('gizmoBusError', () => {
  test('accepts a minimal and a full bus', () => {
    assert.equal(gizmoBusError({ gain: 1 }), null);
    assert.equal(gizmoBusError(bus()), null);
  });

  test('bus fields are any finite numbers; the shape is checked', () => {
    const b = bus();
    // The bus runs on the listener's device: a 6 s reverb, a long echo, a hard compressor all build.
    assert.equal(gizmoBusError({ gain: 1.5, delay: { time: 3, feedback: 0.98, wet: 1.2, modulation: { frequency: 40, depth: 0.2 } }, reverb: { duration: 6, decay: 30, seed: 7, wet: 1 }, compressor: { threshold: -120, knee: 60, ratio: 0.5, attack: 2, release: 3 } }), null);
    assert.equal(gizmoBusError({ gain: -0, delay: { time: 0, feedback: -0.5, wet: 0 } }), null);
    assert.match(gizmoBusError({ ...b, gain: NaN })!, /^gain: must be a finite number/);
    assert.match(gizmoBusError({ ...b, delay: { ...b.delay!, time: '0.3' } })!, /^delay.time: must be a finite number/);
    assert.match(gizmoBusError({ ...b, delay: { time: 0.3, feedback: 0.4 } })!, /^delay.wet: is required/);
    assert.match(gizmoBusError({ ...b, reverb: { ...b.reverb!, seed: -1 } })!, /^reverb.seed/);
    assert.match(gizmoBusError({ ...b, reverb: { ...b.reverb!, seed: 2 ** 32 } })!, /^reverb.seed/);
    assert.match(gizmoBusError({ ...b, compressor: { ...b.compressor!, knee: Infinity } })!, /^compressor.knee: must be a finite number/);
    assert.match(gizmoBusError({ ...b, compressor: { threshold: -24, knee: 30, ratio: 12, attack: 0.003 } })!, /^compressor.release: is required/);
    assert.match(gizmoBusError({ gain: 1, chorus: {} })!, /^chorus: is not a known field/);
    assert.equal(String(busProblem({ gain: 'x' }, 'ambience.bus')), 'ambience.bus.gain: must be a finite number, not a string (got "x")');
  });

  test('bus values that are almost certainly mistakes warn', () => {
    const warned = (value: unknown) => {
      const { result, warnings } = collectWarnings(() => gizmoBusError(value));
      assert.equal(result, null);
      return warnings.map(String);
    };
    assert.deepEqual(warned(bus()), []);
    assert.deepEqual(warned({ gain: -1 }), ['gain: is negative: a gain below 0 only inverts the signal (use 0 for silence) (got -1)']);
    assert.deepEqual(warned({ gain: 1, delay: { time: 0.3, feedback: 1, wet: 0.5 } }), ['delay.feedback: is 1 or more in size, so the echo never dies away (it grows or rings forever) (got 1)']);
    assert.deepEqual(warned({ gain: 1, delay: { time: 0.3, feedback: -1.2, wet: 0.5 } }).length, 1);
    assert.deepEqual(warned({ gain: 1, delay: { time: 0.01, feedback: 0, wet: 1, modulation: { frequency: 1, depth: 0.01 } } }), ['delay.modulation.depth: reaches delay.time (0.01 s), so the modulated delay sweeps down to no delay at all (got 0.01)']);
  });
});

describe('gizmoSequenceError', () => {
  const step = (): GizmoSequenceStep => ({ afterSeconds: 1.5, strikes: [{ source: 0, delaySeconds: 0, sound: tick }, { source: 2, delaySeconds: 0.25, sound: tick }] });

  test('accepts strikes for audible sources, and waiting without strikes', () => {
    assert.equal(gizmoSequenceError(step(), 3), null);
    assert.equal(gizmoSequenceError({ afterSeconds: 10, strikes: [] }, 0), null);
  });

  test('afterSeconds is any finite number; 0 or less warns', () => {
    assert.equal(gizmoSequenceError({ afterSeconds: 0.01, strikes: [] }, 1), null);
    assert.equal(gizmoSequenceError({ afterSeconds: 3600, strikes: [] }, 1), null);
    assert.match(gizmoSequenceError({ afterSeconds: NaN, strikes: [] }, 1)!, /^afterSeconds: must be a finite number/);
    const { result, warnings } = collectWarnings(() => gizmoSequenceError({ afterSeconds: 0, strikes: [] }, 1));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['afterSeconds: is not greater than 0, so the step asks to be called again at once (the host decides how often it calls back) (got 0)']);
  });

  test('source indexes (the docs), strike count (the budget), delays and sounds', () => {
    assert.match(gizmoSequenceError(step(), 2)!, /^strikes\[1\].source: must be an integer 0–1 \(an index into the 2 audible sources, nearest first\)/);
    assert.match(gizmoSequenceError(step(), 0)!, /^strikes\[0\].source: must not be given: no source is audible/);
    const strike = { source: 0, delaySeconds: 0, sound: tick };
    assert.equal(gizmoSequenceError({ afterSeconds: 1, strikes: Array(12).fill(strike) }, 1), null, 'a twelve-strike fill');
    assert.equal(gizmoSequenceError({ afterSeconds: 1, strikes: Array(64).fill(strike) }, 1), null);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: Array(65).fill(strike) }, 1)!, /^strikes: must have 0–64 items \(this toolchain's own budget, not a limit of the Scape contract\)/);
    assert.equal(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, delaySeconds: 30 }] }, 1), null);
    const { result, warnings } = collectWarnings(() => gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, delaySeconds: -0.1 }] }, 1));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['strikes[0].delaySeconds: is negative: a strike cannot sound before its step (got -0.1)']);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, sound: { ...tick, duration: 61 } }] }, 1)!, /^strikes\[0\].sound.duration/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, sound: 'UklGRg==' }] }, 1)!, /^strikes\[0\].sound/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, source: 0.5 }] }, 1)!, /^strikes\[0\].source/);
  });

  test('a source count is any whole number', () => {
    assert.match(gizmoSequenceError(step(), -1)!, /^sources: must be a source count: a whole number, 0 or more/);
    assert.match(gizmoSequenceError(step(), 1.5)!, /^sources:/);
    const forty = { afterSeconds: 1, strikes: [{ source: 39, delaySeconds: 0, sound: tick }] };
    assert.equal(gizmoSequenceError(forty, 40), null, 'a 40-source ambience');
    assert.equal(sequenceStepProblem(step(), 3, 'sequence'), null);
    assert.equal(sequenceStepProblem({ afterSeconds: 'soon', strikes: [] }, 3, 'sequence')!.path, 'sequence.afterSeconds');
  });
});
