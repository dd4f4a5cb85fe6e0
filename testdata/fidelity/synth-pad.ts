/**
 * Synth pad: a warm sawtooth pad that swells in, shimmers with a hand-drawn tremolo and fades
 * out over four seconds; the tremolo is drawn point by point in the gain envelope (40 points).
 *
 * Capabilities: a synth with an envelope of points, detuned voices with pan, a lowpass filter,
 * delay and reverb effects; an accepted action plays it.
 *
 * Open values: a 40-point gain envelope (the docs give the point type, not a count).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoSoundPoint } from '@scape/sdk';

const tremolo: GizmoSoundPoint[] = [
      { time: 0.0, value: 0.0 },
      { time: 0.1026, value: 0.0148 },
      { time: 0.2051, value: 0.0176 },
      { time: 0.3077, value: 0.0286 },
      { time: 0.4103, value: 0.0601 },
      { time: 0.5128, value: 0.0519 },
      { time: 0.6154, value: 0.0491 },
      { time: 0.7179, value: 0.1006 },
      { time: 0.8205, value: 0.0975 },
      { time: 0.9231, value: 0.0679 },
      { time: 1.0256, value: 0.1303 },
      { time: 1.1282, value: 0.1515 },
      { time: 1.2308, value: 0.0932 },
      { time: 1.3333, value: 0.1466 },
      { time: 1.4359, value: 0.2072 },
      { time: 1.5385, value: 0.1285 },
      { time: 1.641, value: 0.1394 },
      { time: 1.7436, value: 0.2196 },
      { time: 1.8462, value: 0.1518 },
      { time: 1.9487, value: 0.1197 },
      { time: 2.0513, value: 0.2103 },
      { time: 2.1538, value: 0.1782 },
      { time: 2.2564, value: 0.1104 },
      { time: 2.359, value: 0.1906 },
      { time: 2.4615, value: 0.2015 },
      { time: 2.5641, value: 0.1136 },
      { time: 2.6667, value: 0.165 },
      { time: 2.7692, value: 0.2164 },
      { time: 2.8718, value: 0.1285 },
      { time: 2.9744, value: 0.1395 },
      { time: 3.0769, value: 0.2027 },
      { time: 3.1795, value: 0.1246 },
      { time: 3.2821, value: 0.086 },
      { time: 3.3846, value: 0.1294 },
      { time: 3.4872, value: 0.0914 },
      { time: 3.5897, value: 0.0453 },
      { time: 3.6923, value: 0.0586 },
      { time: 3.7949, value: 0.0413 },
      { time: 3.8974, value: 0.0117 },
      { time: 4.0, value: 0.0 },
];

export const synthPad = defineObject<{ plays: number }>({
  type: 'studio.synth-pad',
  version: 1,
  emoji: '🌌',
  label: 'Synth pad',
  hint: 'play a shimmering chord',
  initial: () => ({ plays: 0 }),
  valid: (s): s is { plays: number } => record(s) && exactKeys(s, ['plays']) && Number.isSafeInteger(s.plays) && Number(s.plays) >= 0,
  actions: {
    play: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { plays: s.plays + 1 };
      },
    },
  },
  view: () => ({
    title: 'Synth pad',
    description: 'A four-second chord.',
    controls: [{ id: 'play', label: 'Play', placement: 'action', action: { name: 'play', payload: {} } }],
  }),
  sounds: {
    pad: {
      kind: 'synth',
      duration: 4.2,
      voices: [
        { wave: 'sawtooth', start: 0, duration: 4, frequency: 220, gain: tremolo, pan: -0.4, filter: { type: 'lowpass', frequency: 1800, q: 0.5 } },
        { wave: 'sawtooth', start: 0, duration: 4, frequency: 221.3, gain: tremolo, pan: 0.4, filter: { type: 'lowpass', frequency: 1800, q: 0.5 } },
        { wave: 'sawtooth', start: 0, duration: 4, frequency: 329.6, gain: tremolo, pan: 0, filter: { type: 'lowpass', frequency: 1500, q: 0.5 } },
      ],
      effects: [
        { type: 'delay', time: 0.33, feedback: 0.4, mix: 0.25, parallel: true },
        { type: 'reverb', decay: 2.5, mix: 0.3 },
      ],
    },
  },
  react: () => ({
    feedback: {
      durationMs: 2000,
      audio: [{ kind: 'play', voice: 'pad', sound: 'pad', delayMs: 0, gain: 0.8, rate: 1, loop: false, rangeCells: [1, 12], stereo: 0.8 }],
    },
  }),
});

export default defineProject({ objects: [synthPad] });
