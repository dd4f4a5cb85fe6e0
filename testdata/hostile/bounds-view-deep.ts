// hostile: view() returns a view nested 100,000 levels deep, and another definition holds a
// hostile: 100,000-level object in a static field (light), whose rendering in the message would run
// hostile: JSON.stringify over it.
// outcome: refused in milliseconds: the view by the depth rule, the light by its unknown key with the
// outcome: value described by its kind only; the rest of the verdict is the baseline's.
// verdict: victim
// verdict: error rule view.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a must not nest deeper than 16 levels
// verdict: error rule light.extra is not a known field
import { defineObject, defineProject } from '@scape/sdk';

const deepValue = (): unknown => { let s: unknown = 1; for (let i = 0; i < 100000; i++) s = { a: s }; return s; };
const deepView = defineObject({
  type: 'victim.deepview', version: 1, emoji: '🗼', label: 'Deep view', hint: 'a deep view',
  initial: () => ({ on: true }), valid: () => true, actions: {},
  view: () => deepValue() as any,
});
const deepLight = defineObject({
  type: 'victim.deeplight', version: 1, emoji: '🏙️', label: 'Deep light', hint: 'a deep static field',
  initial: () => ({ on: true }), valid: () => true, actions: {},
  light: { radiusCells: 3, color: '#fff', intensity: 1, illumination: 0.5, extra: deepValue() } as any,
});
const extra = [deepView, deepLight];

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
