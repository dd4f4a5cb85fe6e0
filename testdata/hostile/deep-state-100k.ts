// attack: an initial state nested 100,000 levels (the docs bound JSON nesting at 16): today's JSON walk is quadratic and recursive
// expect: build=rule|timeout|stack test=valid|thrown|timeout|stack host=rule|timeout|stack
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.deep-state-100k', version: 1, emoji: '🕳️', label: 'Deep 100k', hint: 'a hostile bundle',
  initial: () => {
    let v: unknown = { on: false };
    for (let i = 0; i < 100000; i++) v = { on: false, next: v };
    return v as State;
  },
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Deep 100k', description: '', controls: [] }),
});
