// attack: every callback of one definition takes 1.9 s (initial, valid, view): each under its deadline
// expect: build=timeout|valid test=valid|timeout host=timeout|valid
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};
export default defineObject<State>({
  type: 'hostile.slow-1900ms-callbacks', version: 1, emoji: '⏳', label: 'Slow callbacks', hint: 'a hostile bundle',
  initial: () => {
    busy(1900);
    return { on: false };
  },
  valid: (s): s is State => {
    busy(1900);
    return record(s) && typeof s.on === 'boolean';
  },
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => {
    busy(1900);
    return { title: 'Slow', description: '', controls: [] };
  },
});
