/**
 * Garden: a project of sixteen plants (the stated maximum number of definitions, each with its
 * own type and emoji). Each plant glows faintly in its color; water it and it glows brightly.
 *
 * Capabilities: sixteen definitions sharing helpers, unique types and emojis, editor-free
 * participant actions, state-driven glow, a walkable clover with the shortest step feedback
 * (1 ms), a seedling sprite.
 *
 * Open values: the tulip's glow color "#f6c" (three-digit hex; the glow type says only
 * "color: string"); the seedling's "bloom" sprite layer has no shapes until it is watered; the
 * cactus has an empty hint (no bound stated).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoGlow, type ObjectView } from '@scape/sdk';

interface Bed {
  watered: boolean;
}
const initial = (): Bed => ({ watered: false });
const valid = (s: unknown): s is Bed => record(s) && exactKeys(s, ['watered']) && typeof s.watered === 'boolean';
const water = {
  permission: 'participant' as const,
  run: (s: Bed, p: Record<string, unknown>): Bed => {
    requirePayload(p, []);
    return { watered: !s.watered };
  },
};
const view =
  (label: string) =>
  (s: Bed): ObjectView => ({
    title: label,
    description: s.watered ? 'Freshly watered.' : 'Thirsty.',
    controls: [{ id: 'water', label: s.watered ? 'Let it dry' : 'Water', placement: 'action', action: { name: 'water', payload: {} } }],
  });
const glow = (color: string, watered: boolean): GizmoGlow => ({
  color,
  size: watered ? 36 : 20,
  pulse: { speed: 1, amount: 0.1, phaseX: 0.05 },
  opacity: { base: watered ? 0.4 : 0.1, amount: watered ? 0.2 : 0, speed: 1, phaseY: 0.05 },
});

const rose = defineObject<Bed>({
  type: 'garden.rose',
  version: 1,
  emoji: '🌹',
  label: 'Rose',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Rose'),
  lighting: (s) => ({ glow: glow('#e0245e', s.watered) }),
});

const tulip = defineObject<Bed>({
  type: 'garden.tulip',
  version: 1,
  emoji: '🌷',
  label: 'Tulip',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Tulip'),
  lighting: (s) => ({ glow: glow('#f6c', s.watered) }),
});

const sunflower = defineObject<Bed>({
  type: 'garden.sunflower',
  version: 1,
  emoji: '🌻',
  label: 'Sunflower',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Sunflower'),
  lighting: (s) => ({ glow: glow('#ffc107', s.watered) }),
});

const daisy = defineObject<Bed>({
  type: 'garden.daisy',
  version: 1,
  emoji: '🌼',
  label: 'Daisy',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Daisy'),
  lighting: (s) => ({ glow: glow('#fff176', s.watered) }),
});

const cactus = defineObject<Bed>({
  type: 'garden.cactus',
  version: 1,
  emoji: '🌵',
  label: 'Cactus',
  hint: '',
  initial,
  valid,
  actions: { water },
  view: view('Cactus'),
  lighting: (s) => ({ glow: glow('#4caf50', s.watered) }),
});

const pottedPlant = defineObject<Bed>({
  type: 'garden.potted-plant',
  version: 1,
  emoji: '🪴',
  label: 'Potted plant',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Potted plant'),
  lighting: (s) => ({ glow: glow('#66bb6a', s.watered) }),
});

const hibiscus = defineObject<Bed>({
  type: 'garden.hibiscus',
  version: 1,
  emoji: '🌺',
  label: 'Hibiscus',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Hibiscus'),
  lighting: (s) => ({ glow: glow('#ff5252', s.watered) }),
});

const cherryBlossom = defineObject<Bed>({
  type: 'garden.cherry-blossom',
  version: 1,
  emoji: '🌸',
  label: 'Cherry blossom',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Cherry blossom'),
  lighting: (s) => ({ glow: glow('#ffb7c5', s.watered) }),
});

const herb = defineObject<Bed>({
  type: 'garden.herb',
  version: 1,
  emoji: '🌿',
  label: 'Herb',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Herb'),
  lighting: (s) => ({ glow: glow('#43a047', s.watered) }),
});

const clover = defineObject<Bed>({
  type: 'garden.clover',
  version: 1,
  emoji: '🍀',
  label: 'Clover',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Clover'),
  lighting: (s) => ({ glow: glow('#2e7d32', s.watered) }),
  walkable: true,
  // A lucky glint for a single frame: the shortest feedback the docs allow (1 ms).
  step: () => ({ durationMs: 1, lighting: { light: { radiusCells: 0.5, color: '#2e7d32', intensity: 0.3, illumination: 0.2 } } }),
});

const seedling = defineObject<Bed>({
  type: 'garden.seedling',
  version: 1,
  emoji: '🌱',
  label: 'Seedling',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Seedling'),
  lighting: (s) => ({ glow: glow('#8bc34a', s.watered) }),
  sprite: (s) => ({
    size: 32,
    layers: [
      { id: 'pot', shapes: [{ kind: 'rect', x: 8, y: 20, width: 16, height: 12, radius: 2, fill: '#8d6e63' }] },
      { id: 'sprout', shapes: [{ kind: 'rect', x: 15, y: 10, width: 2, height: 10, radius: 1, fill: '#8bc34a' }] },
      // Nothing has bloomed until it is watered.
      { id: 'bloom', shapes: s.watered ? [{ kind: 'rect', x: 12, y: 4, width: 8, height: 8, radius: 4, fill: '#ffeb3b' }] : [] },
    ],
  }),
});

const maple = defineObject<Bed>({
  type: 'garden.maple',
  version: 1,
  emoji: '🍁',
  label: 'Maple',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Maple'),
  lighting: (s) => ({ glow: glow('#e65100', s.watered) }),
});

const palm = defineObject<Bed>({
  type: 'garden.palm',
  version: 1,
  emoji: '🌴',
  label: 'Palm',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Palm'),
  lighting: (s) => ({ glow: glow('#558b2f', s.watered) }),
});

const evergreen = defineObject<Bed>({
  type: 'garden.evergreen',
  version: 1,
  emoji: '🌲',
  label: 'Evergreen',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Evergreen'),
  lighting: (s) => ({ glow: glow('#1b5e20', s.watered) }),
});

const wiltedRose = defineObject<Bed>({
  type: 'garden.wilted-rose',
  version: 1,
  emoji: '🥀',
  label: 'Wilted rose',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Wilted rose'),
  lighting: (s) => ({ glow: glow('#8d6e63', s.watered) }),
});

const lotus = defineObject<Bed>({
  type: 'garden.lotus',
  version: 1,
  emoji: '🪷',
  label: 'Lotus',
  hint: 'water it to make it glow',
  initial,
  valid,
  actions: { water },
  view: view('Lotus'),
  lighting: (s) => ({ glow: glow('#f48fb1', s.watered) }),
});

export default defineProject({
  objects: [rose, tulip, sunflower, daisy, cactus, pottedPlant, hibiscus, cherryBlossom, herb, clover, seedling, maple, palm, evergreen, wiltedRose, lotus],
});
