/**
 * The lamp's color buttons (an editor action with a payload per button): "neon" maps to a
 * color that is not a hex color.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

const colors = { warm: '#ffc078', blue: '#6baaff', neon: 'neon-green' } as const;
type Color = keyof typeof colors;
type State = { color: Color };

export default defineObject<State>({
  type: 'explore.select-color-button',
  version: 1,
  emoji: '🌈',
  label: 'Color lamp',
  hint: '',
  initial: () => ({ color: 'warm' }),
  valid: (s): s is State => record(s) && exactKeys(s, ['color']) && typeof s.color === 'string' && Object.prototype.hasOwnProperty.call(colors, s.color),
  actions: {
    color: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['color']);
        if (typeof p.color !== 'string' || !Object.prototype.hasOwnProperty.call(colors, p.color)) throw new ObjectActionError(400, 'Choose a color.');
        return { color: p.color as Color };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Lamp',
    description: '',
    controls: Object.keys(colors).map((color) => ({ id: color, label: color, pressed: s.color === color, disabled: !viewer.canEdit, action: { name: 'color', payload: { color } } })),
  }),
  lighting: (s) => ({ light: { radiusCells: 3, color: colors[s.color], intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
