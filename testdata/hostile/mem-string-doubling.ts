// attack: a string doubled by concatenation until it is gigabytes long (each step one native copy)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-string-doubling', version: 1, emoji: '🪢', label: 'Doubling', hint: 'a hostile bundle',
  initial: () => {
    let s = 'x';
    for (let i = 0; i < 40; i++) s = s + s;
    return { on: s.length > 0 };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Doubling', description: '', controls: [] }),
});
