/**
 * After one press a control loses its label: a warning (an empty label is a likely mistake, not
 * an error), reported with its trail.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.empty-label-warning',
  version: 1,
  emoji: '🏷️',
  label: 'Empty label warning',
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
    ping: { permission: 'participant', run: (s) => s },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'ping', label: s.n === 0 ? 'Ping' : '', action: { name: 'ping', payload: {} } }],
  }),
});
