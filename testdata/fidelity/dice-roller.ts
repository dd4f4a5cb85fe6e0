/**
 * Dice roller: a 3D die (an embedded GLB). Tap it to roll: it tumbles, lands on a random face,
 * and the result floats up as a small label.
 *
 * Capabilities: presentation (model, materials, lighting, shadow, tap, label), animate with
 * quaternions built by the SDK's helpers, randomness from the action context, a view.
 *
 * Open values: quaternions from axisQuaternion with negative angles, whose zero components
 * are -0 (axisQuaternion([0, 0, 1], -0.35) is [-0, -0, -0.174, 0.985]); presentation colors
 * "#fff", "#444", "#222" (three-digit hex); a fractional label height of 0.3.
 */
import {
  axisQuaternion,
  defineObject,
  defineProject,
  exactKeys,
  multiplyQuaternion,
  record,
  requirePayload,
  type GizmoFrame,
} from '@scape/sdk';
import die from './die.glb';

interface DieState {
  value: number;
  rolls: number;
  rolledAt: number;
}

const faces: Record<number, [number[], number]> = {
  1: [[1, 0, 0], 0],
  2: [[1, 0, 0], -Math.PI / 2],
  3: [[0, 0, 1], -Math.PI / 2],
  4: [[0, 0, 1], Math.PI / 2],
  5: [[1, 0, 0], Math.PI / 2],
  6: [[1, 0, 0], Math.PI],
};

function tumble(value: number): GizmoFrame[] {
  const [axis, angle] = faces[value];
  const frames: GizmoFrame[] = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const spin = axisQuaternion([0, 1, 0], -(1 - t) * 4 * Math.PI);
    frames.push({
      rotation: multiplyQuaternion(spin, axisQuaternion(axis, angle * t)),
      x: 0,
      lift: Math.sin(t * Math.PI) * 0.6,
      shadow: [1 - 0.4 * Math.sin(t * Math.PI), 1, 1],
    });
  }
  return frames;
}

export const diceRoller = defineObject<DieState>({
  type: 'games.dice-roller',
  version: 1,
  emoji: '🧊',
  label: 'Dice roller',
  hint: 'tap to roll',
  initial: () => ({ value: 1, rolls: 0, rolledAt: 0 }),
  valid: (s): s is DieState =>
    record(s) &&
    exactKeys(s, ['value', 'rolls', 'rolledAt']) &&
    Number.isInteger(s.value) &&
    Number(s.value) >= 1 &&
    Number(s.value) <= 6 &&
    Number.isSafeInteger(s.rolls) &&
    Number(s.rolls) >= 0 &&
    Number.isSafeInteger(s.rolledAt) &&
    Number(s.rolledAt) >= 0,
  actions: {
    roll: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { value: context.randomInt(1, 6), rolls: s.rolls + 1, rolledAt: context.now };
      },
    },
  },
  presentation: {
    model: die,
    textureSize: 256,
    nominalSize: 1,
    fitSize: 0.8,
    rest: axisQuaternion([0, 0, 1], -0.35),
    materials: { body: '#fff', pips: '#222' },
    lighting: {
      sky: '#fff',
      ground: '#444',
      ambient: 0.6,
      key: 1.2,
      fill: 0.4,
      exposure: 1,
      keyColor: '#fff4e0',
      fillColor: '#a0c0ff',
      keyPosition: [2, 4, 3],
      fillPosition: [-3, 2, -1],
    },
    shadow: { color: '#000', xFactor: 0.2, z: -0.5 },
    tap: { name: 'roll', payload: {} },
    label: {
      colors: ['#fff', '#fd4'],
      durationMs: 1200,
      riseMs: 200,
      fadeMs: 300,
      offsetY: 0.6,
      height: 0.3,
      frames: [
        { scaleX: 0.6, scaleY: 0.6, rotation: 0, y: 0, opacity: 0 },
        { scaleX: 1, scaleY: 1, rotation: 0, y: 0.2, opacity: 1 },
        { scaleX: 1, scaleY: 1, rotation: 0, y: 0.3, opacity: 0 },
      ],
    },
  },
  animate: (s) => ({ key: `roll-${s.rolls}`, at: s.rolledAt, durationMs: 900, frames: tumble(s.value), number: s.value }),
  view: (s) => ({
    title: `Rolled ${s.value}`,
    description: `${s.rolls} rolls so far.`,
    controls: [{ id: 'roll', label: 'Roll', placement: 'action', action: { name: 'roll', payload: {} } }],
  }),
});

export default defineProject({ objects: [diceRoller] });
