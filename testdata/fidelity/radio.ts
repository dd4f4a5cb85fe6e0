/**
 * Radio: a café radio that plays a short jingle now and then: one of four, chosen by weight,
 * with a 60% chance every 4–20 seconds, at most two radios heard at once.
 *
 * Capabilities: a non-looping playlist ambience with weighted choices, pan, rate, chance,
 * maxSources and speech ducking; four static synth jingles.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record, type GizmoSynth } from '@scape/sdk';

const jingle = (notes: number[], wave: 'sine' | 'triangle' | 'square'): GizmoSynth => ({
  kind: 'synth',
  duration: notes.length * 0.2 + 0.3,
  voices: notes.map((frequency, i) => ({
    wave,
    start: i * 0.2,
    duration: 0.28,
    frequency,
    gain: [{ time: 0, value: 0 }, { time: 0.01, value: wave === 'square' ? 0.05 : 0.15 }, { time: 0.28, value: 0 }],
  })),
});

export const radio = defineObject<Record<string, never>>({
  type: 'cafe.radio',
  version: 1,
  emoji: '🎙️',
  label: 'Radio',
  hint: 'plays a jingle now and then',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  sounds: {
    morning: jingle([523.25, 659.25, 783.99, 1046.5], 'triangle'),
    news: jingle([440, 440, 554.37, 659.25], 'square'),
    weather: jingle([392, 493.88, 587.33], 'sine'),
    traffic: jingle([349.23, 440, 523.25, 440, 349.23], 'triangle'),
  },
  ambience: {
    sounds: [
      { sound: 'morning', gain: 0.7, rate: 1, pan: 0, weight: 4 },
      { sound: 'news', gain: 0.6, rate: 1, pan: -0.2, weight: 2 },
      { sound: 'weather', gain: 0.7, rate: 1.05, pan: 0.2, weight: 1.5 },
      { sound: 'traffic', gain: 0.6, rate: 0.95, pan: 0, weight: 0.5 },
    ],
    intervalSeconds: [4, 20],
    chance: 0.6,
    rangeCells: [1, 8],
    maxSources: 2,
    stereo: 0.5,
    loop: false,
    duckWhileSpeaking: true,
    duckGain: 0.2,
  },
});

export default defineProject({ objects: [radio] });
