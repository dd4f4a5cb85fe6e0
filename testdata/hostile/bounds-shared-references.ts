// hostile: A state of 16 levels in which every level holds the next one four times: a few objects,
// hostile: but 4 ** 16 leaves once JSON expands the shared references.
// outcome: refused by the size bound, which counts what JSON.stringify would write; the rest of the
// outcome: verdict is the baseline's.
// verdict: victim
// verdict: error rule initial() must be at most 32 KiB of JSON (is more than 524,288 bytes)
import { defineObject, defineProject } from '@scape/sdk';

const extra = [defineObject({
  type: 'victim.dag', version: 1, emoji: '🕸️', label: 'Dag', hint: 'shared references',
  initial: () => { let s: unknown = { leaf: 1 }; for (let i = 0; i < 15; i++) s = { a: s, b: s, c: s, d: s }; return s; },
  valid: () => true, actions: {},
})];

// The victim: one valid definition and nine that each break one rule. An attack that blinded a
// check would make one of them pass; the verdict must stay exactly the baseline's
// (baseline-victim.ts).
const base = {
  version: 1,
  label: 'Lamp',
  hint: 'a lamp',
  initial: () => ({ on: true }),
  valid: (s: unknown) => typeof s === 'object' && s !== null,
  actions: { toggle: { permission: 'participant' as const, run: (s: any) => ({ on: !s.on }) } },
  light: { radiusCells: 3, color: '#ffc078', intensity: 1, illumination: 0.5 },
};

export default defineProject({
  objects: [
    defineObject({ ...base, type: 'victim.ok', emoji: '💡' }),
    defineObject({ ...base, type: 'victim.radius', emoji: '🔦', light: { ...base.light, radiusCells: 30 } }),
    defineObject({ ...base, type: 'scape.reserved', emoji: '🕯️' }),
    defineObject({ ...base, type: 'victim.emoji', emoji: '🎲' }),
    defineObject({ ...base, type: 'victim.permission', emoji: '🏮', actions: { toggle: { ...base.actions.toggle, permission: 'everyone' as any } } }),
    defineObject({ ...base, type: 'victim.nan', emoji: '🪔', light: { ...base.light, radiusCells: NaN } }),
    defineObject({ ...base, type: 'victim.key', emoji: '🔆', bogus: 1 } as any),
    defineObject({ ...base, type: 'victim.state', emoji: '🌟', initial: () => ({ on: true, n: undefined }) }),
    defineObject({ ...base, type: 'victim.view', emoji: '⭐', view: () => ({ title: 'x', description: '', controls: 'none' as any }) }),
    defineObject({ ...base, type: 'victim.valid', emoji: '🌙', valid: () => false }),
    ...extra,
  ],
});
