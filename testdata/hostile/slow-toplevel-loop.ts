// attack: an endless loop at the top level (interruptible: jsrt's deadline stops it)
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

for (;;);

export default defineObject<State>({
  type: 'hostile.slow-toplevel-loop', version: 1, emoji: '♾️', label: 'Top loop', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Top loop', description: '', controls: [] }),
});
