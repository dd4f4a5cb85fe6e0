// attack: view() returns a description object nested 200,000 levels (where the SDK expects a string)
// expect: build=rule|memory|timeout|stack test=thrown|valid|memory|timeout|stack host=rule|memory|timeout|stack
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.deep-view-nesting', version: 1, emoji: '🪆', label: 'View nesting', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => {
    let d: unknown = 'x';
    for (let i = 0; i < 200000; i++) d = { d };
    return { title: 'Nest', description: d as string, controls: [] };
  },
});
