// hostile: Callbacks that throw values whose toString, toJSON, Symbol.toPrimitive, name and message
// hostile: getters never return: { toString() { for (;;) {} } } (the fifth repro, for scape
// hostile: gizmo test) and an Error subclass with a spinning message getter.
// outcome: refused at each: the thrown value is described from its data alone (no toString runs); the
// outcome: rule errors name the callback; the rest of the verdict is the baseline's.
// verdict: victim
// verdict: error thrown initial threw {"toString":[Function: spin]
// verdict: error thrown - threw
import { defineObject, defineProject } from '@scape/sdk';

const spin = (): never => { for (;;) {} };
const throwsObject = defineObject({
  type: 'victim.throws', version: 1, emoji: '🧨', label: 'Throws', hint: 'throws a hostile value',
  initial: () => { throw { toString: spin, toJSON: spin, [Symbol.toPrimitive]: spin }; }, valid: () => true, actions: {},
});
class Loud extends Error {
  get message(): string { return spin(); }
  get name(): string { return spin(); }
}
const throwsError = defineObject({
  type: 'victim.loud', version: 1, emoji: '📣', label: 'Loud', hint: 'throws a loud error',
  initial: () => ({ on: true }), valid: () => true, actions: {},
  view: () => { throw new Loud(); },
});
const extra = [throwsObject, throwsError];

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
