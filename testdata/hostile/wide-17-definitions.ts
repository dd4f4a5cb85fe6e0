// attack: a project of 17 definitions (the docs allow 16): defineProject itself throws at the top level
// expect: build=thrown|rule test=thrown host=thrown|rule
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

type State = { on: boolean };

const make = (i: number) =>
  defineObject<State>({
    type: 'hostile.wide-' + i, version: 1, emoji: String.fromCodePoint(0x1f330 + i), label: 'Wide ' + i, hint: 'a hostile bundle',
    initial: () => ({ on: false }),
    valid: (s): s is State => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
    actions: {},
    view: () => ({ title: 'Wide ' + i, description: 'x'.repeat(1000), controls: [] }),
  });

export default defineProject({ objects: Array.from({ length: 17 }, (_, i) => make(i)) });
