/**
 * A remover action (permission remover) marks the lamp for removal, which widens its light.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.remover-only',
  version: 1,
  emoji: '🏚️',
  label: 'Remover only',
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
    condemn: { permission: 'remover', run: (s) => ({ n: 100 }) },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'condemn', label: 'Condemn', action: { name: 'condemn', payload: {} } }],
  }),
  lighting: (s) => ({ light: { radiusCells: s.n === 100 ? 30 : 2, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
