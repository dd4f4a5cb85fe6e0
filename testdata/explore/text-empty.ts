/**
 * An empty name leaves the initials select with no choice at all.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { name: string };

export default defineObject<State>({
  type: 'explore.text-empty',
  version: 1,
  emoji: '🔤',
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
    fields: [
      { id: 'name', label: 'Name', value: s.name, maxLength: 40 },
      { id: 'initial', label: 'Initial', kind: 'select', value: s.name.slice(0, 1), options: s.name ? [{ value: s.name.slice(0, 1), label: s.name.slice(0, 1) }] : [] },
    ],
    controls: [{ id: 'save', label: 'Save', fields: ['name'], action: { name: 'rename', payload: {} } }],
  }),
});
