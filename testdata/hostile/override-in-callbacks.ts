// hostile: Overrides attempted from inside callbacks (initial, valid, view, lighting, actions) of the
// hostile: first definition, which run before the later definitions are checked; errors caught inside
// hostile: each callback.
// outcome: no effect; the verdict is the baseline's (the first definition stays valid).
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

function blindAll(): void {
  attempt(() => (Array.prototype.push = () => 0));
  attempt(() => (Object.keys = () => []));
  attempt(() => (Number.isFinite = () => true));
  attempt(() => (Set.prototype.has = () => false));
  attempt(() => (String.prototype.startsWith = () => false));
}
const ok = defineObject({
  type: 'victim.first', version: 1, emoji: '🔅', label: 'First', hint: 'attacks from its callbacks',
  initial: () => { blindAll(); return { on: true }; },
  valid: (s: unknown) => { blindAll(); return typeof s === 'object' && s !== null; },
  actions: { go: { permission: 'participant', run: (s: any) => { blindAll(); return s; } } },
  view: () => { blindAll(); return { title: 'First', description: '', controls: [] }; },
  lighting: () => { blindAll(); return { light: null }; },
});
const extra = [ok];

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
