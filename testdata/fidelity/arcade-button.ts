/**
 * Arcade button: a big pill-shaped red button drawn as a sprite. Press it: it flashes, squashes
 * and honks, and the press count goes up.
 *
 * Capabilities: a sprite with a pill-shaped rect, a placement 'action' control, react feedback
 * with burst, lighting, impulse and audio.
 *
 * Open values: a rect corner radius of 12 on a 16-pixel-tall rect (larger than half its
 * height, to get a full pill; canvas roundRect scales such radii down).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const arcadeButton = defineObject<{ presses: number }>({
  type: 'arcade.big-button',
  version: 1,
  emoji: '🔴',
  label: 'Big red button',
  hint: 'do not press it',
  initial: () => ({ presses: 0 }),
  valid: (s): s is { presses: number } => record(s) && exactKeys(s, ['presses']) && Number.isSafeInteger(s.presses) && Number(s.presses) >= 0,
  actions: {
    press: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { presses: s.presses + 1 };
      },
    },
  },
  view: (s) => ({
    title: 'Big red button',
    description: `Pressed ${s.presses} times.`,
    controls: [{ id: 'press', label: 'Press', placement: 'action', action: { name: 'press', payload: {} } }],
  }),
  sprite: () => ({
    size: 48,
    layers: [
      { id: 'base', shapes: [{ kind: 'rect', x: 4, y: 28, width: 40, height: 16, radius: 12, fill: '#424242' }] },
      { id: 'cap', shapes: [{ kind: 'rect', x: 8, y: 20, width: 32, height: 14, radius: 7, fill: { from: '#ff5252', to: '#b71c1c', y: [20, 34] } }] },
    ],
  }),
  sounds: { honk: { kind: 'synth', duration: 0.4, voices: [{ wave: 'square', start: 0, duration: 0.35, frequency: 330, gain: [{ time: 0, value: 0.1 }, { time: 0.35, value: 0 }], filter: { type: 'lowpass', frequency: 1500, q: 1 } }] } },
  react: () => ({
    feedback: {
      durationMs: 500,
      burst: { color: '#ff1744', radiusCells: 1, particles: 12, flash: '#ffffff' },
      lighting: { light: { radiusCells: 1.5, color: '#ff1744', intensity: 0.4, illumination: 0.3 } },
      impulse: { scale: 0.85, rotation: 0, durationMs: 200 },
      audio: [{ kind: 'play', voice: 'honk', sound: 'honk', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.5 }],
    },
  }),
});

export default defineProject({ objects: [arcadeButton] });
