/**
 * Night light: a small plug-in light with three brightness settings; at its lowest it lights
 * only a quarter cell (the stated minimum radius). A soft glow breathes around it.
 *
 * Capabilities: a select with trigger 'change', lighting at the light radius minimum, innerColor
 * as sRGB components, falloff, a breathing glow.
 *
 * Open values: a glow whose opacity base plus amount exceeds 1 (0.7 + 0.4: the author wants the
 * halo to stay fully opaque at the top of each breath).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const levels = { low: 0.25, medium: 1, high: 2 } as const;
type Level = keyof typeof levels;
interface NightLightState {
  level: Level;
}

export const nightLight = defineObject<NightLightState>({
  type: 'nursery.night-light',
  version: 1,
  emoji: '🌙',
  label: 'Night light',
  hint: 'a soft light for the dark',
  initial: () => ({ level: 'low' }),
  valid: (s): s is NightLightState => record(s) && exactKeys(s, ['level']) && typeof s.level === 'string' && Object.prototype.hasOwnProperty.call(levels, s.level),
  actions: {
    level: {
      permission: 'participant',
      run: (_s, p) => {
        requirePayload(p, ['level']);
        if (typeof p.level !== 'string' || !Object.prototype.hasOwnProperty.call(levels, p.level)) throw new ObjectActionError(400, 'Choose a brightness.');
        return { level: p.level as Level };
      },
    },
  },
  view: (s) => ({
    title: 'Night light',
    description: '',
    fields: [{ id: 'level', label: 'Brightness', kind: 'select', value: s.level, options: [{ value: 'low', label: 'Low' }, { value: 'medium', label: 'Medium' }, { value: 'high', label: 'High' }] }],
    controls: [{ id: 'level', label: 'Set brightness', fields: ['level'], trigger: 'change', action: { name: 'level', payload: {} } }],
  }),
  lighting: (s) => ({
    light: {
      radiusCells: levels[s.level],
      color: '#ffd9a0',
      innerColor: [1, 0.95, 0.85],
      intensity: 0.1,
      basementIntensity: 0.15,
      illumination: 0.3,
      falloff: { start: 0, edge: 1, power: 2 },
    },
    glow: {
      color: '#ffd9a0',
      size: 24,
      pulse: { speed: 0.8, amount: 0.1, phaseX: 0 },
      opacity: { base: 0.7, amount: 0.4, speed: 0.8, phaseY: 0 },
    },
  }),
});

export default defineProject({ objects: [nightLight] });
