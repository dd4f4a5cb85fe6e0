// hostile: A definition that is a Proxy whose traps spin when no JavaScript caller is on the stack.
// outcome: no effect: every trap runs inside a guarded call with the SDK on the stack; the verdict is
// outcome: the baseline's.
// verdict: victim
import { defineObject, defineProject } from '@scape/sdk';

/** True when no JavaScript function called the hook: Go itself is reading the value. */
function noCaller(): boolean {
  return (new Error().stack ?? '').split('\n').filter((line) => line.includes('at ')).length <= 2;
}

const target = defineObject({
  type: 'victim.proxy', version: 1, emoji: '🧿', label: 'Proxy', hint: 'traps',
  initial: () => ({ on: true }), valid: () => true, actions: {},
});
const trap = <T>(answer: () => T): T => { if (noCaller()) for (;;) {} return answer(); };
const extra = [new Proxy(target, {
  get: (t, key) => trap(() => Reflect.get(t, key)),
  ownKeys: (t) => trap(() => Reflect.ownKeys(t)),
  getOwnPropertyDescriptor: (t, key) => trap(() => Reflect.getOwnPropertyDescriptor(t, key)),
  getPrototypeOf: (t) => trap(() => Reflect.getPrototypeOf(t)),
  has: (t, key) => trap(() => Reflect.has(t, key)),
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
