// attack: view() backtracks catastrophically (native, no interrupt) once the Gizmo is switched on: state exploration reaches that state at build and upload, whose worker is ended at the hard limit; a host's live worker meeting it is ended and replaced, and the world page stays fast
// expect: build=timeout test=valid host=timeout
import { defineObject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

export default defineObject<State>({
  type: 'hostile.native-view-after-toggle', version: 1, emoji: '🧲', label: 'Backtracker', hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant', run: (s) => ({ on: !s.on }) } },
  view: (s) => {
    if (s.on && /^(a+)+(?=c)\1$/.test('a'.repeat(34) + 'b')) return { title: 'never', description: '', controls: [] };
    return {
      title: 'Backtracker', description: '',
      controls: [{ id: 'toggle', icon: 'toggle', label: 'Toggle', pressed: s.on, action: { name: 'toggle', payload: {} } }],
    };
  },
});
