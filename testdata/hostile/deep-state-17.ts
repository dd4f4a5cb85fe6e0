// attack: an initial state nested 17 levels: just past the docs' JSON depth of 16 (a fast refusal, the control case of the family; the registry refuses to create it in a test)
// expect: build=rule|valid test=thrown|valid host=rule|valid
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.deep-state-17', version: 1, emoji: '🎋', label: 'Depth 17', hint: 'a hostile bundle',
  initial: () => {
    let v: unknown = { on: false };
    for (let i = 0; i < 17; i++) v = { on: false, next: v };
    return v as State;
  },
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Depth 17', description: '', controls: [] }),
});
