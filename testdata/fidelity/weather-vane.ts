/**
 * Weather vane: a rooftop cockerel (an embedded GLB model) that swings to face the wind. Tap it
 * to let a gust turn it to a new random bearing; it swings through the turn with an overshoot.
 *
 * Capabilities: presentation with a model and tap, animate with frames interpolated by
 * slerpQuaternion between rotations made by axisQuaternion, randomness from the context.
 *
 * Open values: frame rotations whose x and z components are -0, as axisQuaternion([0, 1, 0],
 * -angle) returns them (0 * -sin(angle/2) is -0 in JavaScript).
 */
import {
  axisQuaternion,
  defineObject,
  defineProject,
  exactKeys,
  record,
  requirePayload,
  slerpQuaternion,
  type GizmoFrame,
} from '@scape/sdk';
import vane from './vane.glb';

interface VaneState {
  bearing: number;
  previous: number;
  changedAt: number;
}

const yaw = (degrees: number) => axisQuaternion([0, 1, 0], (-degrees * Math.PI) / 180);

export const weatherVane = defineObject<VaneState>({
  type: 'rooftop.weather-vane',
  version: 1,
  emoji: '🐓',
  label: 'Weather vane',
  hint: 'tap to let the wind turn it',
  initial: () => ({ bearing: 135, previous: 0, changedAt: 0 }),
  valid: (s): s is VaneState =>
    record(s) &&
    exactKeys(s, ['bearing', 'previous', 'changedAt']) &&
    [s.bearing, s.previous].every((b) => Number.isInteger(b) && Number(b) >= 0 && Number(b) < 360) &&
    Number.isSafeInteger(s.changedAt) &&
    Number(s.changedAt) >= 0,
  actions: {
    gust: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { bearing: context.randomInt(0, 359), previous: s.bearing, changedAt: context.now };
      },
    },
  },
  presentation: {
    model: vane,
    textureSize: 256,
    nominalSize: 1,
    fitSize: 0.9,
    rest: [0, 0, 0, 1],
    materials: {},
    lighting: {
      sky: '#dfefff',
      ground: '#404040',
      ambient: 0.7,
      key: 1,
      fill: 0.5,
      exposure: 1,
      keyColor: '#ffffff',
      fillColor: '#b0c8ff',
      keyPosition: [3, 5, 2],
      fillPosition: [-2, 2, -3],
    },
    shadow: { color: '#000000', xFactor: 0.1, z: -0.4 },
    tap: { name: 'gust', payload: {} },
  },
  animate: (s) => {
    const from = yaw(s.previous);
    const to = yaw(s.bearing);
    const frames: GizmoFrame[] = [];
    for (let i = 0; i <= 10; i++) {
      const t = i / 10;
      const eased = 1 - Math.pow(1 - t, 3) + Math.sin(t * Math.PI) * 0.08;
      frames.push({ rotation: slerpQuaternion(from, to, Math.min(eased, 1)), x: 0, lift: 0, shadow: [1, 1, 1] });
    }
    frames[frames.length - 1] = { rotation: to, x: 0, lift: 0, shadow: [1, 1, 1] };
    return { key: `gust-${s.changedAt}`, at: s.changedAt, durationMs: 1400, frames };
  },
});

export default defineProject({ objects: [weatherVane] });
