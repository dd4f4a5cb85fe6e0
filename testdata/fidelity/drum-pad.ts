/**
 * Drum pad: three drums in one object. Press a drum to play it for everyone nearby; stepping on
 * the pad plays the kick.
 *
 * Capabilities: walkable, step feedback with audio, react feedback choosing a sound from the
 * accepted action's payload, synth sounds with noise voices (noiseRate, noiseDuration, filter).
 *
 * Open values: sound names with spaces, "kick drum" and "hi hat".
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const DRUMS = ['kick drum', 'snare', 'hi hat'] as const;
type Drum = (typeof DRUMS)[number];
interface PadState {
  last: Drum;
  hits: number;
}

export const drumPad = defineObject<PadState>({
  type: 'band.drum-pad',
  version: 1,
  emoji: '🥁',
  label: 'Drum pad',
  hint: 'hit a drum or step on the kick',
  initial: () => ({ last: 'kick drum', hits: 0 }),
  valid: (s): s is PadState =>
    record(s) && exactKeys(s, ['last', 'hits']) && DRUMS.some((d) => d === s.last) && Number.isSafeInteger(s.hits) && Number(s.hits) >= 0,
  walkable: true,
  actions: {
    hit: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['drum']);
        const drum = DRUMS.find((d) => d === p.drum);
        if (!drum) throw new ObjectActionError(400, 'Choose a drum.');
        return { last: drum, hits: s.hits + 1 };
      },
    },
  },
  sounds: {
    'kick drum': {
      kind: 'synth',
      duration: 0.45,
      voices: [
        { wave: 'sine', start: 0, duration: 0.4, frequency: [{ time: 0, value: 150 }, { time: 0.12, value: 50, curve: 'exponential' }], gain: [{ time: 0, value: 0.8 }, { time: 0.4, value: 0, curve: 'exponential' }] },
      ],
    },
    snare: {
      kind: 'synth',
      duration: 0.3,
      voices: [
        { wave: 'triangle', start: 0, duration: 0.1, frequency: 180, gain: [{ time: 0, value: 0.3 }, { time: 0.1, value: 0 }] },
        { wave: 'noise', start: 0, duration: 0.25, noiseDuration: 0.25, gain: [{ time: 0, value: 0.35 }, { time: 0.25, value: 0 }], filter: { type: 'highpass', frequency: 1200, q: 0.7 } },
      ],
    },
    'hi hat': {
      kind: 'synth',
      duration: 0.12,
      voices: [
        { wave: 'noise', start: 0, duration: 0.1, noiseRate: 24000, gain: [{ time: 0, value: 0.2 }, { time: 0.1, value: 0 }], filter: { type: 'bandpass', frequency: 9000, q: 1.5 } },
      ],
    },
  },
  view: (s) => ({
    title: 'Drum pad',
    description: `${s.hits} hits`,
    controls: DRUMS.map((drum) => ({ id: drum.replace(' ', '-'), label: drum, action: { name: 'hit', payload: { drum } } })),
  }),
  react: (s) => ({
    feedback: {
      durationMs: 500,
      audio: [{ kind: 'play', voice: 'drum', sound: s.last, delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.6 }],
    },
  }),
  step: () => ({
    durationMs: 450,
    audio: [{ kind: 'play', voice: 'kick', sound: 'kick drum', delayMs: 0, gain: 0.9, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.6 }],
  }),
});

export default defineProject({ objects: [drumPad] });
