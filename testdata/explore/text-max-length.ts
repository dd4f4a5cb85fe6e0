/**
 * A name field of 600 characters, shown as world text (512 at most): a full field is too long.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { name: string };

export default defineObject<State>({
  type: 'explore.text-max-length',
  version: 1,
  emoji: '📛',
  label: 'Name tag',
  hint: '',
  initial: () => ({ name: 'Ada' }),
  valid: (s): s is State => record(s) && exactKeys(s, ['name']) && typeof s.name === 'string' && s.name.length <= 600,
  actions: {
    rename: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['name']);
        if (typeof p.name !== 'string' || p.name.length > 600) throw new ObjectActionError(400, 'Too long.');
        return { name: p.name };
      },
    },
  },
  view: (s) => ({
    title: 'Name',
    description: '',
    fields: [{ id: 'name', label: 'Name', value: s.name, maxLength: 600 }],
    controls: [{ id: 'save', label: 'Save', fields: ['name'], action: { name: 'rename', payload: {} } }],
  }),
  worldText: (s) => s.name,
});
