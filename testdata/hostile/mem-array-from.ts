// attack: Array.from({ length: 2 ** 30 }, (_, i) => i): a native loop calling back into JavaScript a billion times
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-array-from', version: 1, emoji: '🧰', label: 'Array.from', hint: 'a hostile bundle',
  initial: () => ({ on: Array.from({ length: 2 ** 30 }, (_, i) => i).length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Array.from', description: '', controls: [] }),
});
