/**
 * The audio timeline names a sound that exists only for the first press.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.audio-timeline',
  version: 1,
  emoji: '🔔',
  label: 'Audio timeline',
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
  sounds: { ding: { kind: 'synth', duration: 0.2, voices: [{ wave: 'sine', start: 0, duration: 0.2, frequency: 880, gain: [{ time: 0, value: 0.5 }, { time: 0.2, value: 0 }] }] } },
  audio: (s, previous) => (s.n === previous.n ? null : { key: 'ding-' + s.n, at: s.n, commands: [{ kind: 'play', voice: 'bell', sound: s.n < 2 ? 'ding' : 'dong', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.5 }] }),
});
