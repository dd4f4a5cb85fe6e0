// attack: view() returns 100,000 controls (the docs allow 16)
// expect: build=rule|memory|timeout test=valid|memory|timeout host=rule|memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.wide-controls-100k', version: 1, emoji: '🎛️', label: 'Controls', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({
    title: 'Controls', description: '',
    controls: Array.from({ length: 100_000 }, (_, i) => ({ id: 'c' + i, icon: 'toggle', label: 'C' + i, action: { name: 'toggle', payload: {} } })),
  }),
});
