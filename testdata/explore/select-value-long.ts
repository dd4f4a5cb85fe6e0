/**
 * The option values grow with the count: 60 characters per press, over 128 at the third.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.select-value-long',
  version: 1,
  emoji: '📏',
  label: 'Select value long',
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
    fields: [{ id: 'pick', label: 'Pick', kind: 'select', value: 'v'.repeat(1 + s.n * 60), options: [{ value: 'v'.repeat(1 + s.n * 60), label: 'Long' }] }],
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
});
