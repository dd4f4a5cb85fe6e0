// attack: new Float64Array(2 ** 27).fill(1) in view(): 1 GiB written by one native call (every page touched, unlike an untouched buffer)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-typed-fill', version: 1, emoji: '🧮', label: 'Typed fill', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: String(new Float64Array(2 ** 27).fill(1)[7]), description: '', controls: [] }),
});
