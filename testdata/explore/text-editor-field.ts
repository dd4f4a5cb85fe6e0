/**
 * The host's text editor edits the `text` field; "Clear" stores null there, so the edited field
 * no longer holds a string.
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { text: string | null };

export default defineObject<State>({
  type: 'explore.text-editor-field',
  version: 1,
  emoji: '🪵',
  label: 'Board',
  hint: '',
  initial: () => ({ text: 'Hello' }),
  valid: (s): s is State => record(s) && exactKeys(s, ['text']) && (s.text === null || typeof s.text === 'string'),
  actions: {
    write: { permission: 'editor', run: (s, p) => { requirePayload(p, ['text']); if (typeof p.text !== 'string') throw new ObjectActionError(400, 'Text'); return { text: p.text }; } },
    clear: { permission: 'participant', run: () => ({ text: null }) },
  },
  textEditor: { field: 'text', action: 'write', label: 'Text', maxLength: 100 },
  worldText: (s) => s.text ?? '',
  view: () => ({ title: 'Board', description: '', controls: [{ id: 'clear', label: 'Clear', action: { name: 'clear', payload: {} } }] }),
});
