/**
 * Four presses: 4, 6, 8, 10, then 12.5 cells.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.radius-four-presses',
  version: 1,
  emoji: '🕯️',
  label: 'Radius four presses',
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
  lighting: (s) => ({ light: { radiusCells: s.n < 4 ? 4 + s.n * 2 : 12.5, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
