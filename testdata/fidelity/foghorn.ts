/**
 * Foghorn: sounds a long low blast that ships hear across the bay: the shared feedback is
 * audible from 2 to 48 cells away.
 *
 * Capabilities: react feedback with audio and camera shake, a low synth with a lowpass effect,
 * a cooldown in state.
 *
 * Open values: rangeCells [2, 48] on a feedback play (the docs give rangeCells a type, not a
 * range).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

export const foghorn = defineObject<{ blownAt: number }>({
  type: 'harbour.foghorn',
  version: 1,
  emoji: '📯',
  label: 'Foghorn',
  hint: 'warn the ships',
  initial: () => ({ blownAt: 0 }),
  valid: (s): s is { blownAt: number } => record(s) && exactKeys(s, ['blownAt']) && Number.isSafeInteger(s.blownAt) && Number(s.blownAt) >= 0,
  actions: {
    blow: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        if (context.now - s.blownAt < 5000) throw new ObjectActionError(409, 'The horn needs a moment.');
        return { blownAt: context.now };
      },
    },
  },
  view: () => ({
    title: 'Foghorn',
    description: 'Heard across the whole bay.',
    controls: [{ id: 'blow', label: 'Sound the horn', placement: 'action', action: { name: 'blow', payload: {} } }],
  }),
  sounds: {
    blast: {
      kind: 'synth',
      duration: 2,
      voices: [
        { wave: 'sawtooth', start: 0, duration: 1.95, frequency: 82, gain: [{ time: 0, value: 0 }, { time: 0.15, value: 0.25 }, { time: 1.6, value: 0.25 }, { time: 1.95, value: 0 }] },
        { wave: 'sawtooth', start: 0, duration: 1.95, frequency: 82.6, gain: [{ time: 0, value: 0 }, { time: 0.15, value: 0.2 }, { time: 1.6, value: 0.2 }, { time: 1.95, value: 0 }] },
      ],
      effects: [{ type: 'lowpass', frequency: 400, q: 0.7 }],
    },
  },
  react: () => ({
    feedback: {
      durationMs: 2000,
      cameraShake: { strength: 0.15, durationMs: 1500 },
      audio: [{ kind: 'play', voice: 'horn', sound: 'blast', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [2, 48], stereo: 0.3 }],
    },
  }),
});

export default defineProject({ objects: [foghorn] });
