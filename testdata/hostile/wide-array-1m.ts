// attack: an initial state holding an array of 1,000,000 numbers (several MiB of JSON against the 32 KiB limit)
// expect: build=rule|memory|timeout test=thrown|valid|memory|timeout host=rule|memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.wide-array-1m', version: 1, emoji: '📊', label: 'Wide array', hint: 'a hostile bundle',
  initial: () => ({ on: false, values: Array.from({ length: 1_000_000 }, (_, i) => i) } as unknown as State),
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Wide array', description: '', controls: [] }),
});
