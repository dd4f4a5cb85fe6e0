/**
 * A one-character name (an initial) dims the light to 0.2 cells, under 0.25.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { name: string };

export default defineObject<State>({
  type: 'explore.text-one-char',
  version: 1,
  emoji: '🔡',
  label: 'Name tag',
  hint: '',
  initial: () => ({ name: 'Ada' }),
  valid: (s): s is State => record(s) && exactKeys(s, ['name']) && typeof s.name === 'string' && s.name.length <= 40,
  actions: {
    rename: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['name']);
        if (typeof p.name !== 'string' || p.name.length > 40) throw new ObjectActionError(400, 'Too long.');
        return { name: p.name };
      },
    },
  },
  view: (s) => ({
    title: 'Name',
    description: '',
    fields: [{ id: 'name', label: 'Name', value: s.name, maxLength: 40 }],
    controls: [{ id: 'save', label: 'Save', fields: ['name'], action: { name: 'rename', payload: {} } }],
  }),
  lighting: (s) => ({ light: { radiusCells: s.name.length === 1 ? 0.2 : 3, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
