// attack: JSON.parse of a text nested 1,000,000 levels ('['.repeat(n) + ']'.repeat(n))
// expect: build=stack|memory|timeout|thrown test=stack|memory|timeout|thrown host=stack|memory|timeout|thrown
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.deep-json-parse', version: 1, emoji: '🧩', label: 'Parse nesting', hint: 'a hostile bundle',
  initial: () => {
    const n = 1_000_000;
    return { on: JSON.parse('['.repeat(n) + ']'.repeat(n)) !== null };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Parse nesting', description: '', controls: [] }),
});
