/**
 * Teleporter pair: place two on one floor and Scape links them; walking into one sends you to
 * the other, landing on the first free cell around it. Linked pads glow blue, a lone pad glows
 * grey.
 *
 * Capabilities: link, linked travel with all nine exits, relative exits, the maximum cooldown
 * (5,000 ms), travel feedback (audio, haptic) and arrival cosmetics with a trail, lighting that
 * depends on the environment (linked or not), walkable.
 *
 * Open values: an arrival trail color "#8cf" (three-digit hex; the docs ask six digits only of
 * the navigation transition's trail).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const teleporter = defineObject<Record<string, never>>({
  type: 'sci-fi.teleporter',
  version: 1,
  emoji: '🛸',
  label: 'Teleporter',
  hint: 'place two; walk into one to arrive at the other',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  link: { size: 2 },
  sounds: {
    whoosh: {
      kind: 'noise',
      duration: 0.6,
      seed: 99,
      layers: [{ frequency: 1800, gain: 0.4 }],
      modulation: { base: 0.5, waves: [{ speed: 10, amount: 0.4 }] },
      fade: 0.1,
    },
  },
  travel: () => ({
    destination: { kind: 'linked' },
    exits: [[1, 0], [1, 1], [1, -1], [0, 1], [0, -1], [-1, 1], [-1, -1], [-1, 0], [0, 0]],
    relative: true,
    cooldownMs: 5000,
    feedback: {
      durationMs: 700,
      haptic: 'light',
      audio: [{ kind: 'play', voice: 'warp', sound: 'whoosh', delayMs: 0, gain: 0.9, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.5 }],
    },
    arrival: { durationMs: 400, scale: 0.5, trail: { color: '#8cf', opacity: 0.6 } },
  }),
  lighting: (_s, environment) => ({
    glow: {
      color: environment.linked ? '#4aa8ff' : '#888888',
      size: 50,
      pulse: { speed: environment.linked ? 3 : 0, amount: 0.1, phaseX: 0 },
      opacity: { base: 0.4, amount: 0.2, speed: 2, phaseY: 0 },
    },
  }),
});

export default defineProject({ objects: [teleporter] });
