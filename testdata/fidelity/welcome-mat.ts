/**
 * Welcome mat: a doormat that greets each arrival with a soft two-note chime and a smooth
 * bounce of its "WELCOME" lettering, drawn as 20 keyframes. It default-exports the definition
 * itself (the docs' default entry, src/definition.ts, does this) instead of a project.
 *
 * Capabilities: a single-definition default export, walkable, step feedback with audio and a
 * sprite animation at the stated maximum duration (2,000 ms).
 *
 * Open values: a sprite animation of 20 frames (the frame type is given, not a count).
 */
import { defineObject, exactKeys, record } from '@scape/sdk';

const welcomeMat = defineObject<Record<string, never>>({
  type: 'porch.welcome-mat',
  version: 1,
  emoji: '🧶',
  label: 'Welcome mat',
  hint: 'step on it to be welcomed',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  walkable: true,
  sounds: {
    welcome: {
      kind: 'synth',
      duration: 0.9,
      voices: [
        { wave: 'sine', start: 0, duration: 0.4, frequency: 659.25, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.15 }, { time: 0.4, value: 0 }] },
        { wave: 'sine', start: 0.3, duration: 0.55, frequency: 880, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.15 }, { time: 0.55, value: 0 }] },
      ],
    },
  },
  sprite: () => ({
    size: 64,
    layers: [
      { id: 'mat', shapes: [{ kind: 'rect', x: 2, y: 16, width: 60, height: 32, radius: 4, fill: '#a1887f' }] },
      { id: 'letters', shapes: [{ kind: 'text', x: 8, y: 36, text: 'WELCOME', size: 10, weight: 600, color: '#3e2723' }] },
    ],
  }),
  step: () => ({
    durationMs: 2000,
    audio: [{ kind: 'play', voice: 'greet', sound: 'welcome', delayMs: 0, gain: 0.8, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.5 }],
    animation: {
      layer: 'letters',
      frames: [
        { at: 0.0, offset: [0, 0], tint: [1.0, 1.0, 1] },
        { at: 0.0526, offset: [0, -0.658], tint: [1.082, 1.082, 1], curve: 'out-cubic' },
        { at: 0.1053, offset: [0, -1.299], tint: [1.162, 1.162, 1], curve: 'out-cubic' },
        { at: 0.1579, offset: [0, -1.904], tint: [1.238, 1.238, 1], curve: 'out-cubic' },
        { at: 0.2105, offset: [0, -2.457], tint: [1.307, 1.307, 1], curve: 'out-cubic' },
        { at: 0.2632, offset: [0, -2.943], tint: [1.368, 1.368, 1], curve: 'out-cubic' },
        { at: 0.3158, offset: [0, -3.349], tint: [1.419, 1.419, 1], curve: 'out-cubic' },
        { at: 0.3684, offset: [0, -3.663], tint: [1.458, 1.458, 1], curve: 'out-cubic' },
        { at: 0.4211, offset: [0, -3.878], tint: [1.485, 1.485, 1], curve: 'out-cubic' },
        { at: 0.4737, offset: [0, -3.986], tint: [1.498, 1.498, 1], curve: 'out-cubic' },
        { at: 0.5263, offset: [0, -3.986], tint: [1.498, 1.498, 1], curve: 'out-cubic' },
        { at: 0.5789, offset: [0, -3.878], tint: [1.485, 1.485, 1], curve: 'out-cubic' },
        { at: 0.6316, offset: [0, -3.663], tint: [1.458, 1.458, 1], curve: 'out-cubic' },
        { at: 0.6842, offset: [0, -3.349], tint: [1.419, 1.419, 1], curve: 'out-cubic' },
        { at: 0.7368, offset: [0, -2.943], tint: [1.368, 1.368, 1], curve: 'out-cubic' },
        { at: 0.7895, offset: [0, -2.457], tint: [1.307, 1.307, 1], curve: 'out-cubic' },
        { at: 0.8421, offset: [0, -1.904], tint: [1.238, 1.238, 1], curve: 'out-cubic' },
        { at: 0.8947, offset: [0, -1.299], tint: [1.162, 1.162, 1], curve: 'out-cubic' },
        { at: 0.9474, offset: [0, -0.658], tint: [1.082, 1.082, 1], curve: 'out-cubic' },
        { at: 1.0, offset: [0, 0], tint: [1.0, 1.0, 1], curve: 'out-cubic' },
      ],
    },
  }),
});

export default welcomeMat;
