// hostile: Built-in methods deleted (Array.prototype.push, Object.keys, JSON.stringify,
// hostile: Number.isFinite, Set.prototype.has), errors caught.
// outcome: no effect: nothing can be deleted; the verdict is the baseline's.
// verdict: victim
import { defineObject, defineProject } from '@scape/sdk';

/** Runs one attempt to change a built-in; under the toolchain's lockdown each throws a TypeError. */
function attempt(change: () => unknown): void {
  try {
    change();
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
  }
}

attempt(() => delete (Array.prototype as any).push);
attempt(() => delete (Object as any).keys);
attempt(() => delete (JSON as any).stringify);
attempt(() => delete (Number as any).isFinite);
attempt(() => delete (Set.prototype as any).has);
attempt(() => delete (globalThis as any).Array);

/** Definitions of the attack's own, checked with the victim's. */
const extra: unknown[] = [];

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
