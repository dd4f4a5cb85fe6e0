/**
 * Each press adds six text fields to the view: three presses make 18, over the 16 a view allows.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.view-fields',
  version: 1,
  emoji: '📋',
  label: 'View fields',
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
    fields: Array.from({ length: s.n * 6 }, (_, i) => ({ id: 'f' + i, label: 'Field ' + i, value: '', maxLength: 20 })),
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
});
