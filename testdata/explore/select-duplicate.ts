/**
 * The second press repeats a choice in a select.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.select-duplicate',
  version: 1,
  emoji: '🔁',
  label: 'Select duplicate',
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
    fields: [{ id: 'pick', label: 'Pick', kind: 'select', value: 'a', options: s.n < 2 ? [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] : [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'a', label: 'A again' }] }],
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
});
