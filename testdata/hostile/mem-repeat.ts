// attack: 'x'.repeat(2 ** 31 - 1) in initial(): one native allocation of 2 GiB, made before any watchdog can look
// expect: build=memory test=memory host=memory
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-repeat', version: 1, emoji: '🧵', label: 'Repeat', hint: 'a hostile bundle',
  initial: () => ({ on: 'x'.repeat(2 ** 31 - 1).length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Repeat', description: '', controls: [] }),
});
