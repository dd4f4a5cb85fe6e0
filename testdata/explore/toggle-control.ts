/**
 * A toggle switch loses its pressed state after two presses.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.toggle-control',
  version: 1,
  emoji: '🔘',
  label: 'Toggle control',
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
    flip: { permission: 'participant', run: (s) => s },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'flip', label: 'Flip', icon: 'toggle', pressed: s.n < 2 ? false : (undefined as unknown as boolean), action: { name: 'flip', payload: {} } }],
  }),
});
