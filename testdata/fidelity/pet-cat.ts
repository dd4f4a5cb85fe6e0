/**
 * Pet cat: a sprite cat. Pet it and it purrs; poke it and it does a full pirouette (one whole
 * turn, 2π radians) with a squash, and your phone buzzes.
 *
 * Capabilities: a sprite with an emoji text shape, react feedback choosing effects by the
 * accepted action (impulse, haptic, audio), two participant actions.
 *
 * Open values: an impulse rotation of 2π ≈ 6.283 radians (a full turn; the docs bound spin to
 * ±4 rad/s, not impulses).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const petCat = defineObject<{ mood: 'calm' | 'playful' }>({
  type: 'home.pet-cat',
  version: 1,
  emoji: '🐈',
  label: 'Cat',
  hint: 'pet it or poke it',
  initial: () => ({ mood: 'calm' }),
  valid: (s): s is { mood: 'calm' | 'playful' } => record(s) && exactKeys(s, ['mood']) && (s.mood === 'calm' || s.mood === 'playful'),
  actions: {
    pet: {
      permission: 'participant',
      run: (_s, p) => {
        requirePayload(p, []);
        return { mood: 'calm' };
      },
    },
    poke: {
      permission: 'participant',
      run: (_s, p) => {
        requirePayload(p, []);
        return { mood: 'playful' };
      },
    },
  },
  view: () => ({
    title: 'Cat',
    description: 'It is judging you.',
    controls: [
      { id: 'pet', label: 'Pet', action: { name: 'pet', payload: {} } },
      { id: 'poke', label: 'Poke', action: { name: 'poke', payload: {} } },
    ],
  }),
  sprite: (s) => ({
    size: 40,
    layers: [
      { id: 'cushion', shapes: [{ kind: 'rect', x: 4, y: 26, width: 32, height: 10, radius: 5, fill: '#7e57c2' }] },
      { id: 'cat', shapes: [{ kind: 'text', x: 8, y: 30, text: s.mood === 'calm' ? '🐈' : '🐈‍⬛', size: 24, weight: 400, color: '#000000' }] },
    ],
  }),
  sounds: {
    purr: { kind: 'synth', duration: 1.5, voices: [{ wave: 'sawtooth', start: 0, duration: 1.4, frequency: 25, gain: [{ time: 0, value: 0 }, { time: 0.2, value: 0.08 }, { time: 1.4, value: 0 }], filter: { type: 'lowpass', frequency: 300, q: 0.5 } }] },
  },
  react: (_s, _previous, action) =>
    action.name === 'poke'
      ? { feedback: { durationMs: 700, haptic: 'light', impulse: { scale: 0.8, rotation: 2 * Math.PI, durationMs: 700 } } }
      : { feedback: { durationMs: 1500, audio: [{ kind: 'play', voice: 'purr', sound: 'purr', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 4], stereo: 0.3 }] } },
});

export default defineProject({ objects: [petCat] });
