/**
 * The navigation transition lengthens with the count, past 1,000 ms at the second press.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.navigation-transition',
  version: 1,
  emoji: '🛸',
  label: 'Navigation transition',
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
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
  navigate: (s) => ({ world: 'world-2', transition: { durationMs: 400 + s.n * 400, scale: 0.5, opacity: 0.5 } }),
});
