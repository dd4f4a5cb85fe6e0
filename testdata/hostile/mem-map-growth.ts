// attack: a Map grown without end by top-level code (interruptible: the heap watchdog or the address-space poll stops it)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const seen = new Map<number, number[]>();
for (let i = 0; ; i++) seen.set(i, [i, i, i, i]);

export default defineObject<State>({
  type: 'hostile.mem-map-growth', version: 1, emoji: '🗺️', label: 'Map', hint: 'a hostile bundle',
  initial: () => ({ on: seen.size > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Map', description: '', controls: [] }),
});
