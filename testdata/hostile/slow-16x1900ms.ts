// attack: 16 definitions whose initial() each busy-waits 1.9 s: every callback under its deadline, 30 s together
// expect: build=timeout test=valid|timeout host=timeout
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};
const make = (i: number) =>
  defineObject<State>({
    type: 'hostile.slow-' + i, version: 1, emoji: String.fromCodePoint(0x1f400 + i), label: 'Slow ' + i, hint: 'a hostile bundle',
    initial: () => {
      busy(1900);
      return { on: false };
    },
    valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
    actions: {},
    view: () => ({ title: 'Slow ' + i, description: '', controls: [] }),
  });

export default defineProject({ objects: Array.from({ length: 16 }, (_, i) => make(i)) });
