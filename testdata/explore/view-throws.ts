/**
 * The view reads a list entry that exists only for the first two counts.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.view-throws',
  version: 1,
  emoji: '💥',
  label: 'View throws',
  hint: '',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['n']) && Number.isSafeInteger(s.n) && Number(s.n) >= 0 && Number(s.n) <= 100,
  actions: {
    up: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        if (s.n >= 9) throw new ObjectActionError(409, 'Reset first.');
        return { n: s.n + 1 };
      },
    },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    fields: [{ id: 'name', label: ['zero', 'one'][s.n].toUpperCase(), value: '', maxLength: 10 }],
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
});
