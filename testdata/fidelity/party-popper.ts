/**
 * Party popper: pop it to shower confetti and clear the balloons and streamers placed around
 * it (up to two cells away). Popping needs the right to remove it, as the docs' Bomb does.
 *
 * Capabilities: areaRemoval at the stated maximum (3), react with removeArea, permission
 * 'remover', feedback with burst (flash, particle emojis), camera shake, impulse, haptic and a
 * noise sound.
 *
 * Open values: ten particle emojis in one burst (the docs bound the burst without numbers).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

interface PopperState {
  pops: number;
}

export const partyPopper = defineObject<PopperState>({
  type: 'party.popper',
  version: 1,
  emoji: '🎉',
  label: 'Party popper',
  hint: 'pop it to clear the decorations around it',
  initial: () => ({ pops: 0 }),
  valid: (s): s is PopperState => record(s) && exactKeys(s, ['pops']) && Number.isSafeInteger(s.pops) && Number(s.pops) >= 0,
  actions: {
    pop: {
      permission: 'remover',
      run: (s, p) => {
        requirePayload(p, []);
        return { pops: s.pops + 1 };
      },
    },
  },
  interaction: { tap: { name: 'pop', payload: {} } },
  areaRemoval: { radiusCells: 3 },
  sounds: {
    bang: {
      kind: 'noise',
      duration: 0.4,
      seed: 4242,
      layers: [{ frequency: 900, gain: 0.8 }, { frequency: 5000, gain: 0.3 }],
      modulation: { base: 1, waves: [] },
      fade: 0.15,
    },
  },
  react: () => ({
    removeArea: { radiusCells: 2 },
    feedback: {
      durationMs: 1500,
      haptic: 'heavy',
      cameraShake: { strength: 0.5, durationMs: 400 },
      impulse: { scale: 1.3, rotation: 0.4, durationMs: 300 },
      burst: {
        color: '#ff66cc',
        radiusCells: 3,
        particles: 40,
        flash: '#ffffff',
        particleEmojis: ['🎊', '✨', '🎈', '💥', '⭐', '🌟', '💫', '🎀', '🥳', '🪅'],
      },
      audio: [{ kind: 'play', voice: 'pop', sound: 'bang', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 12], stereo: 0.8 }],
    },
  }),
});

export default defineProject({ objects: [partyPopper] });
