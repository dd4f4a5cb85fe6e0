// attack: Array.prototype.sort over 1,000,000 elements with a comparator that burns time (a native loop calling JavaScript)
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.slow-sort-comparator', version: 1, emoji: '🐢', label: 'Sort', hint: 'a hostile bundle',
  initial: () => {
    const a = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1000);
    a.sort((x, y) => {
      for (let i = 0; i < 1000; i++);
      return x - y;
    });
    return { on: a[0] === 0 };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Sort', description: '', controls: [] }),
});
