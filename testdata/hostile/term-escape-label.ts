// attack: terminal control sequences in every author string the toolchain prints (type, label, hint, action, control and sound names, view text, console output): an OSC that sets the window title, an OSC 52 that writes the clipboard, a C1 CSI that recolours, a CR and ESC [2K that overwrite the verdict line with a forged "✓ valid"
// expect: build=valid test=valid host=valid
// verdict: valid
import { defineObject, exactKeys, record } from '@scape/sdk';

// Each printed as is would act on the terminal; the toolchain shows them escaped (\u001b…).
const ESC = '\x1b';
const BEL = '\x07';
const title = `${ESC}]0;pwned${BEL}`;
const clipboard = `${ESC}]52;c;aGk=${BEL}`;
const recolour = '\u009b31m';
const overwrite = `\r${ESC}[2K✓ hostile is valid`;
const all = `${title}${clipboard}${recolour}${overwrite}`;

console.log(`top level ${all}`);

type State = { on: boolean };
const toggle = `toggle ${all}`;

export default defineObject<State>({
  // Control characters in a type are a warning (names.type.space), never an error.
  type: `hostile.term-escape${all}`, version: 1, emoji: '🖥️', label: `Escapes ${all}`, hint: `a hostile bundle ${all}`,
  initial: () => ({ on: false }),
  valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: { [toggle]: { permission: 'participant', run: (s) => ({ on: !s.on }) } },
  view: (s) => {
    console.log(`view ${all}`);
    return {
      title: `Escapes ${all}`,
      description: `on: ${s.on} ${all}`,
      controls: [{ id: `button ${all}`, label: `Toggle ${all}`, placement: 'action', action: { name: toggle, payload: {} } }],
    };
  },
  sounds: { [`ding ${all}`]: { kind: 'synth', duration: 0.1, voices: [{ wave: 'sine', start: 0, duration: 0.1, frequency: 440, gain: 0.1 }] } },
});
