/**
 * The second press reads a property of undefined: not a refusal (ObjectActionError), a bug.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.run-throws',
  version: 1,
  emoji: '🐛',
  label: 'Run throws',
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
    second: { permission: 'participant', run: (s) => { if (s.n === 0) throw new ObjectActionError(409, 'Press up first.'); return { n: (undefined as unknown as { n: number }).n }; } },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'second', label: 'Second', action: { name: 'second', payload: {} } }],
  }),
});
