import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { busProblem, gizmoBusError, gizmoSequenceError, sequenceStepProblem, type GizmoAudioBus, type GizmoSequenceStep } from '../src/sequence.js';
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

  test('ranges', () => {
    const b = bus();
    assert.match(gizmoBusError({ ...b, gain: 1.1 })!, /^gain: must be 0–1/);
    assert.match(gizmoBusError({ ...b, delay: { ...b.delay!, time: 0 } })!, /^delay.time: must be 0.001–2 s/);
    assert.equal(gizmoBusError({ ...b, delay: { time: 2, feedback: 0.95, wet: 1 } }), null);
    assert.match(gizmoBusError({ ...b, delay: { ...b.delay!, feedback: 0.96 } })!, /^delay.feedback: must be 0–0.95/);
    assert.match(gizmoBusError({ ...b, delay: { ...b.delay!, modulation: { frequency: 21, depth: 0 } } })!, /^delay.modulation.frequency: must be 0–20 Hz/);
    assert.match(gizmoBusError({ ...b, delay: { ...b.delay!, modulation: { frequency: 1, depth: 0.06 } } })!, /^delay.modulation.depth: must be 0–0.05 s/);
    assert.match(gizmoBusError({ ...b, delay: { time: 0.01, feedback: 0, wet: 1, modulation: { frequency: 1, depth: 0.01 } } })!, /^delay.modulation.depth: must be less than delay.time/);
    assert.match(gizmoBusError({ ...b, reverb: { ...b.reverb!, duration: 4.5 } })!, /^reverb.duration: must be 0.01–4 s/);
    assert.match(gizmoBusError({ ...b, reverb: { ...b.reverb!, seed: -1 } })!, /^reverb.seed/);
    assert.match(gizmoBusError({ ...b, reverb: { ...b.reverb!, seed: 2 ** 32 } })!, /^reverb.seed/);
    assert.match(gizmoBusError({ ...b, compressor: { ...b.compressor!, threshold: 1 } })!, /^compressor.threshold: must be −100–0 dB/);
    assert.match(gizmoBusError({ ...b, compressor: { ...b.compressor!, ratio: 0.5 } })!, /^compressor.ratio: must be 1–20/);
    assert.match(gizmoBusError({ ...b, compressor: { ...b.compressor!, knee: 41 } })!, /^compressor.knee/);
    assert.match(gizmoBusError({ ...b, compressor: { ...b.compressor!, release: 1.5 } })!, /^compressor.release/);
    assert.match(gizmoBusError({ gain: 1, chorus: {} })!, /^chorus: is not a known field/);
    assert.equal(String(busProblem({ gain: 2 }, 'ambience.bus')), 'ambience.bus.gain: must be 0–1 (got 2)');
  });
});

describe('gizmoSequenceError', () => {
  const step = (): GizmoSequenceStep => ({ afterSeconds: 1.5, strikes: [{ source: 0, delaySeconds: 0, sound: tick }, { source: 2, delaySeconds: 0.25, sound: tick }] });

  test('accepts strikes for audible sources, and waiting without strikes', () => {
    assert.equal(gizmoSequenceError(step(), 3), null);
    assert.equal(gizmoSequenceError({ afterSeconds: 10, strikes: [] }, 0), null);
  });

  test('afterSeconds is 0.05–600 s', () => {
    assert.equal(gizmoSequenceError({ afterSeconds: 0.05, strikes: [] }, 1), null);
    assert.equal(gizmoSequenceError({ afterSeconds: 600, strikes: [] }, 1), null);
    assert.match(gizmoSequenceError({ afterSeconds: 0.04, strikes: [] }, 1)!, /^afterSeconds: must be 0.05–600 s/);
    assert.match(gizmoSequenceError({ afterSeconds: 601, strikes: [] }, 1)!, /^afterSeconds/);
  });

  test('source indexes, strike count, delays and sounds', () => {
    assert.match(gizmoSequenceError(step(), 2)!, /^strikes\[1\].source: must be an integer 0–1 \(an index into the 2 audible sources\)/);
    assert.match(gizmoSequenceError(step(), 0)!, /^strikes\[0\].source: must not be given: no source is audible/);
    const strike = { source: 0, delaySeconds: 0, sound: tick };
    assert.equal(gizmoSequenceError({ afterSeconds: 1, strikes: Array(8).fill(strike) }, 1), null);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: Array(9).fill(strike) }, 1)!, /^strikes: must have 0–8 items/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, delaySeconds: 10.5 }] }, 1)!, /^strikes\[0\].delaySeconds: must be 0–10 s/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, delaySeconds: -0.1 }] }, 1)!, /^strikes\[0\].delaySeconds/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, sound: { ...tick, duration: 61 } }] }, 1)!, /^strikes\[0\].sound.duration/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, sound: 'UklGRg==' }] }, 1)!, /^strikes\[0\].sound/);
    assert.match(gizmoSequenceError({ afterSeconds: 1, strikes: [{ ...strike, source: 0.5 }] }, 1)!, /^strikes\[0\].source/);
  });

  test('a bad source count is reported as such', () => {
    assert.match(gizmoSequenceError(step(), -1)!, /^sources: must be an integer source count 0–16/);
    assert.match(gizmoSequenceError(step(), 17)!, /^sources:/);
    assert.equal(sequenceStepProblem(step(), 3, 'sequence') , null);
    assert.equal(sequenceStepProblem({ afterSeconds: 0, strikes: [] }, 3, 'sequence')!.path, 'sequence.afterSeconds');
  });
});
