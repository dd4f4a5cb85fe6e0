// attack: plain runaway recursion in initial()
// expect: build=stack test=stack|thrown host=stack
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const deep = (n: number): number => deep(n + 1) + 1;

export default defineObject<State>({
  type: 'hostile.deep-recursion', version: 1, emoji: '🐚', label: 'Recursion', hint: 'a hostile bundle',
  initial: () => ({ on: deep(0) > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Recursion', description: '', controls: [] }),
});
