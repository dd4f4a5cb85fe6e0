/**
 * Each press doubles a 5,000-character note: the third makes the state 40,000 characters,
 * over the 32 KiB a state may hold.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { note: string };

export default defineObject<State>({
  type: 'explore.state-too-big',
  version: 1,
  emoji: '📜',
  label: 'Scroll',
  hint: '',
  initial: () => ({ note: 'n'.repeat(5000) }),
  valid: (s): s is State => record(s) && exactKeys(s, ['note']) && typeof s.note === 'string',
  actions: {
    grow: { permission: 'participant', run: (s) => ({ note: s.note + s.note }) },
  },
  view: () => ({ title: 'Scroll', description: '', controls: [{ id: 'grow', label: 'Grow', action: { name: 'grow', payload: {} } }] }),
});
