// hostile: An exported list of definitions whose own Symbol.iterator (the built-in one being frozen)
// hostile: spins when no JavaScript caller is on the stack, and whose own toJSON and toString do too.
// outcome: no effect: the SDK iterates it inside a guarded call; the verdict is the baseline's.
// verdict: victim
import { defineObject, defineProject } from '@scape/sdk';

/** True when no JavaScript function called the hook: Go itself is reading the value. */
function noCaller(): boolean {
  return (new Error().stack ?? '').split('\n').filter((line) => line.includes('at ')).length <= 2;
}

const list: unknown[] = [defineObject({
  type: 'victim.iterated', version: 1, emoji: '🪀', label: 'Iterated', hint: 'own iterator',
  initial: () => ({ on: true }), valid: () => true, actions: {},
})];
const values = list[Symbol.iterator].bind(list);
Object.defineProperty(list, Symbol.iterator, { value: () => { if (noCaller()) for (;;) {} return values(); } });
Object.defineProperty(list, 'toJSON', { value: () => { if (noCaller()) for (;;) {} return []; } });
const extra = list;

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
