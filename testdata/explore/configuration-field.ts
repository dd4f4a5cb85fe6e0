/**
 * Configuration copies the `color` field; the reset action drops it from the state, so the
 * declared field names nothing in the reset state.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { color?: string; on: boolean };

export default defineObject<State>({
  type: 'explore.configuration-field',
  version: 1,
  emoji: '🎨',
  label: 'Painter',
  hint: '',
  initial: () => ({ color: 'red', on: false }),
  valid: (s): s is State => record(s) && typeof s.on === 'boolean' && (s.color === undefined || typeof s.color === 'string'),
  actions: {
    color: { permission: 'editor', run: (s, p) => { requirePayload(p, ['color']); if (typeof p.color !== 'string') throw new ObjectActionError(400, 'A color'); return { ...s, color: p.color }; } },
    reset: { permission: 'participant', run: (s) => ({ on: !s.on }) },
  },
  configuration: { action: 'color', fields: ['color'] },
  view: () => ({ title: 'Painter', description: '', controls: [{ id: 'reset', label: 'Reset', action: { name: 'reset', payload: {} } }] }),
});
