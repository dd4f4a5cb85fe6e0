/**
 * Ocean waves: a stretch of shore whose surf rolls in a twelve-second loop (the stated maximum
 * noise duration) and carries far: the surf is heard from 4 to 64 cells away, as a real beach
 * is heard from the road.
 *
 * Capabilities: a 12 s noise sound with slow modulation, a looping playlist ambience with
 * loopPhase, normalizeSources, walkable sand.
 *
 * Open values: ambience rangeCells [4, 64] (the docs give rangeCells a type, not a range).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const oceanWaves = defineObject<Record<string, never>>({
  type: 'beach.ocean-waves',
  version: 1,
  emoji: '🌊',
  label: 'Ocean waves',
  hint: 'the sound of the sea',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  sounds: {
    surf: {
      kind: 'noise',
      duration: 12,
      seed: 31337,
      layers: [{ frequency: 300, gain: 0.5 }, { frequency: 1200, gain: 0.25 }, { frequency: 5000, gain: 0.08 }],
      modulation: { base: 0.5, waves: [{ speed: 0.5236, amount: 0.35 }, { speed: 1.7, amount: 0.1 }] },
      fade: 0.5,
    },
  },
  ambience: {
    normalizeSources: true,
    loopPhase: [0.5, -0.3],
    sounds: [{ sound: 'surf', gain: 0.8, rate: 1, pan: 0, weight: 1 }],
    intervalSeconds: [1, 1],
    chance: 1,
    rangeCells: [4, 64],
    maxSources: 8,
    stereo: 0.9,
    loop: true,
    duckWhileSpeaking: false,
  },
});

export default defineProject({ objects: [oceanWaves] });
