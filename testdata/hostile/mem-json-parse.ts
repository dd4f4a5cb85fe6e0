// attack: JSON.parse of a 1.2 GB JSON array built at run time with join (two native calls, each gigabytes)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.mem-json-parse', version: 1, emoji: '📜', label: 'JSON parse', hint: 'a hostile bundle',
  initial: () => {
    const text = '[' + new Array(2 ** 28).join('0,') + '0]';
    return { on: JSON.parse(text).length > 0 };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'JSON parse', description: '', controls: [] }),
});
