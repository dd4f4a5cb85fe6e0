// attack: reserved identities spelled with invisible characters, each shown exactly as the reserved one by every list, log and palette: scape\u200b.piano (zero-width space), \u202escape.dice (bidi override), scape.counter\u2060 with 🔢 (a look-alike of a bundled example's type), 🎹\u200b (zero-width space), 💣 with a variation selector and a tag character
// expect: build=rule test=thrown host=rule
// verdict: error rule type uses the reserved "scape." namespace once its invisible characters are removed ("scape\u200b.piano" reads "scape.piano")
// verdict: error rule type uses the reserved "scape." namespace once its invisible characters are removed ("\u202escape.dice" reads "scape.dice")
// verdict: error rule type uses the reserved "scape." namespace once its invisible characters are removed ("scape.counter\u2060" reads "scape.counter")
// verdict: error rule emoji is reserved for a built-in Gizmo once its invisible characters are removed ("🎹\u200b" reads "🎹")
// verdict: error rule emoji is reserved for a built-in Gizmo once its invisible characters are removed ("💣\ufe0f\u{e0041}" reads "💣")
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };
const base = {
  version: 1,
  label: 'Look-alike',
  hint: 'a hostile bundle',
  initial: () => ({ on: false }),
  valid: (s: unknown): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { toggle: { permission: 'participant' as const, run: (s: State) => ({ on: !s.on }) } },
};

export default defineProject({
  objects: [
    defineObject<State>({ ...base, type: 'scape\u200b.piano', emoji: '🎸' }),
    defineObject<State>({ ...base, type: '\u202escape.dice', emoji: '🎺' }),
    defineObject<State>({ ...base, type: 'scape.counter\u2060', emoji: '🔢' }),
    defineObject<State>({ ...base, type: 'hostile.piano', emoji: '🎹\u200b' }),
    defineObject<State>({ ...base, type: 'hostile.bomb', emoji: '💣\ufe0f\u{e0041}' }),
    // An ordinary ZWJ sequence and one that joins a reserved emoji to another stay accepted.
    defineObject<State>({ ...base, type: 'hostile.coder', emoji: '👩\u200d💻' }),
    defineObject<State>({ ...base, type: 'hostile.heart', emoji: '❤\ufe0f\u200d🔥' }),
  ],
});
