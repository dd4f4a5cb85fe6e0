/**
 * Rain stick: a hollow cactus rain stick that pours a twelve-second shower of pebbles (the
 * stated maximum noise duration), looping. Several rain sticks start out of step with each
 * other by their position (loopPhase), and their combined loudness is normalized.
 *
 * Capabilities: a 12 s noise sound with layers, modulation and grains; a looping playlist
 * ambience with loopPhase at the stated bounds (±16), normalizeSources and duckGain.
 *
 * Open values: none beyond the stated bounds.
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const rainStick = defineObject<Record<string, never>>({
  type: 'music-room.rain-stick',
  version: 1,
  emoji: '🌧️',
  label: 'Rain stick',
  hint: 'a gentle, endless shower',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  sounds: {
    shower: {
      kind: 'noise',
      duration: 12,
      seed: 4294967295,
      layers: [{ frequency: 3000, gain: 0.2 }, { frequency: 8000, gain: 0.1 }, { frequency: 600, gain: 0.05 }],
      modulation: { base: 0.5, waves: [{ speed: 0.5, amount: 0.3 }, { speed: 2.1, amount: 0.1 }] },
      grains: { start: 0, end: 12, interval: [0.01, 0.08], duration: [0.002, 0.01], amplitude: [0.05, 0.4], bias: 3, smoothing: 0.5, attack: 0.0005, decay: 0.8 },
      fade: 1,
    },
  },
  ambience: {
    normalizeSources: true,
    loopPhase: [16, -16],
    sounds: [{ sound: 'shower', gain: 0.6, rate: 1, pan: 0, weight: 1 }],
    intervalSeconds: [1, 1],
    chance: 1,
    rangeCells: [1, 8],
    maxSources: 6,
    stereo: 0.7,
    loop: true,
    duckWhileSpeaking: true,
    duckGain: 0,
  },
});

export default defineProject({ objects: [rainStick] });
