// attack: an initial state holding a 64 MiB string
// expect: build=rule|memory|timeout test=thrown|valid|memory|timeout host=rule|memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.wide-long-string', version: 1, emoji: '📏', label: 'Long string', hint: 'a hostile bundle',
  initial: () => ({ on: false, text: 'x'.repeat(64 * 2 ** 20) } as unknown as State),
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Long string', description: '', controls: [] }),
});
