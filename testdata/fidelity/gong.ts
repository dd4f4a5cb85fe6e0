/**
 * Gong: strike the great temple gong; its roar blooms and hangs in the air for six seconds
 * through a long noise reverb and a six-second reverb tail.
 *
 * Capabilities: a synth with inharmonic voices, noise-reverb and reverb effects, react
 * feedback with camera shake.
 *
 * Open values: a noise-reverb of 6 s duration and a reverb decay of 6 s (the docs give these
 * fields' types, not their ranges).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface GongState {
  struckAt: number;
}

export const gong = defineObject<GongState>({
  type: 'temple.gong',
  version: 1,
  emoji: '🔆',
  label: 'Gong',
  hint: 'strike the gong',
  initial: () => ({ struckAt: 0 }),
  valid: (s): s is GongState => record(s) && exactKeys(s, ['struckAt']) && Number.isSafeInteger(s.struckAt) && Number(s.struckAt) >= 0,
  actions: {
    strike: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        if (context.now - s.struckAt < 3000) throw new ObjectActionError(409, 'Let the gong ring.');
        return { struckAt: context.now };
      },
    },
  },
  interaction: { tap: { name: 'strike', payload: {} } },
  sounds: {
    gong: {
      kind: 'synth',
      duration: 8,
      seed: 11,
      voices: [
        { wave: 'sine', start: 0, duration: 7.5, frequency: 92, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.3 }, { time: 7.5, value: 0, curve: 'exponential' }] },
        { wave: 'sine', start: 0, duration: 6, frequency: 147.5, gain: [{ time: 0, value: 0 }, { time: 0.4, value: 0.15 }, { time: 6, value: 0 }] },
        { wave: 'sine', start: 0, duration: 5, frequency: 233.1, gain: [{ time: 0, value: 0 }, { time: 0.8, value: 0.1 }, { time: 5, value: 0 }] },
        { wave: 'noise', start: 0, duration: 0.3, gain: [{ time: 0, value: 0.1 }, { time: 0.3, value: 0 }], filter: { type: 'lowpass', frequency: 800, q: 0.7 } },
      ],
      effects: [
        { type: 'noise-reverb', duration: 6, decay: 3, seed: 5, mix: 0.35, parallel: true },
        { type: 'reverb', decay: 6, mix: 0.25 },
      ],
    },
  },
  react: () => ({
    feedback: {
      durationMs: 2000,
      cameraShake: { strength: 0.2, durationMs: 600 },
      audio: [{ kind: 'play', voice: 'gong', sound: 'gong', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 20], stereo: 0.5 }],
    },
  }),
});

export default defineProject({ objects: [gong] });
