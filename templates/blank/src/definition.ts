/** A blank Gizmo: rename its type to your own namespace, pick a unique emoji, then add state and actions. */
import { defineObject, exactKeys, record } from '@scape/sdk';

/** No state yet: an empty object that must stay empty. Add fields here and check each in `valid`. */
export type BlankState = Record<string, never>;

export const gizmo = defineObject<BlankState>({
  // A namespaced identifier you own; the `scape.` namespace is reserved.
  type: 'my-namespace.gizmo',
  version: 1,
  emoji: '🧩',
  label: 'My Gizmo',
  hint: 'a blank Gizmo to build on',
  initial: () => ({}),
  valid: (state): state is BlankState => record(state) && exactKeys(state, []),
  actions: {},
  view: () => ({
    title: 'My Gizmo',
    description: 'Change this description in src/definition.ts and save.',
    controls: [],
  }),
});

export default gizmo;
