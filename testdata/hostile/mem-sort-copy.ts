// attack: Array.prototype.slice of a 2 ** 28-element array a thousand times, each copy kept (native copies of 4 GiB each)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-sort-copy', version: 1, emoji: '🗂️', label: 'Copies', hint: 'a hostile bundle',
  initial: () => {
    const base = new Array(2 ** 28).fill(1);
    const copies: number[][] = [];
    for (let i = 0; i < 1000; i++) copies.push(base.slice());
    return { on: copies.length > 0 };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Copies', description: '', controls: [] }),
});
