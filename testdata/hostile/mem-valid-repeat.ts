// attack: a 2 GiB string made in valid(), which the checks call with the initial state
// expect: build=memory test=memory host=memory
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-valid-repeat', version: 1, emoji: '🪣', label: 'Valid repeat', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => 'x'.repeat(2 ** 31 - 1).length > 0 && record(s) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Valid repeat', description: '', controls: [] }),
});
