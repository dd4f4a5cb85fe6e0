// attack: lastIndexOf over a sparse array of length 2 ** 32 - 1 in view()
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.native-indexof-sparse', version: 1, emoji: '🔍', label: 'IndexOf', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => {
    const a: number[] = [];
    a.length = 2 ** 32 - 1;
    return { title: String(a.lastIndexOf(1)), description: '', controls: [] };
  },
});
