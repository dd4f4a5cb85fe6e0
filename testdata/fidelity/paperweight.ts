/**
 * Paperweight: the smallest useful Gizmo, as in the blank template: a type, a version, an
 * emoji, a label, a hint, empty state and no actions, view or effects.
 *
 * Capabilities: the required fields only.
 *
 * Open values: none.
 */
import { defineObject, defineProject, exactKeys, record } from '@scape/sdk';

export const paperweight = defineObject<Record<string, never>>({
  type: 'desk.paperweight',
  version: 1,
  emoji: '🪨',
  label: 'Paperweight',
  hint: 'keeps papers in place',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
});

export default defineProject({ objects: [paperweight] });
