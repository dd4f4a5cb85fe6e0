/**
 * Tile painter: a floor tile that remembers nothing but flashes a splash of paint, in a color
 * chosen by how you arrived (walking or pushed), each time someone lands on it.
 *
 * Capabilities: walkable, a sprite, step feedback with a sprite animation (tint and offset
 * frames with curves), step lighting.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const tilePainter = defineObject<Record<string, never>>({
  type: 'playground.tile-painter',
  version: 1,
  emoji: '🎨',
  label: 'Paint tile',
  hint: 'step on it to splash paint',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  sprite: () => ({
    size: 32,
    layers: [
      { id: 'tile', shapes: [{ kind: 'rect', x: 1, y: 1, width: 30, height: 30, radius: 3, fill: '#eeeeee' }] },
      { id: 'splash', shapes: [{ kind: 'rect', x: 8, y: 8, width: 16, height: 16, radius: 8, fill: '#ffffff' }] },
    ],
  }),
  step: (_s, event) => ({
    durationMs: 900,
    animation: {
      layer: 'splash',
      frames: [
        { at: 0, offset: [0, 0], tint: event.movement === 'push' ? [0.2, 0.6, 1] : [1, 0.3, 0.5] },
        { at: 0.3, offset: [0, -2], tint: event.movement === 'push' ? [0.3, 0.8, 1.2] : [1.3, 0.5, 0.7], curve: 'out-cubic' },
        { at: 1, offset: [0, 0], tint: [1, 1, 1], curve: 'out-quadratic' },
      ],
    },
    lighting: { light: { radiusCells: 1, color: event.movement === 'push' ? '#3399ff' : '#ff4d80', intensity: 0.3, illumination: 0.3 } },
  }),
});

export default defineProject({ objects: [tilePainter] });
