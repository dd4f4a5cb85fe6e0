// attack: new Array(2 ** 32 - 1).fill(0) in initial(): fill is one native call that Interrupt cannot stop; it grows the array until the process's address-space limit (or, on a loaded machine, the per-call hard deadline) ends it
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-array-fill', version: 1, emoji: '🧱', label: 'Array fill', hint: 'a hostile bundle',
  initial: () => ({ on: new Array(2 ** 32 - 1).fill(0).length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Array fill', description: '', controls: [] }),
});
