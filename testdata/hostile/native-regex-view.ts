// attack: catastrophic backtracking in view() (the host's world page runs it): nested quantifiers on a long non-matching string
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.native-regex-view', version: 1, emoji: '🧪', label: 'Regex view', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: String(/^((ab)*)+(?=z)\2$/.test('ab'.repeat(30) + 'c')), description: '', controls: [] }),
});
