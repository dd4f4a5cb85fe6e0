// attack: an initial state nested 150,000 levels: the upload that took a host 42 s and answered 500
// expect: build=rule|timeout|stack test=valid|thrown|timeout|stack host=rule|timeout|stack
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.deep-state-150k', version: 1, emoji: '🪜', label: 'Deep 150k', hint: 'a hostile bundle',
  initial: () => {
    let v: unknown = { on: false };
    for (let i = 0; i < 150000; i++) v = { on: false, next: v };
    return v as State;
  },
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Deep 150k', description: '', controls: [] }),
});
