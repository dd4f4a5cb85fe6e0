// attack: an endless loop in view(), which the host runs on every world page
// expect: build=timeout test=timeout host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.slow-view-loop', version: 1, emoji: '🔁', label: 'View loop', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: (s) => {
    let n = 0;
    while (s) n++;
    return { title: String(n), description: '', controls: [] };
  },
});
