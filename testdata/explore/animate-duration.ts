/**
 * The animation gets a negative duration once the count passes one: a warning (the type allows
 * any number; a negative one is almost certainly a mistake), reported with its trail.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.animate-duration',
  version: 1,
  emoji: '🎞️',
  label: 'Animate duration',
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
  animate: (s) => ({ key: 'spin-' + s.n, at: s.n, durationMs: s.n < 2 ? 500 : -1, frames: [{ rotation: [0, 0, 0, 1], x: 0, lift: 0, shadow: [1, 1, 1] }, { rotation: [0, 0, 0, 1], x: 0, lift: 0.2, shadow: [1, 1, 1] }] }),
});
