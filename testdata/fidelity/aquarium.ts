/**
 * Aquarium: a fish tank drawn as a layered sprite: water, sand, a plant, six fish (one layer
 * each, so each can be animated on its own later), bubbles and the glass: ten layers. Feed the
 * fish to make the bubbles rise.
 *
 * Capabilities: a sprite with gradient fills, rounded rects, text shapes (emoji fish) and
 * many layers.
 *
 * Open values: ten sprite layers (the sprite type gives the layer shape, not a count).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoSpriteRecipe } from '@scape/sdk';

const FISH = ['🐠', '🐟', '🐡', '🐠', '🐟', '🦐'];

export const aquarium = defineObject<{ fedAt: number; feeds: number }>({
  type: 'pet-shop.aquarium',
  version: 1,
  emoji: '🐠',
  label: 'Aquarium',
  hint: 'feed the fish',
  initial: () => ({ fedAt: 0, feeds: 0 }),
  valid: (s): s is { fedAt: number; feeds: number } =>
    record(s) && exactKeys(s, ['fedAt', 'feeds']) && Number.isSafeInteger(s.fedAt) && Number(s.fedAt) >= 0 && Number.isSafeInteger(s.feeds) && Number(s.feeds) >= 0,
  actions: {
    feed: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { fedAt: context.now, feeds: s.feeds + 1 };
      },
    },
  },
  interaction: { tap: { name: 'feed', payload: {} } },
  sprite: (s): GizmoSpriteRecipe => ({
    size: 96,
    layers: [
      { id: 'water', shapes: [{ kind: 'rect', x: 4, y: 12, width: 88, height: 76, radius: 6, fill: { from: '#7fd4ff', to: '#1e6fa8', y: [12, 88] } }] },
      { id: 'sand', shapes: [{ kind: 'rect', x: 4, y: 76, width: 88, height: 12, radius: 4, fill: '#e8d49a' }] },
      { id: 'plant', shapes: [{ kind: 'text', x: 70, y: 78, text: '🌿', size: 20, weight: 400, color: '#2e7d32' }] },
      ...FISH.map((fish, i) => ({
        id: `fish${i + 1}`,
        shapes: [{ kind: 'text' as const, x: 10 + ((i * 29 + s.feeds * 7) % 66), y: 30 + i * 8, text: fish, size: 12, weight: 400 as const, color: '#ffffff' }],
      })),
      {
        id: 'bubbles',
        shapes: [
          { kind: 'rect', x: 20, y: 40 - (s.feeds % 3) * 8, width: 4, height: 4, radius: 2, fill: '#e0f7ff' },
          { kind: 'rect', x: 26, y: 30 - (s.feeds % 3) * 8, width: 3, height: 3, radius: 1.5, fill: '#e0f7ff' },
        ],
      },
    ],
  }),
});

export default defineProject({ objects: [aquarium] });
