// attack: new Array(2 ** 30).join('xy'): one native call that builds a 2 GiB string
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-join', version: 1, emoji: '🔗', label: 'Join', hint: 'a hostile bundle',
  initial: () => ({ on: new Array(2 ** 30).join('xy').length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Join', description: '', controls: [] }),
});
