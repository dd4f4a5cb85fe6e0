// attack: 1.9 s of busy work in each of the top level, initial() and view(): each call under its 2 s deadline, the whole validation not
// expect: build=timeout|valid test=valid|timeout host=timeout|valid
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};
busy(1900);

export default defineObject<State>({
  type: 'hostile.slow-phases', version: 1, emoji: '🐌', label: 'Phases', hint: 'a hostile bundle',
  initial: () => {
    busy(1900);
    return { on: false };
  },
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ ...s }) } },
  view: () => {
    busy(1900);
    return { title: 'Phases', description: '', controls: [] };
  },
});
