/**
 * react reads the last entry of a list the second press empties.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { items: string[] };

export default defineObject<State>({
  type: 'explore.react-throws',
  version: 1,
  emoji: '🧺',
  label: 'Basket',
  hint: '',
  initial: () => ({ items: ['apple', 'pear'] }),
  valid: (s): s is State => record(s) && exactKeys(s, ['items']) && Array.isArray(s.items),
  actions: {
    take: { permission: 'participant', run: (s) => { if (s.items.length === 0) throw new ObjectActionError(409, 'Empty.'); return { items: s.items.slice(1) }; } },
  },
  react: (s) => ({ feedback: { durationMs: 300 + (s as State).items[0].length } }),
  view: () => ({ title: 'Basket', description: '', controls: [{ id: 'take', label: 'Take', action: { name: 'take', payload: {} } }] }),
});
