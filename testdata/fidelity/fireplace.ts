/**
 * Fireplace: a hearth that crackles continuously and throws a warm flickering light. The
 * crackle is filtered noise with sparse grains, played as a looping ambience.
 *
 * Capabilities: a noise sound (layers, modulation, grains), a playlist ambience, a fixed light
 * with motion.
 *
 * Open values: a looping ambience with intervalSeconds [0, 0] (a loop has no gap to wait
 * for), light color "#f72" (three-digit hex).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const fireplace = defineObject<Record<string, never>>({
  type: 'cabin.fireplace',
  version: 1,
  emoji: '🪵',
  label: 'Fireplace',
  hint: 'a warm, crackling hearth',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  sounds: {
    crackle: {
      kind: 'noise',
      duration: 6,
      seed: 1234567,
      layers: [
        { frequency: 400, gain: 0.35 },
        { frequency: 2500, gain: 0.12 },
      ],
      modulation: { base: 0.6, waves: [{ speed: 1.3, amount: 0.2 }, { speed: 0.4, amount: 0.15 }] },
      grains: {
        start: 0,
        end: 6,
        interval: [0.05, 0.4],
        duration: [0.004, 0.03],
        amplitude: [0.2, 0.9],
        bias: 2,
        smoothing: 0.3,
        attack: 0.001,
        decay: 0.6,
      },
      fade: 0.3,
    },
  },
  ambience: {
    sounds: [{ sound: 'crackle', gain: 0.7, rate: 1, pan: 0, weight: 1 }],
    intervalSeconds: [0, 0],
    chance: 1,
    rangeCells: [1, 10],
    maxSources: 3,
    stereo: 0.6,
    loop: true,
    duckWhileSpeaking: true,
    duckGain: 0.4,
  },
  light: {
    radiusCells: 4,
    color: '#f72',
    intensity: 0.2,
    basementIntensity: 0.35,
    illumination: 0.8,
    motion: { phase: [0.3, 0.7], bias: 0, bands: [[6, 0.15, 0], [2, 0.1, 2]] },
  },
});

export default defineProject({ objects: [fireplace] });
