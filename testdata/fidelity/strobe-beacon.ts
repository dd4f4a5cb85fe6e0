/**
 * Strobe beacon: a warning beacon for a construction site that flickers hard while switched on:
 * a fast band at 44 rad/s (about seven flashes a second) and a flare window at 44 rad/s.
 *
 * Capabilities: a toggle, lighting with motion bands and a flare, a glow pulsing fast.
 *
 * Open values: light motion band and flare speeds of 44 rad/s and a glow pulse speed of 44
 * rad/s (the docs give no speed range).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const strobeBeacon = defineObject<{ on: boolean }>({
  type: 'site.strobe-beacon',
  version: 1,
  emoji: '🚨',
  label: 'Strobe beacon',
  hint: 'a flashing warning light',
  initial: () => ({ on: true }),
  valid: (s): s is { on: boolean } => record(s) && exactKeys(s, ['on']) && typeof s.on === 'boolean',
  actions: {
    toggle: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { on: !s.on };
      },
    },
  },
  view: (s) => ({
    title: 'Strobe beacon',
    description: 'Flashing warns people away from the works.',
    controls: [{ id: 'toggle', icon: 'toggle', label: s.on ? 'Switch off' : 'Switch on', pressed: s.on, action: { name: 'toggle', payload: {} } }],
  }),
  lighting: (s) =>
    s.on
      ? {
          light: {
            radiusCells: 5,
            color: '#ff8800',
            intensity: 0.6,
            illumination: 0.5,
            motion: { phase: [0, 0], bias: 0, bands: [[44, 0.9, 0]], flare: [44, 0.5, 1, 0.8, 0] },
          },
          glow: { color: '#ff8800', size: 80, pulse: { speed: 44, amount: 0.5, phaseX: 0 }, opacity: { base: 0.5, amount: 0.5, speed: 44, phaseY: 0 } },
        }
      : {},
});

export default defineProject({ objects: [strobeBeacon] });
