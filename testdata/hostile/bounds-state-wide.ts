// hostile: initial() returns one object with 100,000 keys (far over the 32 KiB state limit) and
// hostile: another that is a 2 ** 32 - 1 sparse array, both of which JSON.stringify would expand in
// hostile: one uninterruptible call.
// outcome: refused in milliseconds by the size bound ("is more than 524,288 bytes"); the rest of the
// outcome: verdict is the baseline's.
// verdict: victim
// verdict: error rule initial() must be at most 32 KiB of JSON (is more than 524,288 bytes)
// verdict: error rule initial() must be at most 32 KiB of JSON (is more than 524,288 bytes)
import { defineObject, defineProject } from '@scape/sdk';

const wide = defineObject({
  type: 'victim.wide', version: 1, emoji: '🌊', label: 'Wide', hint: 'a wide state',
  initial: () => { const s: Record<string, number> = {}; for (let i = 0; i < 100000; i++) s[`k${i}`] = i; return s; },
  valid: () => true, actions: {},
});
const sparse = defineObject({
  type: 'victim.sparse', version: 1, emoji: '🫧', label: 'Sparse', hint: 'a sparse state',
  initial: () => ({ list: new Array(2 ** 32 - 1) }),
  valid: () => true, actions: {},
});
const extra = [wide, sparse];

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
