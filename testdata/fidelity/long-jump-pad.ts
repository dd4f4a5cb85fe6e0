/**
 * Long jump pad: launches the entering player 64 cells west (the stated maximum offset) on the
 * same floor, landing on the destination or a free cell beside it, with a long arcing flight.
 *
 * Capabilities: offset travel at ±64, three exits, the minimum cooldown (650 ms), travel
 * feedback with a heavy haptic, arrival cosmetics with the smallest scale and a trail.
 *
 * Open values: an arrival lasting 1,200 ms (the docs bound the navigation transition to
 * 1–1,000 ms, but state no range for travel arrival cosmetics).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const longJumpPad = defineObject<Record<string, never>>({
  type: 'arcade.long-jump-pad',
  version: 1,
  emoji: '🦘',
  label: 'Long jump pad',
  hint: 'walk onto it to fly 64 cells west',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  travel: () => ({
    destination: { kind: 'offset', x: -64, y: 0 },
    exits: [[0, 0], [0, 1], [0, -1]],
    cooldownMs: 650,
    feedback: { durationMs: 300, haptic: 'heavy' },
    arrival: { durationMs: 1200, scale: 0.02, trail: { color: '#ffaa00', opacity: 1 } },
  }),
});

export default defineProject({ objects: [longJumpPad] });
