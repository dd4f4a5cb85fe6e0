/**
 * Music box: wind it up and it plays "Twinkle, Twinkle, Little Star" once: one 15-second synth
 * recipe, one triangle voice per note, with a little echo. The dancer on top spins while it
 * plays.
 *
 * Capabilities: a static synth sound, an audio timeline, spin.
 *
 * Open values: a 15 s synth duration (the docs bound noise sounds to 12 s, not synths), 30
 * voices in one synth.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoSoundVoice } from '@scape/sdk';

const C4 = 261.63, D4 = 293.66, E4 = 329.63, F4 = 349.23, G4 = 392.0, A4 = 440.0;
// Twinkle, twinkle: two phrases of seven notes, then the bridge, 30 notes in all.
const melody = [
  C4, C4, G4, G4, A4, A4, G4,
  F4, F4, E4, E4, D4, D4, C4,
  G4, G4, F4, F4, E4, E4, D4,
  G4, G4, F4, F4, E4, E4, D4,
  C4, C4,
];
const step = 0.5;

const voices: GizmoSoundVoice[] = melody.map((frequency, i) => ({
  wave: 'triangle',
  start: i * step,
  duration: 0.45,
  frequency,
  gain: [
    { time: 0, value: 0 },
    { time: 0.005, value: 0.12 },
    { time: 0.45, value: 0, curve: 'exponential' },
  ],
}));

interface BoxState {
  woundAt: number;
}

export const musicBox = defineObject<BoxState>({
  type: 'fidelity.music-box',
  version: 1,
  emoji: '🎁',
  label: 'Music box',
  hint: 'wind it up to hear the tune',
  initial: () => ({ woundAt: 0 }),
  valid: (s): s is BoxState => record(s) && exactKeys(s, ['woundAt']) && Number.isSafeInteger(s.woundAt) && Number(s.woundAt) >= 0,
  actions: {
    wind: {
      permission: 'participant',
      run: (_s, p, context) => {
        requirePayload(p, []);
        return { woundAt: context.now };
      },
    },
  },
  view: () => ({
    title: 'Music box',
    description: 'Plays once per winding.',
    controls: [{ id: 'wind', label: 'Wind up', placement: 'action', action: { name: 'wind', payload: {} } }],
  }),
  sounds: {
    twinkle: {
      kind: 'synth',
      duration: 15,
      voices,
      effects: [{ type: 'delay', time: 0.25, feedback: 0.3, mix: 0.2 }],
    },
  },
  audio: (s) => ({
    key: `wind-${s.woundAt}`,
    at: s.woundAt,
    commands: [
      { kind: 'play', voice: 'box', sound: 'twinkle', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.4 },
    ],
  }),
  spin: 0.8,
});

export default defineProject({ objects: [musicBox] });
