/**
 * Tapping the Gizmo in the world (interaction.tap) feeds it; the view has no button for it.
 * Two taps after a press make the light 13 cells wide.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.interaction-tap',
  version: 1,
  emoji: '🐣',
  label: 'Interaction tap',
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
    feed: { permission: 'participant', run: (s, p) => { requirePayload(p, ['amount']); return { n: s.n + Number(p.amount) }; } },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
  interaction: { tap: { name: 'feed', payload: { amount: 2 } } },
  lighting: (s) => ({ light: { radiusCells: s.n >= 5 ? 13 : 2, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
