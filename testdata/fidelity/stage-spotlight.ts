/**
 * Stage spotlight: a theatre spot with a hard-edged pool of light (a steep falloff power of
 * 12) and a rainbow gobo: a scattered pattern with a twelve-color palette. The lighting
 * operator picks the gobo.
 *
 * Capabilities: a select with trigger 'change', lighting with falloff and a scattered pattern,
 * an editor action.
 *
 * Open values: falloff power 12 (a hard edge; the falloff type gives no range).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoLight } from '@scape/sdk';

const RAINBOW = ['#ff0000', '#ff7f00', '#ffff00', '#7fff00', '#00ff00', '#00ff7f', '#00ffff', '#007fff', '#0000ff', '#7f00ff', '#ff00ff', '#ff007f'];
const GOBOS = ['open', 'rainbow'] as const;
type Gobo = (typeof GOBOS)[number];

const spot = (gobo: Gobo): GizmoLight => ({
  radiusCells: 2,
  color: '#fff8e7',
  intensity: 0.5,
  illumination: 0.6,
  falloff: { start: 0.85, edge: 1, power: 12 },
  ...(gobo === 'rainbow'
    ? {
        pattern: {
          kind: 'scattered' as const,
          phase: [0.2, 0.4] as [number, number],
          rotation: { speed: 0.5, variation: 0, phase: 0 },
          density: 4,
          warp: { frequency: [0, 0] as [number, number], phase: [0, 0] as [number, number], amount: 0 },
          jitter: 0.5,
          palette: RAINBOW.slice(0, 6),
          spots: {
            size: [0.2, 0.3] as [number, number],
            aspect: [1, 1] as [number, number],
            edge: 0.2,
            gain: [0.8, 1] as [number, number],
            halo: { radius: [0.3, 0.5] as [number, number], gain: 0.2 },
            fade: { speed: [0.5, 1] as [number, number], thresholds: [0.3, 0.7] as [number, number] },
          },
          wash: { gain: 0.2, falloff: 1, blend: [0.3, 0.7] as [number, number] },
        },
      }
    : {}),
});

export const stageSpotlight = defineObject<{ gobo: Gobo }>({
  type: 'theatre.spotlight',
  version: 1,
  emoji: '🎭',
  label: 'Stage spotlight',
  hint: 'lights the performer',
  initial: () => ({ gobo: 'open' }),
  valid: (s): s is { gobo: Gobo } => record(s) && exactKeys(s, ['gobo']) && GOBOS.some((g) => g === s.gobo),
  actions: {
    gobo: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['gobo']);
        const gobo = GOBOS.find((g) => g === p.gobo);
        if (!gobo) throw new ObjectActionError(400, 'Choose a gobo.');
        return { gobo };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Stage spotlight',
    description: '',
    fields: [{ id: 'gobo', label: 'Gobo', kind: 'select', value: s.gobo, options: [{ value: 'open', label: 'Open white' }, { value: 'rainbow', label: 'Rainbow' }] }],
    controls: [{ id: 'gobo', label: 'Set gobo', fields: ['gobo'], trigger: 'change', disabled: !viewer.canEdit, action: { name: 'gobo', payload: {} } }],
  }),
  lighting: (s) => ({ light: spot(s.gobo) }),
});

export default defineProject({ objects: [stageSpotlight] });
