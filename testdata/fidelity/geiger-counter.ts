/**
 * Geiger counter: a science-museum prop that crackles with random clicks, some only three
 * milliseconds apart, as a real counter near a source does. The clicks are noise grains.
 *
 * Capabilities: a noise sound whose grains make the clicks, a looping playlist ambience, a
 * sprite gauge.
 *
 * Open values: grains as little as 3 ms apart (grains.interval [0.003, 0.3]; the docs describe
 * the interval as "minimum/maximum seconds between burst starts" and give no range), and
 * clicks 0.5–1 ms long (grains.duration [0.0005, 0.001]).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const geigerCounter = defineObject<Record<string, never>>({
  type: 'museum.geiger-counter',
  version: 1,
  emoji: '☢️',
  label: 'Geiger counter',
  hint: 'it clicks near the uranium glass',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  sounds: {
    clicks: {
      kind: 'noise',
      duration: 5,
      seed: 238,
      layers: [{ frequency: 100, gain: 0 }],
      modulation: { base: 0, waves: [] },
      grains: { start: 0, end: 5, interval: [0.003, 0.3], duration: [0.0005, 0.001], amplitude: [0.4, 0.9], bias: 1, smoothing: 0.05, attack: 0, decay: 1 },
      fade: 0.01,
    },
  },
  ambience: {
    sounds: [{ sound: 'clicks', gain: 0.8, rate: 1, pan: 0, weight: 1 }],
    intervalSeconds: [1, 1],
    chance: 1,
    rangeCells: [1, 5],
    maxSources: 2,
    stereo: 0.4,
    loop: true,
    duckWhileSpeaking: true,
  },
  sprite: () => ({
    size: 32,
    layers: [
      { id: 'case', shapes: [{ kind: 'rect', x: 2, y: 6, width: 28, height: 20, radius: 3, fill: '#ffd600' }] },
      { id: 'dial', shapes: [{ kind: 'rect', x: 6, y: 10, width: 20, height: 8, radius: 2, fill: '#fafafa' }, { kind: 'rect', x: 15, y: 11, width: 2, height: 6, radius: 1, fill: '#d50000' }] },
    ],
  }),
});

export default defineProject({ objects: [geigerCounter] });
