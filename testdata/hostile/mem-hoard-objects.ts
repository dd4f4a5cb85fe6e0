// attack: ordinary objects pushed into an array by top-level code until memory runs out (the classic case the heap watchdog stops)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const hoard: { a: number; b: string }[] = [];
for (let i = 0; ; i++) hoard.push({ a: i, b: 'item' + i });

export default defineObject<State>({
  type: 'hostile.mem-hoard-objects', version: 1, emoji: '🦝', label: 'Objects', hint: 'a hostile bundle',
  initial: () => ({ on: hoard.length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Objects', description: '', controls: [] }),
});
