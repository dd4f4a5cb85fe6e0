/**
 * Chord organ: one press strums a four-chord progression (C, Am, F, G) twice: eight chords of
 * five notes, each note its own voice, 40 voices in one recipe of about four seconds.
 *
 * Capabilities: a static synth with many voices, a tap interaction, react feedback.
 *
 * Open values: 40 voices in one synth (the docs give the voice type, not a count).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoSoundVoice } from '@scape/sdk';

const voices: GizmoSoundVoice[] = [
    { wave: 'square', start: 0.0, duration: 0.45, frequency: 261.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 0.04, duration: 0.45, frequency: 329.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 0.08, duration: 0.45, frequency: 392.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 0.12, duration: 0.45, frequency: 523.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 0.16, duration: 0.45, frequency: 659.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 0.5, duration: 0.45, frequency: 220.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 0.54, duration: 0.45, frequency: 261.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 0.58, duration: 0.45, frequency: 329.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 0.62, duration: 0.45, frequency: 440.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 0.66, duration: 0.45, frequency: 523.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 1.0, duration: 0.45, frequency: 174.61, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 1.04, duration: 0.45, frequency: 220.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 1.08, duration: 0.45, frequency: 261.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 1.12, duration: 0.45, frequency: 349.23, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 1.16, duration: 0.45, frequency: 440.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 1.5, duration: 0.45, frequency: 196.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 1.54, duration: 0.45, frequency: 246.94, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 1.58, duration: 0.45, frequency: 293.66, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 1.62, duration: 0.45, frequency: 392.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 1.66, duration: 0.45, frequency: 493.88, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 2.0, duration: 0.45, frequency: 261.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 2.04, duration: 0.45, frequency: 329.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 2.08, duration: 0.45, frequency: 392.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 2.12, duration: 0.45, frequency: 523.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 2.16, duration: 0.45, frequency: 659.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 2.5, duration: 0.45, frequency: 220.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 2.54, duration: 0.45, frequency: 261.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 2.58, duration: 0.45, frequency: 329.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 2.62, duration: 0.45, frequency: 440.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 2.66, duration: 0.45, frequency: 523.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 3.0, duration: 0.45, frequency: 174.61, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 3.04, duration: 0.45, frequency: 220.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 3.08, duration: 0.45, frequency: 261.63, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 3.12, duration: 0.45, frequency: 349.23, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 3.16, duration: 0.45, frequency: 440.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
    { wave: 'square', start: 3.5, duration: 0.45, frequency: 196.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.6 },
    { wave: 'square', start: 3.54, duration: 0.45, frequency: 246.94, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: -0.3 },
    { wave: 'square', start: 3.58, duration: 0.45, frequency: 293.66, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.0 },
    { wave: 'square', start: 3.62, duration: 0.45, frequency: 392.0, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.3 },
    { wave: 'square', start: 3.66, duration: 0.45, frequency: 493.88, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.03 }, { time: 0.45, value: 0 }], pan: 0.6 },
];

export const chordOrgan = defineObject<{ strums: number }>({
  type: 'studio.chord-organ',
  version: 1,
  emoji: '🪗',
  label: 'Chord organ',
  hint: 'tap to strum the progression',
  initial: () => ({ strums: 0 }),
  valid: (s): s is { strums: number } => record(s) && exactKeys(s, ['strums']) && Number.isSafeInteger(s.strums) && Number(s.strums) >= 0,
  actions: {
    strum: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { strums: s.strums + 1 };
      },
    },
  },
  interaction: { tap: { name: 'strum', payload: {} } },
  sounds: { progression: { kind: 'synth', duration: 4.2, voices } },
  react: () => ({
    feedback: {
      durationMs: 2000,
      audio: [{ kind: 'play', voice: 'organ', sound: 'progression', delayMs: 0, gain: 0.9, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.7 }],
    },
  }),
});

export default defineProject({ objects: [chordOrgan] });
