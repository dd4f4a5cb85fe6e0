/**
 * Rainbow floor: a party floor whose scattered spots cycle through all twelve colors of the
 * color wheel.
 *
 * Capabilities: walkable, a fixed light with a scattered pattern.
 *
 * Open values: a pattern palette of twelve colors (the pattern type gives the palette as an
 * array of colors, with no count).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const rainbowFloor = defineObject<Record<string, never>>({
  type: 'party.rainbow-floor',
  version: 1,
  emoji: '🌈',
  label: 'Rainbow floor',
  hint: 'every color at once',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  light: {
    radiusCells: 3,
    color: '#202020',
    intensity: 0.35,
    illumination: 0.5,
    pattern: {
      kind: 'scattered',
      phase: [0.13, 0.71],
      rotation: { speed: 0.8, variation: 0.2, phase: 0 },
      density: 5,
      warp: { frequency: [0.5, 0.5], phase: [0, 0], amount: 0.1 },
      jitter: 0.7,
      palette: ['#ff0000', '#ff7f00', '#ffff00', '#7fff00', '#00ff00', '#00ff7f', '#00ffff', '#007fff', '#0000ff', '#7f00ff', '#ff00ff', '#ff007f'],
      spots: {
        size: [0.15, 0.3],
        aspect: [0.9, 1.1],
        edge: 0.25,
        gain: [0.6, 1],
        halo: { radius: [0.3, 0.6], gain: 0.25 },
        fade: { speed: [1, 3], thresholds: [0.25, 0.75] },
      },
      wash: { gain: 0.1, falloff: 2, blend: [0.4, 0.6] },
    },
  },
});

export default defineProject({ objects: [rainbowFloor] });
