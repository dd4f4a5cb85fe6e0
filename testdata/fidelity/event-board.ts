/**
 * Event board: a village notice board that announces the next gathering, with its date and time
 * in the viewer's style ("Saturday, 4 July at 18:30"), how far off it is ("in 3 days"), who is
 * coming ("Ada, Grace and Linus") and a title clipped to a number of characters as a person
 * counts them (grapheme clusters, so an emoji flag is one).
 *
 * Capabilities: state, two actions (join the guest list, reschedule by the editor), a view with
 * a text field.
 *
 * Open values: everyday JavaScript an author tests under Node: Intl.DateTimeFormat with
 * weekday/month/day/hour/minute and dateStyle/timeStyle in UTC, toLocaleDateString and
 * toLocaleTimeString with options and locales, Intl.RelativeTimeFormat with numeric 'auto',
 * Intl.ListFormat, Intl.Segmenter's graphemes, and formatToParts.
 */
import { defineObject, exactKeys, record, requirePayload } from '@scape/sdk';

interface Board {
  title: string;
  at: number;
  guests: string[];
  postedAt: number;
}

const DAY = 86_400_000;
const long = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const german = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const guests = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function clip(text: string, max: number): string {
  const parts = [...graphemes.segment(text)];
  return parts.length <= max ? text : parts.slice(0, max - 1).map((p) => p.segment).join('') + '…';
}

function until(at: number, now: number): string {
  const days = Math.round((at - now) / DAY);
  if (days !== 0) return relative.format(days, 'day');
  return relative.format(Math.round((at - now) / 3_600_000), 'hour');
}

function valid(state: unknown): state is Board {
  return (
    record(state) &&
    exactKeys(state, ['title', 'at', 'guests', 'postedAt']) &&
    typeof state.title === 'string' &&
    Number.isSafeInteger(state.at) &&
    Number.isSafeInteger(state.postedAt) &&
    Array.isArray(state.guests) &&
    state.guests.length <= 12 &&
    state.guests.every((g: unknown) => typeof g === 'string' && g.length <= 40)
  );
}

export default defineObject<Board>({
  type: 'fidelity.event-board',
  version: 1,
  emoji: '📅',
  label: 'Event board',
  hint: 'join the next gathering',
  initial: () => ({ title: 'Summer fête 🇫🇷 on the green', at: Date.UTC(2026, 6, 4, 18, 30), guests: ['Ada', 'Grace'], postedAt: Date.UTC(2026, 6, 1, 9, 0) }),
  valid,
  actions: {
    join: {
      permission: 'participant',
      run: (state, payload) => {
        requirePayload(payload, ['name']);
        const name = String(payload.name).trim().slice(0, 40);
        if (name === '' || state.guests.includes(name) || state.guests.length >= 12) return state;
        return { ...state, guests: [...state.guests, name] };
      },
    },
    reschedule: {
      permission: 'editor',
      run: (state, payload, context) => {
        requirePayload(payload, []);
        return { ...state, at: state.at + 7 * DAY, postedAt: context.now };
      },
    },
  },
  view: (state) => {
    const when = new Date(state.at);
    const hour = long.formatToParts(when).find((p) => p.type === 'hour')?.value ?? '';
    return {
      title: clip(state.title, 24),
      description: [
        `${long.format(when)} (${german.format(when)})`,
        `posted ${new Date(state.postedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} at ${new Date(state.postedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })}, ${until(state.at, state.postedAt)}; doors at ${hour}h`,
        state.guests.length > 0 ? `coming: ${guests.format(state.guests)}` : 'nobody yet',
      ].join('\n'),
      fields: [{ id: 'name', kind: 'text', label: 'Your name', value: '', maxLength: 40 }],
      controls: [{ id: 'join', label: 'Join', action: { name: 'join', payload: {} }, fields: ['name'] }],
    };
  },
});
