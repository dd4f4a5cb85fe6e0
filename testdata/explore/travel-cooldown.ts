/**
 * The cooldown shrinks with every press, below the 650 ms minimum at the second.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.travel-cooldown',
  version: 1,
  emoji: '🚪',
  label: 'Travel cooldown',
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
  walkable: true,
  travel: (s) => ({ destination: { kind: 'offset', x: 2, y: 0 }, exits: [[0, 0]], relative: true, cooldownMs: 1000 - s.n * 200 }),
});
