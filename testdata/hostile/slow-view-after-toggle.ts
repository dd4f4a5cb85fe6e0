// attack: view() loops for ever, but only once the Gizmo is switched on: the build and the upload see a valid project; the host's world page meets the loop after the owner presses Toggle, and must stay fast
// expect: build=valid test=valid host=valid
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.slow-view-after-toggle', version: 1, emoji: '🎠', label: 'Spinner', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ on: !s.on }) } },
  view: (s) => {
    let n = 0;
    while (s.on) n++;
    return {
      title: 'Spinner', description: '',
      controls: [{ id: 'toggle', icon: 'toggle', label: 'Toggle', pressed: s.on, action: { name: 'toggle', payload: {} } }],
    };
  },
});
