/**
 * Drawbridge: a castle drawbridge (an embedded GLB) that is lowered and raised by a winch. The
 * bridge swings slowly through 90 degrees over twelve seconds, as a heavy drawbridge does.
 *
 * Capabilities: presentation with a model, animate with a long timeline whose rotations come
 * from axisQuaternion about +x with positive angles, a toggle.
 *
 * Open values: a 12,000 ms animation timeline (the timeline type says "durationMs: number").
 */
import { axisQuaternion, defineObject, defineProject, exactKeys, record, requirePayload, type GizmoFrame } from '@scape/sdk';
import bridge from './bridge.glb';

interface BridgeState {
  down: boolean;
  movedAt: number;
}

export const drawbridge = defineObject<BridgeState>({
  type: 'castle.drawbridge',
  version: 1,
  emoji: '🏰',
  label: 'Drawbridge',
  hint: 'lower or raise the bridge',
  initial: () => ({ down: true, movedAt: 0 }),
  valid: (s): s is BridgeState => record(s) && exactKeys(s, ['down', 'movedAt']) && typeof s.down === 'boolean' && Number.isSafeInteger(s.movedAt) && Number(s.movedAt) >= 0,
  actions: {
    winch: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { down: !s.down, movedAt: context.now };
      },
    },
  },
  presentation: {
    model: bridge,
    textureSize: 256,
    nominalSize: 2,
    fitSize: 1,
    rest: [0, 0, 0, 1],
    materials: { planks: '#8d6e63', chains: '#9e9e9e' },
    lighting: {
      sky: '#e3f2fd', ground: '#3e2723', ambient: 0.6, key: 1, fill: 0.4, exposure: 1,
      keyColor: '#ffffff', fillColor: '#bbdefb', keyPosition: [2, 5, 2], fillPosition: [-2, 2, -2],
    },
    shadow: { color: '#000000', xFactor: 0.3, z: -0.5 },
    tap: { name: 'winch', payload: {} },
  },
  animate: (s) => {
    const frames: GizmoFrame[] = [];
    for (let i = 0; i <= 12; i++) {
      const t = i / 12;
      const lowered = s.down ? t : 1 - t;
      frames.push({ rotation: axisQuaternion([1, 0, 0], (1 - lowered) * (Math.PI / 2)), x: 0, lift: 0, shadow: [1, 0.5 + 0.5 * lowered, 1] });
    }
    return { key: `winch-${s.movedAt}`, at: s.movedAt, durationMs: 12000, frames };
  },
});

export default defineProject({ objects: [drawbridge] });
