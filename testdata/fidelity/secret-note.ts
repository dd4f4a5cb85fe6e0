/**
 * Secret note: a burn-after-reading note. Reading it shows the secret to the reader, then it
 * burns away: the reaction asks the host to remove it (an area of radius 0, the source cell
 * alone), which needs the right to remove it.
 *
 * Capabilities: areaRemoval at 0 (the stated minimum), react with removeArea, permission
 * 'remover', a view shown only to editors, feedback with burst and lighting.
 *
 * Open values: none beyond the stated bounds.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const secretNote = defineObject<{ read: boolean }>({
  type: 'spy.secret-note',
  version: 1,
  emoji: '✉️',
  label: 'Secret note',
  hint: 'burns after reading',
  initial: () => ({ read: false }),
  valid: (s): s is { read: boolean } => record(s) && exactKeys(s, ['read']) && typeof s.read === 'boolean',
  areaRemoval: { radiusCells: 0 },
  actions: {
    burn: {
      permission: 'remover',
      run: (_s, p) => {
        requirePayload(p, []);
        return { read: true };
      },
    },
  },
  view: (_s, viewer) => ({
    title: 'Secret note',
    description: viewer.canEdit ? 'The eagle lands at midnight.' : 'Sealed.',
    controls: [{ id: 'burn', label: 'Burn it', confirm: 'Burn the note? It cannot be read again.', action: { name: 'burn', payload: {} } }],
  }),
  react: () => ({
    removeArea: { radiusCells: 0 },
    feedback: {
      durationMs: 800,
      burst: { color: '#ff6d00', radiusCells: 0.5, particles: 20 },
      lighting: { light: { radiusCells: 1, color: '#ff6d00', intensity: 0.4, illumination: 0.5 } },
    },
  }),
});

export default defineProject({ objects: [secretNote] });
