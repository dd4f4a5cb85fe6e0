// attack: an initial state just under 32 KiB made of 4,000 tiny keys: many small checks, but legal
// expect: build=valid|rule test=valid host=valid|rule
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.wide-state-32k', version: 1, emoji: '🐜', label: 'Tiny keys', hint: 'a hostile bundle',
  initial: () => {
    const s: Record<string, number> = {};
    for (let i = 0; i < 4000; i++) s[i.toString(36)] = i % 10;
    return s as unknown as State;
  },
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Tiny keys', description: '', controls: [] }),
});
