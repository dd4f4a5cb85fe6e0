/**
 * Jump adds 40 without checking the 100 the validator allows: the third jump returns state
 * valid() rejects.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.invalid-state',
  version: 1,
  emoji: '🦘',
  label: 'Invalid state',
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
    jump: { permission: 'participant', run: (s) => ({ n: s.n + 40 }) },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'jump', label: 'Jump', action: { name: 'jump', payload: {} } }],
  }),
});
