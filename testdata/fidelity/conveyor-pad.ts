/**
 * Conveyor pad: a walkable belt that carries players one way; walking against it is blocked,
 * stepping sideways is allowed. The editor sets the direction; the arrows slide when someone
 * rides it.
 *
 * Capabilities: walkable, push with blockOpposingInput, a direction select with trigger
 * 'change', a sprite, step feedback with a sprite animation (the maximum 2,000 ms).
 *
 * Open values: a sprite layer with no shapes (the "sparkle" overlay, drawn only while
 * switched on).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoPush } from '@scape/sdk';

const directions = ['right', 'down', 'left', 'up'] as const;
interface ConveyorState {
  direction: GizmoPush['direction'];
  sparkle: boolean;
}

export const conveyorPad = defineObject<ConveyorState>({
  type: 'factory.conveyor-pad',
  version: 1,
  emoji: '➡️',
  label: 'Conveyor pad',
  hint: 'ride it; you cannot walk against it',
  initial: () => ({ direction: 'right', sparkle: false }),
  valid: (s): s is ConveyorState =>
    record(s) && exactKeys(s, ['direction', 'sparkle']) && directions.some((d) => d === s.direction) && typeof s.sparkle === 'boolean',
  walkable: true,
  push: (s) => ({ direction: s.direction, blockOpposingInput: true }),
  actions: {
    direction: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['direction']);
        const direction = directions.find((d) => d === p.direction);
        if (!direction) throw new ObjectActionError(400, 'Choose a direction.');
        return { ...s, direction };
      },
    },
    sparkle: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, sparkle: !s.sparkle };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Conveyor pad',
    description: `Carries players ${s.direction}.`,
    fields: [{ id: 'direction', label: 'Direction', kind: 'select', value: s.direction, options: directions.map((d) => ({ value: d, label: d })) }],
    controls: [
      { id: 'direction', label: 'Set direction', fields: ['direction'], trigger: 'change', disabled: !viewer.canEdit, action: { name: 'direction', payload: {} } },
      { id: 'sparkle', icon: 'toggle', label: s.sparkle ? 'Sparkle off' : 'Sparkle on', pressed: s.sparkle, action: { name: 'sparkle', payload: {} } },
    ],
  }),
  sprite: (s) => ({
    size: 32,
    layers: [
      { id: 'belt', shapes: [{ kind: 'rect', x: 0, y: 4, width: 32, height: 24, radius: 3, fill: { from: '#555555', to: '#333333', y: [4, 28] } }] },
      {
        id: 'arrows',
        shapes: [
          { kind: 'text', x: 4, y: 22, text: '›', size: 16, weight: 600, color: '#ffcc00' },
          { kind: 'text', x: 14, y: 22, text: '›', size: 16, weight: 600, color: '#ffcc00' },
          { kind: 'text', x: 24, y: 22, text: '›', size: 16, weight: 600, color: '#ffcc00' },
        ],
      },
      { id: 'sparkle', shapes: s.sparkle ? [{ kind: 'rect', x: 2, y: 6, width: 4, height: 4, radius: 2, fill: '#ffffff' }] : [] },
    ],
  }),
  step: () => ({
    durationMs: 2000,
    animation: {
      layer: 'arrows',
      frames: [
        { at: 0, offset: [0, 0], tint: [1, 1, 1] },
        { at: 0.5, offset: [6, 0], tint: [1.4, 1.4, 1], curve: 'out-quadratic' },
        { at: 1, offset: [0, 0], tint: [1, 1, 1], curve: 'linear' },
      ],
    },
  }),
});

export default defineProject({ objects: [conveyorPad] });
