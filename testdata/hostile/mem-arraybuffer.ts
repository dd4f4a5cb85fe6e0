// attack: a 1.5 GiB ArrayBuffer allocated by top-level code, before any definition exists
// expect: build=memory test=memory host=memory
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const buffer = new ArrayBuffer(1.5 * 2 ** 30);

export default defineObject<State>({
  type: 'hostile.mem-arraybuffer', version: 1, emoji: '📦', label: 'Buffer', hint: 'a hostile bundle',
  initial: () => ({ on: buffer.byteLength > 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Buffer', description: '', controls: [] }),
});
