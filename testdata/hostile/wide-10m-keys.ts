// attack: an initial state object with 10,000,000 keys (the state limit is 32 KiB)
// expect: build=rule|memory|timeout test=valid|memory|timeout host=rule|memory|timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.wide-10m-keys', version: 1, emoji: '🗝️', label: 'Many keys', hint: 'a hostile bundle',
  initial: () => {
    const s: Record<string, number> = { on: 0 };
    for (let i = 0; i < 10_000_000; i++) s['k' + i] = i;
    return s as unknown as State;
  },
  valid: (s): s is State => record(s),
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => ({ title: 'Many keys', description: '', controls: [] }),
});
