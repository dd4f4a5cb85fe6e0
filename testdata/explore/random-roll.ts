/**
 * A die of 1–20 sets the light radius: a high roll is over 12 cells. The build explores the
 * lowest and the highest draw too.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { roll: number };

export default defineObject<State>({
  type: 'explore.random-roll',
  version: 1,
  emoji: '🎰',
  label: 'Lucky lamp',
  hint: '',
  initial: () => ({ roll: 1 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['roll']) && Number.isSafeInteger(s.roll) && Number(s.roll) >= 1 && Number(s.roll) <= 20,
  actions: {
    roll: { permission: 'participant', run: (s, p, context) => (requirePayload(p, []), { roll: context.randomInt(1, 20) }) },
  },
  view: () => ({ title: 'Roll', description: '', controls: [{ id: 'roll', label: 'Roll', action: { name: 'roll', payload: {} } }] }),
  lighting: (s) => ({ light: { radiusCells: s.roll, color: '#ffc078', intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
});
