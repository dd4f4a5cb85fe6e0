/**
 * A select saves on change (trigger: "change"): the "huge" option makes the light 20 cells wide.
 * Only that option, submitted as the select's value, reaches the problem.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

const sizes = { small: 2, medium: 5, huge: 20 } as const;
type Size = keyof typeof sizes;
type State = { size: Size };

export default defineObject<State>({
  type: 'explore.select-size',
  version: 1,
  emoji: '📐',
  label: 'Sized lamp',
  hint: '',
  initial: () => ({ size: 'small' }),
  valid: (s): s is State => record(s) && exactKeys(s, ['size']) && typeof s.size === 'string' && Object.prototype.hasOwnProperty.call(sizes, s.size),
  actions: {
    size: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['size']);
        if (typeof p.size !== 'string' || !Object.prototype.hasOwnProperty.call(sizes, p.size)) throw new ObjectActionError(400, 'Choose a size.');
        return { size: p.size as Size };
      },
    },
  },
  view: (s) => ({
    title: 'Lamp',
    description: '',
    fields: [{ id: 'size', label: 'Size', kind: 'select', value: s.size, options: Object.keys(sizes).map((k) => ({ value: k, label: k })) }],
    controls: [{ id: 'size', label: 'Size', fields: ['size'], trigger: 'change', action: { name: 'size', payload: {} } }],
  }),
  lighting: (s) => ({ light: { radiusCells: sizes[s.size], color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
