/**
 * The sound bank grows by six sounds a press: three presses make 18, over 16.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.sound-bank',
  version: 1,
  emoji: '🎼',
  label: 'Sound bank',
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
  soundBank: (s) => Object.fromEntries(Array.from({ length: 1 + s.n * 6 }, (_, i) => ['n' + i, { kind: 'synth', duration: 0.1, voices: [{ wave: 'sine', start: 0, duration: 0.1, frequency: 220 + i * 10, gain: [{ time: 0, value: 0.3 }, { time: 0.1, value: 0 }] }] }])),
});
