/**
 * Neon sign: a café's "OPEN" sign. The tube glows in a slowly cycling hue with a wide halo and
 * lights the pavement pink; the editor switches it on and off, and the words float above it.
 *
 * Capabilities: worldText with an emoji, a glow with hue cycling, a light color given as sRGB
 * components, an editor toggle.
 *
 * Open values: a 300-pixel glow halo (the glow type says "size: number"; no range is stated).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const neonSign = defineObject<{ open: boolean }>({
  type: 'cafe.neon-sign',
  version: 1,
  emoji: '☕',
  label: 'Neon sign',
  hint: 'tells passers-by the café is open',
  initial: () => ({ open: true }),
  valid: (s): s is { open: boolean } => record(s) && exactKeys(s, ['open']) && typeof s.open === 'boolean',
  actions: {
    toggle: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, []);
        return { open: !s.open };
      },
    },
  },
  view: (s, viewer) => ({
    title: s.open ? 'Open' : 'Closed',
    description: 'The café sign.',
    controls: [{ id: 'toggle', label: s.open ? 'Switch off' : 'Switch on', pressed: s.open, disabled: !viewer.canEdit, action: { name: 'toggle', payload: {} } }],
  }),
  worldText: (s) => (s.open ? 'OPEN ☕' : 'CLOSED'),
  lighting: (s) =>
    s.open
      ? {
          light: { radiusCells: 2.5, color: [1, 0.2, 0.6], intensity: 0.25, illumination: 0.4 },
          glow: {
            color: '#ff3399',
            size: 300,
            pulse: { speed: 0, amount: 0, phaseX: 0 },
            opacity: { base: 0.5, amount: 0.1, speed: 5, phaseY: 0 },
            hue: { speed: 0.3, phaseY: 0.01, saturation: 0.9, lightness: 0.6 },
          },
        }
      : {},
});

export default defineProject({ objects: [neonSign] });
