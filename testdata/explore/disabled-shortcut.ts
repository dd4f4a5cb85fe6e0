/**
 * The "Max" button would reach the bad state in one press but is always disabled: only the
 * longer way through "Up" (four presses) is reachable.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.disabled-shortcut',
  version: 1,
  emoji: '🚫',
  label: 'Disabled shortcut',
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
    max: { permission: 'participant', run: () => ({ n: 4 }) },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'max', label: 'Max', disabled: true, action: { name: 'max', payload: {} } }],
  }),
  lighting: (s) => ({ light: { radiusCells: s.n >= 4 ? 13 : 2, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
