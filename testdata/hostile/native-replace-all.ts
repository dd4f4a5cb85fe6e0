// attack: replaceAll on a 64 MiB string with a replacement 64 times longer (native, gigabytes)
// expect: build=memory|timeout test=memory|timeout host=memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.native-replace-all', version: 1, emoji: '♻️', label: 'Replace', hint: 'a hostile bundle',
  initial: () => ({ on: 'a'.repeat(64 * 2 ** 20).replaceAll('a', 'b'.repeat(64)).length > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Replace', description: '', controls: [] }),
});
