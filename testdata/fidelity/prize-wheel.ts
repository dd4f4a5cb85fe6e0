/**
 * Prize wheel: a 3D wheel of fortune (an embedded GLB). Tap it to spin; it turns three times
 * and stops on a random prize, which pops up as a small gold label a third of a cell tall.
 *
 * Capabilities: presentation (model, materials, lighting, shadow, tap, label with frames),
 * animate with quaternions from axisQuaternion and multiplyQuaternion, number on the
 * timeline, randomInt.
 *
 * Open values: a fractional label height of 0.3 (the label type says "height: number").
 */
import { axisQuaternion, defineObject, defineProject, exactKeys, multiplyQuaternion, record, requirePayload, type GizmoFrame } from '@scape/sdk';
import wheel from './wheel.glb';

interface WheelState {
  prize: number;
  spins: number;
  spunAt: number;
}
const SLICES = 8;
const tilt = axisQuaternion([1, 0, 0], 0.3);

export const prizeWheel = defineObject<WheelState>({
  type: 'fair.prize-wheel',
  version: 1,
  emoji: '🎡',
  label: 'Prize wheel',
  hint: 'tap to spin for a prize',
  initial: () => ({ prize: 1, spins: 0, spunAt: 0 }),
  valid: (s): s is WheelState =>
    record(s) && exactKeys(s, ['prize', 'spins', 'spunAt']) && Number.isInteger(s.prize) && Number(s.prize) >= 1 && Number(s.prize) <= SLICES &&
    Number.isSafeInteger(s.spins) && Number(s.spins) >= 0 && Number.isSafeInteger(s.spunAt) && Number(s.spunAt) >= 0,
  actions: {
    spin: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { prize: context.randomInt(1, SLICES), spins: s.spins + 1, spunAt: context.now };
      },
    },
  },
  presentation: {
    model: wheel,
    textureSize: 512,
    nominalSize: 1.2,
    fitSize: 1,
    rest: tilt,
    materials: { rim: '#c0a060', spokes: '#ffffff' },
    lighting: {
      sky: '#ffffff', ground: '#303030', ambient: 0.5, key: 1.4, fill: 0.3, exposure: 1.1,
      keyColor: '#fff0d0', fillColor: '#c0d0ff', keyPosition: [1, 3, 4], fillPosition: [-2, 1, 2],
    },
    shadow: { color: '#000000', xFactor: 0, z: -0.6 },
    tap: { name: 'spin', payload: {} },
    label: {
      colors: ['#ffd700', '#ffffff'],
      durationMs: 1500,
      riseMs: 250,
      fadeMs: 400,
      offsetY: 0.8,
      height: 0.3,
      frames: [
        { scaleX: 0.5, scaleY: 0.5, rotation: 0, y: 0, opacity: 0 },
        { scaleX: 1.2, scaleY: 1.2, rotation: 0.1, y: 0.1, opacity: 1 },
        { scaleX: 1, scaleY: 1, rotation: 0, y: 0.2, opacity: 1 },
      ],
    },
  },
  animate: (s) => {
    const frames: GizmoFrame[] = [];
    const final = ((s.prize - 0.5) / SLICES) * 2 * Math.PI;
    for (let i = 0; i <= 12; i++) {
      const t = i / 12;
      const turn = (1 - Math.pow(1 - t, 3)) * (6 * Math.PI + final);
      frames.push({ rotation: multiplyQuaternion(tilt, axisQuaternion([0, 0, 1], turn)), x: 0, lift: 0, shadow: [1, 1, 1] });
    }
    return { key: `spin-${s.spins}`, at: s.spunAt, durationMs: 3000, frames, number: s.prize };
  },
});

export default defineProject({ objects: [prizeWheel] });
