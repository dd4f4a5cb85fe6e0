// hostile: console.log of values whose toJSON, getters, toString and Symbol.toPrimitive spin for
// hostile: ever, a Proxy whose traps spin when no caller is on the stack, a 50,000-level object and a
// hostile: 50,000-key one, from the top level and from a callback.
// outcome: no effect: the toolchain shows console arguments without running any of their code,
// outcome: bounded; the verdict is the baseline's.
// verdict: victim
import { defineObject, defineProject } from '@scape/sdk';

/** True when no JavaScript function called the hook: Go itself is reading the value. */
function noCaller(): boolean {
  return (new Error().stack ?? '').split('\n').filter((line) => line.includes('at ')).length <= 2;
}

const spin = (): never => { for (;;) {} };
let deep: unknown = {};
for (let i = 0; i < 50000; i++) deep = { a: deep };
const wide: Record<string, number> = {};
for (let i = 0; i < 50000; i++) wide[`k${i}`] = i;
const loud = { toJSON: spin, toString: spin, [Symbol.toPrimitive]: spin, get g() { return spin(); } };
console.log(loud, deep, wide, new Proxy({}, { ownKeys: () => (noCaller() ? spin() : []) }));
const extra = [defineObject({
  type: 'victim.logger', version: 1, emoji: '📟', label: 'Logger', hint: 'logs',
  initial: () => { console.warn(loud, deep); return { on: true }; }, valid: () => true, actions: {},
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
