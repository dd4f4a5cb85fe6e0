// hostile: initial() returns a state nested 100,000 levels deep (the docs bound JSON nesting at 16);
// hostile: before the bounds check it took 20 s to report a 2 s timeout, the cost growing with the
// hostile: square of the depth.
// outcome: refused in milliseconds: "must not nest deeper than 16 levels" at the 17th level, not a
// outcome: timeout; the rest of the verdict is the baseline's.
// verdict: victim
// verdict: error rule initial().a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a must not nest deeper than 16 levels
import { defineObject, defineProject } from '@scape/sdk';

const extra = [defineObject({
  type: 'victim.deep', version: 1, emoji: '🕳️', label: 'Deep', hint: 'a deep state',
  initial: () => { let s: unknown = { end: true }; for (let i = 0; i < 100000; i++) s = { a: s }; return s; },
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
