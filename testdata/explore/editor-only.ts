/**
 * Only an editor can boost; the boosted light is too wide. The participant view shows the button
 * disabled, so only the editor's view reaches it.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.editor-only',
  version: 1,
  emoji: '🔆',
  label: 'Editor only',
  hint: '',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['n']) && Number.isSafeInteger(s.n) && Number(s.n) >= 0 && Number(s.n) <= 100,
  actions: {
    up: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        if (s.n >= 9) throw new ObjectActionError(409, 'Reset first.');
        return { n: s.n + 1 };
      },
    },
    boost: { permission: 'editor', run: (s) => ({ n: s.n + 50 }) },
  },
  view: (s, viewer) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }, { id: 'boost', label: 'Boost', disabled: !viewer.canEdit, action: { name: 'boost', payload: {} } }],
  }),
  lighting: (s) => ({ light: { radiusCells: s.n > 20 ? 20 : 3, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
