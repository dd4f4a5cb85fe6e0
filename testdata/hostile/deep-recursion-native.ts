// attack: recursion through a native built-in ([0].map(f) calls f, which maps again): JavaScript and Go frames alternate
// expect: build=stack test=stack|thrown host=stack
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const again = (): unknown => [0].map(again);

export default defineObject<State>({
  type: 'hostile.deep-recursion-native', version: 1, emoji: '🌪️', label: 'Native recursion', hint: 'a hostile bundle',
  initial: () => ({ on: again() !== null }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Native recursion', description: '', controls: [] }),
});
