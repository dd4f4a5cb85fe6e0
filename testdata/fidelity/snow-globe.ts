/**
 * Snow globe: shake it and a flurry of eighty snowflakes swirls around it, with a twinkle.
 *
 * Capabilities: a tap interaction, react feedback with a burst of emoji particles, lighting and
 * audio, a sprite.
 *
 * Open values: 80 particles in one burst (the burst type says "particles: number" and the docs
 * call the burst "bounded" without numbers).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const snowGlobe = defineObject<{ shakes: number }>({
  type: 'gift-shop.snow-globe',
  version: 1,
  emoji: '☃️',
  label: 'Snow globe',
  hint: 'shake it',
  initial: () => ({ shakes: 0 }),
  valid: (s): s is { shakes: number } => record(s) && exactKeys(s, ['shakes']) && Number.isSafeInteger(s.shakes) && Number(s.shakes) >= 0,
  actions: {
    shake: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { shakes: s.shakes + 1 };
      },
    },
  },
  interaction: { tap: { name: 'shake', payload: {} } },
  sprite: () => ({
    size: 40,
    layers: [
      { id: 'base', shapes: [{ kind: 'rect', x: 8, y: 30, width: 24, height: 8, radius: 2, fill: '#5d4037' }] },
      { id: 'glass', shapes: [{ kind: 'rect', x: 6, y: 4, width: 28, height: 28, radius: 14, fill: { from: '#e1f5fe', to: '#81d4fa', y: [4, 32] } }] },
      { id: 'scene', shapes: [{ kind: 'text', x: 13, y: 24, text: '⛄', size: 14, weight: 400, color: '#ffffff' }] },
    ],
  }),
  sounds: {
    twinkle: { kind: 'synth', duration: 1, voices: [2093, 2637, 3136].map((frequency, i) => ({ wave: 'sine' as const, start: i * 0.12, duration: 0.6, frequency, gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.05 }, { time: 0.6, value: 0 }] })) },
  },
  react: () => ({
    feedback: {
      durationMs: 1800,
      burst: { color: '#ffffff', radiusCells: 2, particles: 80, particleEmojis: ['❄️'] },
      lighting: { glow: { color: '#e1f5fe', size: 50, pulse: { speed: 2, amount: 0.1, phaseX: 0 }, opacity: { base: 0.4, amount: 0.2, speed: 2, phaseY: 0 } } },
      audio: [{ kind: 'play', voice: 'sparkle', sound: 'twinkle', delayMs: 100, gain: 0.8, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.6 }],
    },
  }),
});

export default defineProject({ objects: [snowGlobe] });
