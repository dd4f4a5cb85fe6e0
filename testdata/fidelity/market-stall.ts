/**
 * Market stall: a shop counter that lists its wares sorted by name for the viewer's language,
 * prices them in euros, counts sales with the right plural, and shows a short receipt code.
 *
 * Capabilities: state, two actions (a sale, a restock by the editor), a view with a select.
 *
 * Open values: everyday JavaScript an author tests under Node: Intl.NumberFormat currency and
 * percent formatting, toLocaleString with a locale, Intl.PluralRules, localeCompare and
 * Intl.Collator for sorting accented names, Date's toLocaleDateString in UTC, and host APIs the
 * docs neither grant nor forbid (structuredClone, TextEncoder, btoa), which the build supplies
 * with a warning.
 */
import { defineObject, exactKeys, record, requirePayload } from '@scape/sdk';

interface Stall {
  wares: { name: string; cents: number; stock: number }[];
  sold: number;
  lastSale: number;
}

const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const plural = new Intl.PluralRules('en');
const byName = new Intl.Collator('fr', { sensitivity: 'base' });

function receipt(state: Stall): string {
  const bytes = new TextEncoder().encode(`${state.sold}:${state.lastSale}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '');
}

function valid(state: unknown): state is Stall {
  return (
    record(state) &&
    exactKeys(state, ['wares', 'sold', 'lastSale']) &&
    Array.isArray(state.wares) &&
    state.wares.length <= 8 &&
    state.wares.every((w: unknown) => record(w) && exactKeys(w, ['name', 'cents', 'stock']) && typeof w.name === 'string' && Number.isSafeInteger(w.cents) && Number.isSafeInteger(w.stock) && Number(w.stock) >= 0) &&
    Number.isSafeInteger(state.sold) &&
    typeof state.lastSale === 'number'
  );
}

export default defineObject<Stall>({
  type: 'fidelity.market-stall',
  version: 1,
  emoji: '🧺',
  label: 'Market stall',
  hint: 'buy a crêpe, an éclair or a zucchini',
  initial: () => ({
    wares: [
      { name: 'zucchini', cents: 120, stock: 4 },
      { name: 'Éclair', cents: 250, stock: 2 },
      { name: 'crêpe', cents: 1999, stock: 3 },
      { name: 'apple', cents: 45, stock: 10 },
    ],
    sold: 0,
    lastSale: 0,
  }),
  valid,
  actions: {
    buy: {
      permission: 'participant',
      run: (state, payload, context) => {
        requirePayload(payload, ['name']);
        const name = payload.name;
        const next = structuredClone(state);
        const ware = next.wares.find((w) => w.name === name);
        if (!ware || ware.stock === 0) return state;
        ware.stock -= 1;
        return { ...next, sold: next.sold + 1, lastSale: context.now };
      },
    },
    restock: {
      permission: 'editor',
      run: (state, payload) => {
        requirePayload(payload, []);
        return { ...state, wares: state.wares.map((w) => ({ ...w, stock: w.stock + 5 })) };
      },
    },
  },
  view: (state) => {
    const wares = [...state.wares].sort((a, b) => byName.compare(a.name, b.name));
    const stocked = wares.filter((w) => w.stock > 0);
    const share = state.sold / Math.max(1, state.sold + wares.reduce((n, w) => n + w.stock, 0));
    const day = new Date(state.lastSale).toLocaleDateString('en-GB', { timeZone: 'UTC' });
    return {
      title: `${state.sold.toLocaleString('en-US')} ${plural.select(state.sold) === 'one' ? 'sale' : 'sales'}`,
      description:
        wares.map((w) => `${w.name}: ${euros.format(w.cents / 100)} (${w.stock} left)`).join('\n') +
        `\n${share.toLocaleString('en', { style: 'percent', maximumFractionDigits: 1 })} sold; last sale ${day}; receipt ${receipt(state)}` +
        `\nfirst alphabetically: ${[...state.wares].map((w) => w.name).sort((a, b) => a.localeCompare(b))[0]}`,
      fields:
        stocked.length > 0
          ? [{ id: 'name', kind: 'select', label: 'Ware', value: stocked[0].name, options: stocked.map((w) => ({ value: w.name, label: `${w.name} — ${euros.format(w.cents / 100)}` })) }]
          : [],
      controls: stocked.length > 0 ? [{ id: 'buy', label: 'Buy', action: { name: 'buy', payload: {} }, fields: ['name'] }] : [],
    };
  },
});
