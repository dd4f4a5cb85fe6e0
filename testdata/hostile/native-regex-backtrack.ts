// attack: catastrophic backtracking in initial(): /^(a+)+(?=c)\1$/ against 34 a's and a b (the lookahead and the back-reference send goja to its backtracking engine, which never looks at Interrupt)
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.native-regex-backtrack', version: 1, emoji: '🧬', label: 'Backtrack', hint: 'a hostile bundle',
  initial: () => ({ on: /^(a+)+(?=c)\1$/.test('a'.repeat(34) + 'b') }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Backtrack', description: '', controls: [] }),
});
