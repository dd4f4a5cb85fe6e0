/**
 * Pinball bumper: a bumper from a retro arcade's pinball table. Walk into it and it flashes,
 * dings, jolts and scores 100 points. The studio's namespace has an underscore, as
 * identifiers often do.
 *
 * Capabilities: interaction bump, react feedback (burst, impulse, haptic, audio), worldText.
 *
 * Open values: the type "retro_arcade.pinball-bumper" (an underscore in the namespace; the docs
 * ask for a namespaced identifier such as my-game.counter).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const pinballBumper = defineObject<{ score: number }>({
  type: 'retro_arcade.pinball-bumper',
  version: 1,
  emoji: '🕹️',
  label: 'Pinball bumper',
  hint: 'bump it for points',
  initial: () => ({ score: 0 }),
  valid: (s): s is { score: number } => record(s) && exactKeys(s, ['score']) && Number.isSafeInteger(s.score) && Number(s.score) >= 0,
  actions: {
    bump: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { score: s.score + 100 };
      },
    },
  },
  interaction: { bump: { name: 'bump', payload: {} } },
  worldText: (s) => String(s.score),
  sounds: { ding: { kind: 'synth', duration: 0.3, voices: [{ wave: 'square', start: 0, duration: 0.25, frequency: 1318.5, gain: [{ time: 0, value: 0.08 }, { time: 0.25, value: 0 }] }] } },
  react: () => ({
    feedback: {
      durationMs: 400,
      haptic: 'heavy',
      burst: { color: '#00e5ff', radiusCells: 1.5, particles: 16, flash: '#ffffff' },
      impulse: { scale: 1.4, rotation: 0, durationMs: 150 },
      audio: [{ kind: 'play', voice: 'ding', sound: 'ding', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.5 }],
    },
  }),
});

export default defineProject({ objects: [pinballBumper] });
