// attack: 'ab'.repeat(2 ** 30) at the top level: the bundle's own code, before describe or check run
// expect: build=memory test=memory host=memory
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const huge = 'ab'.repeat(2 ** 30);

export default defineObject<State>({
  type: 'hostile.mem-toplevel-repeat', version: 1, emoji: '🧶', label: 'Top repeat', hint: 'a hostile bundle',
  initial: () => ({ on: huge.length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Top repeat', description: '', controls: [] }),
});
