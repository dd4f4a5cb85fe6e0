// attack: valid() loops for ever, but only for the initial state the checks pass it
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.slow-valid-loop', version: 1, emoji: '🦥', label: 'Valid loop', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => {
    while (record(s));
    return false;
  },
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Valid loop', description: '', controls: [] }),
});
