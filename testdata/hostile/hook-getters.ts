// hostile: Definitions whose fields are getters that spin for ever when no JavaScript caller is on
// hostile: the stack (Go reading a definition, an ExportTo of a result holding it); with a caller
// hostile: they answer normally.
// outcome: no effect: Go reads only JSON strings the SDK made under a guard; the verdict is the
// outcome: baseline's.
// verdict: victim
import { defineObject, defineProject } from '@scape/sdk';

/** True when no JavaScript function called the hook: Go itself is reading the value. */
function noCaller(): boolean {
  return (new Error().stack ?? '').split('\n').filter((line) => line.includes('at ')).length <= 2;
}

function hooked<T extends object>(def: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(def)) {
    Object.defineProperty(out, key, { enumerable: true, configurable: true, get: () => { if (noCaller()) for (;;) {} return value; } });
  }
  return out as T;
}
const extra = [hooked(defineObject({
  type: 'victim.hooked', version: 1, emoji: '🔭', label: 'Hooked', hint: 'getters',
  initial: () => ({ on: true }), valid: () => true, actions: {},
}))];

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
