/**
 * Halving the "share" divides by the count of holders, zero after two releases: the state then
 * holds NaN, which is not JSON.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { holders: number; share: number };

export default defineObject<State>({
  type: 'explore.nan-state',
  version: 1,
  emoji: '🍰',
  label: 'Cake',
  hint: '',
  initial: () => ({ holders: 2, share: 50 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['holders', 'share']) && Number.isSafeInteger(s.holders) && typeof s.share === 'number',
  actions: {
    release: { permission: 'participant', run: (s) => { if (s.holders === 0) throw new ObjectActionError(409, 'Nobody holds it.'); return { ...s, holders: s.holders - 1 }; } },
    split: { permission: 'participant', run: (s) => ({ ...s, share: (100 / s.holders) * 0 + 100 / s.holders - 100 / s.holders + (s.holders === 0 ? NaN : 100 / s.holders) }) },
  },
  view: () => ({
    title: 'Cake',
    description: '',
    controls: [
      { id: 'release', label: 'Release', action: { name: 'release', payload: {} } },
      { id: 'split', label: 'Split', action: { name: 'split', payload: {} } },
    ],
  }),
});
