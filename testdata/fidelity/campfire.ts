/**
 * Campfire: a sprite campfire with a host-supplied marker where the logs sit, a glow whose
 * hue wanders between orange and yellow, a flickering light and occasional pops and hisses.
 *
 * Capabilities: a sprite with a marker shape, a glow with hue, a light with motion, a
 * non-looping playlist ambience choosing between weighted sounds by chance.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const campfire = defineObject<Record<string, never>>({
  type: 'camp.campfire',
  version: 1,
  emoji: '🏕️',
  label: 'Campfire',
  hint: 'gather round',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  sprite: () => ({
    size: 48,
    layers: [
      { id: 'stones', shapes: [{ kind: 'rect', x: 6, y: 34, width: 36, height: 8, radius: 4, fill: '#6d6d6d' }] },
      { id: 'logs', shapes: [{ kind: 'marker', x: 12, y: 28, width: 24, height: 10 }] },
      {
        id: 'flames',
        shapes: [
          { kind: 'rect', x: 16, y: 10, width: 16, height: 22, radius: 8, fill: { from: '#ffe082', to: '#ff6f00', y: [10, 32] } },
          { kind: 'rect', x: 20, y: 16, width: 8, height: 14, radius: 4, fill: '#fff3c4' },
        ],
      },
    ],
  }),
  glow: {
    color: '#ff9800',
    size: 64,
    pulse: { speed: 5, amount: 0.1, phaseX: 0.03 },
    opacity: { base: 0.4, amount: 0.2, speed: 7, phaseY: 0.02 },
    hue: { speed: 0.8, phaseY: 0.01, saturation: 1, lightness: 0.55 },
  },
  light: {
    radiusCells: 5,
    color: '#ff8f3a',
    intensity: 0.22,
    illumination: 0.85,
    motion: { phase: [0.11, 0.37], bias: 0, bands: [[8, 0.12, 0], [3, 0.1, 1]], flare: [12, 0.8, 1, 0.15, 0] },
  },
  sounds: {
    pop: { kind: 'synth', duration: 0.06, voices: [{ wave: 'noise', start: 0, duration: 0.05, gain: [{ time: 0, value: 0.3 }, { time: 0.05, value: 0 }], filter: { type: 'bandpass', frequency: 2500, q: 3 } }] },
    hiss: { kind: 'noise', duration: 1.5, seed: 77, layers: [{ frequency: 6000, gain: 0.15 }], modulation: { base: 0.5, waves: [{ speed: 4, amount: 0.3 }] }, fade: 0.4 },
  },
  ambience: {
    sounds: [
      { sound: 'pop', gain: 0.8, rate: 1, pan: -0.2, weight: 3 },
      { sound: 'pop', gain: 0.6, rate: 1.3, pan: 0.3, weight: 2 },
      { sound: 'hiss', gain: 0.4, rate: 1, pan: 0, weight: 1 },
    ],
    intervalSeconds: [0.3, 2.5],
    chance: 0.7,
    rangeCells: [1, 9],
    maxSources: 4,
    stereo: 0.6,
    loop: false,
    duckWhileSpeaking: false,
  },
});

export default defineProject({ objects: [campfire] });
