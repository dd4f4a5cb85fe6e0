// attack: a Set of new strings grown without end in view()
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-set-growth', version: 1, emoji: '🧺', label: 'Set', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => {
    const s = new Set<string>();
    for (let i = 0; ; i++) s.add('key-' + i + '-' + 'x'.repeat(64));
  },
});
