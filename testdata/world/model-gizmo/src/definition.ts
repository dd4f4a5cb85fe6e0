/**
 * A model Gizmo for the world page's browser tests (host/model_browser_test.go) and
 * `scape gizmo model --png`'s: a unit cube (models/cube.glb, BoxVertexColors.glb of Khronos's
 * glTF sample models, CC0-1.0) resting turned 0.5 rad about the camera's axis, fitted to 0.8 of
 * a cell. `turn` is its tap: each turn animates an eighth of a turn about the vertical axis with a
 * hop, keyed by the turn's count, and shows the count as the result label.
 */
import { axisQuaternion, defineObject, defineProject, exactKeys, record, requirePayload, type GizmoFrame } from '@scape/sdk';
import cube from '../models/cube.glb';

interface CubeState {
  turns: number;
  at: number;
}

/** The frames of turn n: from (n − 1) to n eighth turns about y, lifted halfway. */
export function turnFrames(n: number): GizmoFrame[] {
  const frames: GizmoFrame[] = [];
  for (let i = 0; i <= 4; i++) {
    const t = i / 4;
    frames.push({
      rotation: axisQuaternion([0, 1, 0], ((n - 1 + t) * Math.PI) / 4),
      x: 0,
      lift: Math.sin(t * Math.PI) * 0.3,
      shadow: [1 - 0.3 * Math.sin(t * Math.PI), 1, 1],
    });
  }
  return frames;
}

export const modelCube = defineObject<CubeState>({
  type: 'test.model-cube',
  version: 1,
  emoji: '📦',
  label: 'Model cube',
  hint: 'tap to turn',
  initial: () => ({ turns: 0, at: 0 }),
  valid: (s): s is CubeState => record(s) && exactKeys(s, ['turns', 'at']) && Number.isSafeInteger(s.turns) && Number(s.turns) >= 0 && Number.isSafeInteger(s.at) && Number(s.at) >= 0,
  actions: {
    turn: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { turns: s.turns + 1, at: context.now };
      },
    },
  },
  presentation: {
    model: cube,
    textureSize: 128,
    nominalSize: 1,
    fitSize: 0.8,
    rest: axisQuaternion([0, 0, 1], 0.5),
    materials: { Default: '#ffffff' },
    lighting: {
      sky: '#ffffff',
      ground: '#444444',
      ambient: 0.8,
      key: 1.5,
      fill: 0.5,
      exposure: 1,
      keyColor: '#fff4e0',
      fillColor: '#a0c0ff',
      keyPosition: [2, 4, 3],
      fillPosition: [-3, 2, -1],
    },
    shadow: { color: '#000000', xFactor: 0.2, z: -0.5 },
    tap: { name: 'turn', payload: {} },
    label: {
      colors: ['#ffffff', '#222222'],
      durationMs: 1500,
      riseMs: 200,
      fadeMs: 300,
      offsetY: 0.7,
      height: 0.4,
      frames: [
        { scaleX: 0.6, scaleY: 0.6, rotation: 0, y: 0, opacity: 0.2 },
        { scaleX: 1, scaleY: 1, rotation: 0, y: 0.2, opacity: 1 },
        { scaleX: 1, scaleY: 1, rotation: 0, y: 0.3, opacity: 0.6 },
      ],
    },
  },
  animate: (s) => ({ key: `turn-${s.turns}`, at: s.at, durationMs: 600, frames: turnFrames(s.turns), number: s.turns }),
  view: (s) => ({
    title: `Turned ${s.turns} times`,
    description: "Tap the cube (or press Turn) to turn it an eighth.",
    controls: [{ id: 'turn', label: 'Turn', placement: 'action', action: { name: 'turn', payload: {} } }],
  }),
});

export default defineProject({ objects: [modelCube] });
