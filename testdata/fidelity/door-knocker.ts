/**
 * Door knocker: knock on the door and everyone nearby hears a recorded knock (an imported PCM16
 * WAV at 44.1 kHz, mono), played twice in quick succession at two rates.
 *
 * Capabilities: a recorded WAV sound (optional in the docs), an interaction bump, react
 * feedback with two plays of it.
 *
 * Open values: none beyond the stated format (PCM16, mono, at a recording's 44.1 kHz rate).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';
import knock from './knock.wav';

export const doorKnocker = defineObject<{ knocks: number }>({
  type: 'manor.door-knocker',
  version: 1,
  emoji: '🦁',
  label: 'Door knocker',
  hint: 'walk into it to knock',
  initial: () => ({ knocks: 0 }),
  valid: (s): s is { knocks: number } => record(s) && exactKeys(s, ['knocks']) && Number.isSafeInteger(s.knocks) && Number(s.knocks) >= 0,
  actions: {
    knock: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { knocks: s.knocks + 1 };
      },
    },
  },
  interaction: { bump: { name: 'knock', payload: {} } },
  sounds: { knock },
  react: () => ({
    feedback: {
      durationMs: 900,
      audio: [
        { kind: 'play', voice: 'knock1', sound: 'knock', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.5 },
        { kind: 'play', voice: 'knock2', sound: 'knock', delayMs: 260, gain: 0.9, rate: 1.06, loop: false, rangeCells: [1, 10], stereo: 0.5 },
      ],
    },
  }),
});

export default defineProject({ objects: [doorKnocker] });
