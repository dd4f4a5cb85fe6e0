/**
 * Choir: tap to hear a six-voice "aah" chord sung by a choir: six partial layers (one per
 * singer) with harmonics, gentle vibrato and a breathy noise stage, swelling in and out.
 *
 * Capabilities: a partials sound with six layers, vibrato, per-layer noise and pole stages,
 * release and fadeOut; react feedback.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoPartialLayer } from '@scape/sdk';

const singer = (frequency: number, seed: number): GizmoPartialLayer => ({
  frequency,
  gain: 0.16,
  partials: [
    { ratio: 1, gain: 1, decay: 0 },
    { ratio: 2, gain: 0.45, decay: 0 },
    { ratio: 3, gain: 0.25, decay: 0.1 },
    { ratio: 4, gain: 0.12, decay: 0.2 },
    { ratio: 5, gain: 0.06, decay: 0.3 },
  ],
  vibrato: { depth: 0.008, rate: 5 + seed * 0.3 },
  stages: [{ kind: 'noise', seed, gain: 0.02, decay: 0 }, { kind: 'pole', frequency: 3500 }],
});

export const choir = defineObject<{ sung: number }>({
  type: 'chapel.choir',
  version: 1,
  emoji: '👼',
  label: 'Choir',
  hint: 'tap to hear the choir',
  initial: () => ({ sung: 0 }),
  valid: (s): s is { sung: number } => record(s) && exactKeys(s, ['sung']) && Number.isSafeInteger(s.sung) && Number(s.sung) >= 0,
  actions: {
    sing: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { sung: s.sung + 1 };
      },
    },
  },
  interaction: { tap: { name: 'sing', payload: {} } },
  sounds: {
    aah: {
      kind: 'partials',
      duration: 3,
      layers: [
        singer(130.81, 1), singer(196.0, 2), singer(261.63, 3),
        singer(329.63, 4), singer(392.0, 5), singer(523.25, 6),
      ],
      amplitude: { gain: 0.7, attack: 0.6, attackCurve: 'sine-squared', release: { at: 2.2, time: 0.7 }, fadeOut: 0.1 },
    },
  },
  react: () => ({
    feedback: {
      durationMs: 2000,
      audio: [{ kind: 'play', voice: 'choir', sound: 'aah', delayMs: 0, gain: 0.9, rate: 1, loop: false, rangeCells: [1, 14], stereo: 0.8 }],
    },
  }),
});

export default defineProject({ objects: [choir] });
