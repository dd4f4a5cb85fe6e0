// attack: ''.padStart(2 ** 30, 'ab') in view(): one native allocation of a gigabyte string
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-padstart', version: 1, emoji: '🧻', label: 'Pad', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: ''.padStart(2 ** 30, 'ab').slice(0, 4), description: '', controls: [] }),
});
