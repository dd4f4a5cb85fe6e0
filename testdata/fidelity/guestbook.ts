/**
 * Guestbook: visitors write a message (up to 1,500 characters: a proper letter) and sign it;
 * the book keeps the latest entries that fit in its saved state. The newest entry is shown in
 * the panel.
 *
 * Capabilities: a long text field submitted by an ordinary button (the payload stays under the
 * stated 2 KiB), state trimmed to stay under 32 KiB, actor identity.
 *
 * Open values: a text field maxLength of 1,500 (the docs say only "maxLength: number").
 */
import { actorId, defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface Entry {
  by: string;
  at: number;
  text: string;
}
interface BookState {
  entries: Entry[];
}

const MAX = 1500;
const message = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= MAX;
const size = (s: BookState) => JSON.stringify(s).length;

export const guestbook = defineObject<BookState>({
  type: 'inn.guestbook',
  version: 1,
  emoji: '📖',
  label: 'Guestbook',
  hint: 'leave a message for the innkeeper',
  initial: () => ({ entries: [] }),
  valid: (s): s is BookState =>
    record(s) &&
    exactKeys(s, ['entries']) &&
    Array.isArray(s.entries) &&
    s.entries.every((e) => record(e) && exactKeys(e, ['by', 'at', 'text']) && actorId(e.by) && Number.isSafeInteger(e.at) && message(e.text)) &&
    JSON.stringify(s).length <= 30000,
  actions: {
    sign: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, ['message']);
        if (!message(p.message)) throw new ObjectActionError(400, `Write a message of up to ${MAX} characters.`);
        const next: BookState = { entries: [...s.entries, { by: context.actorId, at: context.now, text: p.message }] };
        while (size(next) > 30000) next.entries.shift();
        return next;
      },
    },
  },
  view: (s) => ({
    title: 'Guestbook',
    description: s.entries.length ? `Latest: ${s.entries[s.entries.length - 1].text.slice(0, 200)}` : 'Be the first to sign.',
    fields: [{ id: 'message', label: 'Your message', value: '', maxLength: MAX }],
    controls: [{ id: 'sign', label: 'Sign the book', fields: ['message'], action: { name: 'sign', payload: {} } }],
  }),
});

export default defineProject({ objects: [guestbook] });
