/**
 * Xylophone: a five-octave xylophone, C3 to C8 (36 bars, white notes only). Choose a bar and
 * strike it; everyone nearby hears it.
 *
 * Capabilities: static sounds, one per bar; a select of 36 options with an ordinary Strike
 * button; react feedback that plays the chosen bar.
 *
 * Open values: 36 static sounds (the docs bound a sound bank to 16 sounds; static sounds have
 * no stated count).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoSynth } from '@scape/sdk';

const bar = (frequency: number): GizmoSynth => ({
  kind: 'synth',
  duration: 0.9,
  voices: [
    { wave: 'sine', start: 0, duration: 0.85, frequency, gain: [{ time: 0, value: 0 }, { time: 0.002, value: 0.25 }, { time: 0.85, value: 0, curve: 'exponential' }] },
    { wave: 'sine', start: 0, duration: 0.2, frequency: frequency * 3.93, gain: [{ time: 0, value: 0.06 }, { time: 0.2, value: 0 }] },
  ],
});

const BARS: Record<string, GizmoSynth> = {
  C3: bar(130.81),
  D3: bar(146.83),
  E3: bar(164.81),
  F3: bar(174.61),
  G3: bar(196.0),
  A3: bar(220.0),
  B3: bar(246.94),
  C4: bar(261.63),
  D4: bar(293.66),
  E4: bar(329.63),
  F4: bar(349.23),
  G4: bar(392.0),
  A4: bar(440.0),
  B4: bar(493.88),
  C5: bar(523.25),
  D5: bar(587.33),
  E5: bar(659.26),
  F5: bar(698.46),
  G5: bar(783.99),
  A5: bar(880.0),
  B5: bar(987.77),
  C6: bar(1046.5),
  D6: bar(1174.66),
  E6: bar(1318.51),
  F6: bar(1396.91),
  G6: bar(1567.98),
  A6: bar(1760.0),
  B6: bar(1975.53),
  C7: bar(2093.0),
  D7: bar(2349.32),
  E7: bar(2637.02),
  F7: bar(2793.83),
  G7: bar(3135.96),
  A7: bar(3520.0),
  B7: bar(3951.07),
  C8: bar(4186.01),
};
const NAMES = Object.keys(BARS);

interface XylophoneState {
  bar: string;
}

export const xylophone = defineObject<XylophoneState>({
  type: 'band.xylophone',
  version: 1,
  emoji: '🪘',
  label: 'Xylophone',
  hint: 'choose a bar and strike it',
  initial: () => ({ bar: 'C4' }),
  valid: (s): s is XylophoneState => record(s) && exactKeys(s, ['bar']) && typeof s.bar === 'string' && NAMES.includes(s.bar),
  actions: {
    strike: {
      permission: 'participant',
      run: (_s, p) => {
        requirePayload(p, ['bar']);
        if (typeof p.bar !== 'string' || !NAMES.includes(p.bar)) throw new ObjectActionError(400, 'Choose a bar.');
        return { bar: p.bar };
      },
    },
  },
  sounds: BARS,
  view: (s) => ({
    title: 'Xylophone',
    description: `Last bar: ${s.bar}`,
    fields: [{ id: 'bar', label: 'Bar', kind: 'select', value: s.bar, options: NAMES.map((n) => ({ value: n, label: n })) }],
    controls: [{ id: 'strike', label: 'Strike', fields: ['bar'], action: { name: 'strike', payload: {} } }],
  }),
  react: (s) => ({
    feedback: {
      durationMs: 900,
      audio: [{ kind: 'play', voice: 'mallet', sound: s.bar, delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 12], stereo: 0.6 }],
    },
  }),
});

export default defineProject({ objects: [xylophone] });
