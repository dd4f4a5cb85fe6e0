/**
 * The button carries the count as text, 800 characters a press: three presses make it over 2 KiB.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.payload-size',
  version: 1,
  emoji: '📦',
  label: 'Payload size',
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
    note: { permission: 'participant', run: (s) => s },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'note', label: 'Note', action: { name: 'note', payload: { text: 'x'.repeat(s.n * 800) } } }],
  }),
});
