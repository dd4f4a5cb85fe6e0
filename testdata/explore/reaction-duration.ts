/**
 * The shared feedback of a press lasts 300 ms and 700 more per count: the third press reacts
 * for 2,400 ms, over 2,000.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.reaction-duration',
  version: 1,
  emoji: '🎉',
  label: 'Reaction duration',
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
  react: (s) => ({ feedback: { durationMs: 300 + s.n * 700, burst: { color: '#ff1744', radiusCells: 1, particles: 12, flash: '#ffffff' } } }),
});
