// attack: JSON.stringify of an array nested 1,000,000 levels, built at the top level (the native walk recurses in Go)
// expect: build=stack|memory|timeout|thrown test=stack|memory|timeout|thrown host=stack|memory|timeout|thrown
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

let nest: unknown[] = [];
for (let i = 0; i < 1_000_000; i++) nest = [nest];
const text = JSON.stringify(nest);

export default defineObject<State>({
  type: 'hostile.deep-json-stringify', version: 1, emoji: '🧅', label: 'Stringify', hint: 'a hostile bundle',
  initial: () => ({ on: text.length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Stringify', description: '', controls: [] }),
});
