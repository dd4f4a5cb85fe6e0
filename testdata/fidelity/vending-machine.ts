/**
 * Vending machine: choose a snack and a size, then press Buy (in the action row, with a
 * confirmation); it drops with a clunk. The editor restocks it. There is only one size for
 * now, so the size select has a single option (the stated minimum).
 *
 * Capabilities: two selects submitted by an ordinary button, a confirmed action-row control,
 * an editor action, react feedback with an impulse and audio.
 *
 * Open values: none beyond the stated bounds (a one-option select).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const SNACKS = { crisps: '🥔 Crisps', chocolate: '🍫 Chocolate', juice: '🧃 Juice', cookie: '🍪 Cookie' } as const;
type Snack = keyof typeof SNACKS;
interface MachineState {
  stock: Record<Snack, number>;
  last: Snack | '';
}
const isSnack = (v: unknown): v is Snack => typeof v === 'string' && Object.prototype.hasOwnProperty.call(SNACKS, v);

export const vendingMachine = defineObject<MachineState>({
  type: 'arcade.vending-machine',
  version: 1,
  emoji: '🥤',
  label: 'Vending machine',
  hint: 'choose a snack and buy it',
  initial: () => ({ stock: { crisps: 5, chocolate: 5, juice: 5, cookie: 5 }, last: '' }),
  valid: (s): s is MachineState =>
    record(s) &&
    exactKeys(s, ['stock', 'last']) &&
    record(s.stock) &&
    exactKeys(s.stock, Object.keys(SNACKS)) &&
    Object.values(s.stock).every((n) => Number.isInteger(n) && Number(n) >= 0 && Number(n) <= 10) &&
    (s.last === '' || isSnack(s.last)),
  actions: {
    buy: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['snack', 'size']);
        if (!isSnack(p.snack) || p.size !== 'regular') throw new ObjectActionError(400, 'Choose a snack.');
        if (s.stock[p.snack] === 0) throw new ObjectActionError(409, 'Sold out.');
        return { stock: { ...s.stock, [p.snack]: s.stock[p.snack] - 1 }, last: p.snack };
      },
    },
    restock: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, []);
        return { stock: { crisps: 10, chocolate: 10, juice: 10, cookie: 10 }, last: '' };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Vending machine',
    description: s.last ? `Enjoy your ${SNACKS[s.last]}!` : 'What would you like?',
    fields: [
      { id: 'snack', label: 'Snack', kind: 'select', value: 'crisps', options: (Object.keys(SNACKS) as Snack[]).map((k) => ({ value: k, label: `${SNACKS[k]} (${s.stock[k]} left)` })) },
      { id: 'size', label: 'Size', kind: 'select', value: 'regular', options: [{ value: 'regular', label: 'Regular' }] },
    ],
    controls: [
      { id: 'buy', label: 'Buy', placement: 'action', confirm: 'Buy this snack?', fields: ['snack', 'size'], action: { name: 'buy', payload: {} } },
      ...(viewer.canEdit ? [{ id: 'restock', label: 'Restock', action: { name: 'restock', payload: {} } }] : []),
    ],
  }),
  sounds: {
    clunk: { kind: 'synth', duration: 0.3, voices: [{ wave: 'triangle', start: 0, duration: 0.25, frequency: [{ time: 0, value: 140 }, { time: 0.25, value: 70 }], gain: [{ time: 0, value: 0.4 }, { time: 0.25, value: 0 }] }] },
  },
  react: (_s, _previous, action) =>
    action.name === 'buy'
      ? {
          feedback: {
            durationMs: 600,
            impulse: { scale: 1.05, rotation: 0.05, durationMs: 250 },
            audio: [{ kind: 'play', voice: 'drop', sound: 'clunk', delayMs: 120, gain: 1, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.5 }],
          },
        }
      : null,
});

export default defineProject({ objects: [vendingMachine] });
