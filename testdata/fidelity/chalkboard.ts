/**
 * Chalkboard menu: a café's specials board. Its panel title is the two-line heading the owner
 * chalked on it; the board itself shows today's special in chalk.
 *
 * Capabilities: a view title from state, a text field for the special, a sprite with text.
 *
 * Open values: a view title with "\n" (a two-line heading), a sprite text of 36 characters
 * (the sprite type says "text: string").
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface BoardState {
  special: string;
}
const special = (v: unknown): v is string => typeof v === 'string' && v.trim() === v && v.length >= 1 && v.length <= 36;

export const chalkboard = defineObject<BoardState>({
  type: 'cafe.chalkboard',
  version: 1,
  emoji: '🍲',
  label: 'Chalkboard menu',
  hint: "today's special",
  initial: () => ({ special: 'Tomato soup with a cheese toastie' }),
  valid: (s): s is BoardState => record(s) && exactKeys(s, ['special']) && special(s.special),
  actions: {
    write: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['special']);
        const text = typeof p.special === 'string' ? p.special.trim() : '';
        if (!special(text)) throw new ObjectActionError(400, 'Keep the special to 36 characters.');
        return { special: text };
      },
    },
  },
  view: (s, viewer) => ({
    title: "TODAY'S SPECIALS\nServed from noon",
    description: s.special,
    fields: viewer.canEdit ? [{ id: 'special', label: 'Special', value: s.special, maxLength: 36 }] : [],
    controls: viewer.canEdit ? [{ id: 'write', label: 'Chalk it up', fields: ['special'], action: { name: 'write', payload: {} } }] : [],
  }),
  sprite: (s) => ({
    size: 128,
    layers: [
      { id: 'board', shapes: [{ kind: 'rect', x: 4, y: 20, width: 120, height: 80, radius: 4, fill: '#263238' }] },
      { id: 'chalk', shapes: [{ kind: 'text', x: 8, y: 64, text: s.special, size: 6, weight: 400, color: '#eceff1' }] },
    ],
  }),
});

export default defineProject({ objects: [chalkboard] });
