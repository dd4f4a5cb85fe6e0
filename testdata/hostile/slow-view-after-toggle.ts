// attack: view() loops for ever, but only once the Gizmo is switched on: state exploration reaches that state at build and upload, which end at the call's deadline; a host that still has such a build active meets the loop after the owner presses Toggle, and its world page must stay fast
// expect: build=timeout test=valid host=timeout
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
