/**
 * Spinning tops: two decorative tops for a toy shop window, one spinning clockwise and one
 * anticlockwise at the stated maximum speed (4 radians per second each way).
 *
 * Capabilities: two definitions in one project, spin at +4 and −4, no actions.
 *
 * Open values: none beyond the stated bounds (spin at both limits).
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

const still = () => ({});
const empty = (s: unknown): s is Record<string, never> => record(s) && exactKeys(s, []);

export const clockwiseTop = defineObject<Record<string, never>>({
  type: 'toyshop.top-clockwise',
  version: 1,
  emoji: '🪀',
  label: 'Spinning top',
  hint: 'spins clockwise',
  initial: still,
  valid: empty,
  actions: {},
  spin: 4,
});

export const anticlockwiseTop = defineObject<Record<string, never>>({
  type: 'toyshop.top-anticlockwise',
  version: 1,
  emoji: '🧿',
  label: 'Evil-eye top',
  hint: 'spins anticlockwise',
  initial: still,
  valid: empty,
  actions: {},
  spin: -4,
});

export default defineProject({ objects: [clockwiseTop, anticlockwiseTop] });
