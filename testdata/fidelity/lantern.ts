/**
 * Lantern: a candle lantern whose light flickers. Switch it on or off.
 *
 * Capabilities: lighting with a light (innerColor, falloff, motion: bands, flare, radius) and a
 * glow with pulse and opacity.
 *
 * Open values: light and glow color "#fb3" (three-digit hex), a fast flicker band at 44 rad/s
 * and a flare at 40 rad/s (a candle gutters quickly), motion.phase coefficients of 5,000.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

interface LanternState {
  lit: boolean;
}

export const lantern = defineObject<LanternState>({
  type: 'camp.lantern',
  version: 1,
  emoji: '🕯️',
  label: 'Lantern',
  hint: 'a flickering candle lantern',
  initial: () => ({ lit: true }),
  valid: (s): s is LanternState => record(s) && exactKeys(s, ['lit']) && typeof s.lit === 'boolean',
  actions: {
    toggle: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { lit: !s.lit };
      },
    },
  },
  view: (s) => ({
    title: 'Lantern',
    description: '',
    controls: [{ id: 'toggle', icon: 'toggle', label: s.lit ? 'Blow out' : 'Light', pressed: s.lit, action: { name: 'toggle', payload: {} } }],
  }),
  lighting: (s) =>
    s.lit
      ? {
          light: {
            radiusCells: 3.5,
            color: '#fb3',
            innerColor: [1, 0.93, 0.75],
            intensity: 0.18,
            basementIntensity: 0.3,
            illumination: 0.75,
            falloff: { start: 0.1, edge: 0.9, power: 1.6 },
            motion: {
              phase: [5000, 5000],
              bias: 0,
              bands: [
                [44, 0.12, 0],
                [9, 0.2, 1.3],
                [2.5, 0.15, 4.1],
              ],
              flare: [40, 0.7, 0.95, 0.25, 0.5],
              radius: [1, 0.08],
            },
          },
          glow: {
            color: '#fb3',
            size: 48,
            pulse: { speed: 7, amount: 0.08, phaseX: 0.01 },
            opacity: { base: 0.35, amount: 0.15, speed: 11, phaseY: 0.02 },
          },
        }
      : {},
});

export default defineProject({ objects: [lantern] });
