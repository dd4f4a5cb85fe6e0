// attack: a 2 GiB string made in an action's run (the host runs it when the owner presses the control; build and host validation reach it too, through state exploration, which runs every action)
// expect: build=memory test=memory host=memory
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-action-repeat', version: 1, emoji: '🎚️', label: 'Action repeat', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ on: 'x'.repeat(2 ** 31 - 1).length > 0 && !s.on }) } },
  view: (s) => ({ title: 'Action repeat', description: '', controls: [{ id: 'toggle', icon: 'toggle', label: 'Toggle', pressed: s.on, action: { name: 'toggle', payload: {} } }] }),
});
