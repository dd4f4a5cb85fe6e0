/**
 * Lighthouse: a lamp that sweeps a wide beam (the stated maximum radius, 12 cells) across the
 * harbour with a slowly drifting, stretching edge. Its motion is seeded by where it stands, so
 * neighbouring lighthouses do not pulse in step.
 *
 * Capabilities: a fixed light at radius 12 with motion (bands, drift, stretch, edge, radius),
 * a glow, a walkable=false landmark with no actions.
 *
 * Open values: motion.phase seed coefficients of 5,000 (the docs call them "seed coefficients
 * applied to scene pixel coordinates" and give no range).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const lighthouse = defineObject<Record<string, never>>({
  type: 'harbour.lighthouse',
  version: 1,
  emoji: '🗼',
  label: 'Lighthouse',
  hint: 'guides the boats home',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  light: {
    radiusCells: 12,
    color: '#fff6d5',
    innerColor: '#ffffff',
    intensity: 0.25,
    basementIntensity: 0.1,
    illumination: 0.9,
    falloff: { start: 0.05, edge: 0.95, power: 1.2 },
    motion: {
      phase: [5000, 5000],
      bias: 0.1,
      bands: [[0.6, 0.35, 0], [0.15, 0.2, 2]],
      drift: { speed: [0.3, 0.2], phase: [0, 1], amount: 0.3 },
      stretch: { speed: [0.2, 0.1], phase: [0.5, 0], amount: 0.2 },
      edge: { scale: 2, drift: 0.2, amount: 0.15 },
      radius: [1, 0.1],
    },
  },
  glow: { color: '#fff6d5', size: 120, pulse: { speed: 0.6, amount: 0.2, phaseX: 0 }, opacity: { base: 0.3, amount: 0.3, speed: 0.6, phaseY: 0 } },
});

export default defineProject({ objects: [lighthouse] });
