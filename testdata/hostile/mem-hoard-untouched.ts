// attack: a loop of new Float64Array(1 << 20) kept alive: untouched memory costs no page, so address space grows at gigabytes a second
// expect: build=memory test=memory host=memory
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-hoard-untouched', version: 1, emoji: '🐿️', label: 'Hoard', hint: 'a hostile bundle',
  initial: () => {
    const hoard: Float64Array[] = [];
    for (;;) hoard.push(new Float64Array(1 << 20));
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Hoard', description: '', controls: [] }),
});
