/**
 * After two presses the glow color is built from the count and is no longer a hex color: a
 * warning (the docs show only hex colors), reported with its trail.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.glow-color',
  version: 1,
  emoji: '✨',
  label: 'Glow color',
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
  lighting: (s) => ({ glow: { color: s.n < 2 ? '#ffcc00' : 'gold' + s.n, size: 60, pulse: { speed: 0, amount: 0, phaseX: 0 }, opacity: { base: 0.2, amount: 0, speed: 0, phaseY: 0 } } }),
});
