/**
 * Cinema marquee: the lit sign over a cinema door. The editor types the film's title; the
 * marquee sprite spells out "Now showing: <title>" on one line, and the bulbs glow.
 *
 * Capabilities: a text field for the title, a sprite with a long text shape, a glow.
 *
 * Open values: a sprite text of 43 characters ("Now showing: The Return of the Harbour Gull";
 * the sprite type says "text: string").
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const title = (v: unknown): v is string => typeof v === 'string' && v.trim() === v && v.length >= 1 && v.length <= 30;

export const cinemaMarquee = defineObject<{ film: string }>({
  type: 'picture-house.marquee',
  version: 1,
  emoji: '🎬',
  label: 'Cinema marquee',
  hint: 'what is on tonight',
  initial: () => ({ film: 'The Return of the Harbour Gull' }),
  valid: (s): s is { film: string } => record(s) && exactKeys(s, ['film']) && title(s.film),
  actions: {
    film: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['film']);
        const film = typeof p.film === 'string' ? p.film.trim() : '';
        if (!title(film)) throw new ObjectActionError(400, 'Film titles are up to 30 characters.');
        return { film };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Cinema marquee',
    description: `Now showing: ${s.film}`,
    fields: viewer.canEdit ? [{ id: 'film', label: 'Film', value: s.film, maxLength: 30 }] : [],
    controls: viewer.canEdit ? [{ id: 'film', label: 'Change the film', fields: ['film'], action: { name: 'film', payload: {} } }] : [],
  }),
  sprite: (s) => ({
    size: 160,
    layers: [
      { id: 'frame', shapes: [{ kind: 'rect', x: 2, y: 50, width: 156, height: 40, radius: 4, fill: '#b71c1c' }] },
      { id: 'panel', shapes: [{ kind: 'rect', x: 8, y: 56, width: 144, height: 28, radius: 2, fill: '#fff8e1' }] },
      { id: 'letters', shapes: [{ kind: 'text', x: 12, y: 74, text: `Now showing: ${s.film}`, size: 6, weight: 600, color: '#212121' }] },
    ],
  }),
  glow: { color: '#ffe082', size: 90, pulse: { speed: 2, amount: 0.05, phaseX: 0.1 }, opacity: { base: 0.35, amount: 0.15, speed: 6, phaseY: 0 } },
});

export default defineProject({ objects: [cinemaMarquee] });
