// attack: catastrophic backtracking at the top level, built with new RegExp from a string
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const pattern = new RegExp('^(\\w+\\s?)*(?=x)\\1$');
const matched = pattern.test('word '.repeat(30) + '!');

export default defineObject<State>({
  type: 'hostile.native-regex-toplevel', version: 1, emoji: '🕸️', label: 'Regex top', hint: 'a hostile bundle',
  initial: () => ({ on: matched }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Regex top', description: '', controls: [] }),
});
