/**
 * Trampoline: bounces the entering player three cells north, landing on the first free cell of
 * a row that turns with the direction they came from. The bounce keeps the player's full size
 * (arrival scale 1, the top of the navigation range) with a springy sound.
 *
 * Capabilities: offset travel, relative exits, travel feedback with audio, arrival cosmetics.
 *
 * Open values: none beyond the stated bounds.
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const trampoline = defineObject<Record<string, never>>({
  type: 'playground.trampoline',
  version: 1,
  emoji: '🤸',
  label: 'Trampoline',
  hint: 'walk onto it to bounce three cells north',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  sounds: {
    boing: { kind: 'synth', duration: 0.5, voices: [{ wave: 'sine', start: 0, duration: 0.45, frequency: [{ time: 0, value: 200 }, { time: 0.2, value: 500, curve: 'exponential' }, { time: 0.45, value: 300 }], gain: [{ time: 0, value: 0.3 }, { time: 0.45, value: 0 }] }] },
  },
  travel: () => ({
    destination: { kind: 'offset', x: 0, y: -3 },
    exits: [[0, 0], [1, 0], [-1, 0]],
    relative: true,
    cooldownMs: 1200,
    feedback: { durationMs: 500, audio: [{ kind: 'play', voice: 'spring', sound: 'boing', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.5 }] },
    arrival: { durationMs: 900, scale: 1 },
  }),
});

export default defineProject({ objects: [trampoline] });
