// attack: [].includes over a 2 ** 32 - 1 long sparse array: one native loop of four billion steps, no allocation
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.native-includes-sparse', version: 1, emoji: '🔭', label: 'Includes', hint: 'a hostile bundle',
  initial: () => {
    const a: number[] = [];
    a.length = 2 ** 32 - 1;
    return { on: a.includes(1) };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Includes', description: '', controls: [] }),
});
