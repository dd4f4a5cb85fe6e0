/**
 * Notice board: a community board whose label says what it is for. Anyone can pin a short
 * note; the editor can clear the board.
 *
 * Capabilities: a text field and ordinary submit, a list of pinned notes in state, world text.
 *
 * Open values: a 70-character label (the docs do not bound labels; they ask for "concise and
 * useful" control labels).
 */
import { actorId, defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface Note {
  author: string;
  text: string;
}
interface BoardState {
  notes: Note[];
}

const noteText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= 80 && !/[\u0000-\u001f]/.test(v);

export const noticeBoard = defineObject<BoardState>({
  type: 'village.notice-board',
  version: 1,
  emoji: '📌',
  label: 'Community notice board: lost pets, book swaps, meetups and garden news',
  hint: 'pin a note for your neighbours',
  initial: () => ({ notes: [{ author: 'village', text: 'Welcome! Pin a note below.' }] }),
  valid: (s): s is BoardState =>
    record(s) &&
    exactKeys(s, ['notes']) &&
    Array.isArray(s.notes) &&
    s.notes.length <= 12 &&
    s.notes.every((n) => record(n) && exactKeys(n, ['author', 'text']) && actorId(n.author) && noteText(n.text)),
  actions: {
    pin: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, ['note']);
        if (!noteText(p.note)) throw new ObjectActionError(400, 'Write a note of up to 80 characters.');
        return { notes: [...s.notes, { author: context.actorId, text: p.note.trim() }].slice(-12) };
      },
    },
    clear: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, []);
        return { notes: [] };
      },
    },
  },
  worldText: (s) => (s.notes.length ? s.notes[s.notes.length - 1].text : ''),
  view: (s, viewer) => ({
    title: 'Notice board',
    description: s.notes.map((n) => `• ${n.text}`).join(' '),
    fields: [{ id: 'note', label: 'Your note', value: '', maxLength: 80 }],
    controls: [
      { id: 'pin', label: 'Pin note', fields: ['note'], action: { name: 'pin', payload: {} } },
      ...(viewer.canEdit ? [{ id: 'clear', label: 'Clear the board', confirm: 'Remove every note?', action: { name: 'clear', payload: {} } }] : []),
    ],
  }),
});

export default defineProject({ objects: [noticeBoard] });
