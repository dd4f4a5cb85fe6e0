import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axisQuaternion,
  gizmoPresentationError,
  gizmoTimelineError,
  multiplyQuaternion,
  slerpQuaternion,
  validGizmoPresentation,
  validGizmoTimeline,
  type GizmoPresentation,
  type GizmoTimeline,
  type Quaternion,
} from '../src/presentation.js';

/** A unit cube GLB (the glb conformance corpus's "a unit cube"), for presentations that must pass. */
const CUBE =
  'Z2xURgIAAAC8BQAAGAMAAEpTT057ImFjY2Vzc29ycyI6W3siYnVmZmVyVmlldyI6MCwiY29tcG9uZW50VHlwZSI6NTEyNiwiY291bnQiOjI0LCJtYXgiOlswLjUsMC41LDAuNV0sIm1pbiI6Wy0wLjUsLTAuNSwtMC41XSwidHlwZSI6IlZFQzMifSx7ImJ1ZmZlclZpZXciOjEsImNvbXBvbmVudFR5cGUiOjUxMjYsImNvdW50IjoyNCwidHlwZSI6IlZFQzMifSx7ImJ1ZmZlclZpZXciOjIsImNvbXBvbmVudFR5cGUiOjUxMjMsImNvdW50IjozNiwidHlwZSI6IlNDQUxBUiJ9XSwiYXNzZXQiOnsiZ2VuZXJhdG9yIjoic2NhcGUgZ2xidGVzdCIsInZlcnNpb24iOiIyLjAifSwiYnVmZmVyVmlld3MiOlt7ImJ1ZmZlciI6MCwiYnl0ZUxlbmd0aCI6Mjg4LCJieXRlT2Zmc2V0IjowLCJ0YXJnZXQiOjM0OTYyfSx7ImJ1ZmZlciI6MCwiYnl0ZUxlbmd0aCI6Mjg4LCJieXRlT2Zmc2V0IjoyODgsInRhcmdldCI6MzQ5NjJ9LHsiYnVmZmVyIjowLCJieXRlTGVuZ3RoIjo3MiwiYnl0ZU9mZnNldCI6NTc2LCJ0YXJnZXQiOjM0OTYzfV0sImJ1ZmZlcnMiOlt7ImJ5dGVMZW5ndGgiOjY0OH1dLCJtYXRlcmlhbHMiOlt7InBick1ldGFsbGljUm91Z2huZXNzIjp7ImJhc2VDb2xvckZhY3RvciI6WzAuOCwwLjMsMC4yLDFdfX1dLCJtZXNoZXMiOlt7InByaW1pdGl2ZXMiOlt7ImF0dHJpYnV0ZXMiOnsiTk9STUFMIjoxLCJQT1NJVElPTiI6MH0sImluZGljZXMiOjIsIm1hdGVyaWFsIjowLCJtb2RlIjo0fV19XSwibm9kZXMiOlt7Im1lc2giOjAsInRyYW5zbGF0aW9uIjpbMCwwLDBdfV0sInNjZW5lIjowLCJzY2VuZXMiOlt7Im5vZGVzIjpbMF19XX0gICCIAgAAQklOAAAAAD8AAAC/AAAAvwAAAD8AAAA/AAAAvwAAAD8AAAC/AAAAPwAAAD8AAAA/AAAAPwAAAL8AAAC/AAAAvwAAAL8AAAC/AAAAPwAAAL8AAAA/AAAAvwAAAL8AAAA/AAAAPwAAAL8AAAA/AAAAvwAAAL8AAAA/AAAAPwAAAD8AAAA/AAAAvwAAAD8AAAA/AAAAPwAAAL8AAAC/AAAAvwAAAD8AAAC/AAAAvwAAAL8AAAC/AAAAPwAAAD8AAAC/AAAAPwAAAL8AAAC/AAAAPwAAAD8AAAC/AAAAPwAAAL8AAAA/AAAAPwAAAD8AAAA/AAAAPwAAAL8AAAC/AAAAvwAAAL8AAAA/AAAAvwAAAD8AAAC/AAAAvwAAAD8AAAA/AAAAvwAAgD8AAAAAAAAAAAAAgD8AAAAAAAAAAAAAgD8AAAAAAAAAAAAAgD8AAAAAAAAAAAAAgL8AAAAAAAAAAAAAgL8AAAAAAAAAAAAAgL8AAAAAAAAAAAAAgL8AAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/AAAAAAAAAAAAAIC/AAAAAAAAAAAAAIC/AAAAAAAAAAAAAIC/AAAAAAAAAAAAAIC/AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAACAPwAAAAAAAAAAAACAPwAAAAAAAAAAAACAPwAAAAAAAAAAAACAvwAAAAAAAAAAAACAvwAAAAAAAAAAAACAvwAAAAAAAAAAAACAvwAAAQADAAAAAwACAAQABQAHAAQABwAGAAgACQALAAgACwAKAAwADQAPAAwADwAOABAAEQATABAAEwASABQAFQAXABQAFwAWAA==';

const close = (a: number, b: number, eps = 1e-12) => assert.ok(Math.abs(a - b) <= eps, `${a} ≉ ${b}`);
/** q and −q are the same rotation. */
function sameRotation(a: Quaternion, b: Quaternion, eps = 1e-12) {
  const dot = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
  assert.ok(Math.abs(dot - 1) <= eps, `${JSON.stringify(a)} is not ${JSON.stringify(b)} (|dot| = ${dot})`);
}
const length = (q: Quaternion) => Math.hypot(...q);

const presentation = (model: unknown = 'Z2xURgIAAAA='): GizmoPresentation =>
  ({
    model,
    textureSize: 256,
    nominalSize: 1,
    fitSize: 0.8,
    rest: [0, 0, 0, 1],
    materials: { body: '#aa3300', Trim: '#ffffff' },
    lighting: {
      sky: '#ffffff',
      ground: '#444444',
      ambient: 0.6,
      key: 1.2,
      fill: 0.4,
      exposure: 1,
      keyColor: '#fff4e0',
      fillColor: '#a0c0ff',
      keyPosition: [2, 4, 3],
      fillPosition: [-3, 2, -1],
    },
    shadow: { color: '#000000', xFactor: 0.2, z: -0.5 },
    tap: { name: 'roll', payload: {} },
    label: {
      colors: ['#ffffff'],
      durationMs: 1200,
      riseMs: 200,
      fadeMs: 300,
      offsetY: -20,
      height: 24,
      frames: [{ scaleX: 1, scaleY: 1, rotation: 0, y: 0, opacity: 1 }],
    },
  }) as GizmoPresentation;

/** The fields that do not depend on the GLB inspection, checked before it. */
const fieldError = (change: Record<string, unknown>) => gizmoPresentationError({ ...presentation('AAAA'), ...change });

describe('presentation fields', () => {
  test('a complete presentation with a real model passes', () => {
    assert.equal(gizmoPresentationError(presentation(CUBE)), null);
    assert.equal(validGizmoPresentation(presentation(CUBE)), true);
    const { label: _label, ...withoutLabel } = presentation(CUBE);
    assert.equal(gizmoPresentationError(withoutLabel), null);
    assert.equal(gizmoPresentationError({ ...presentation(CUBE), rest: [0, 0.7071, 0, 0.7071] }), null);
  });

  test('the model is inspected by model.ts, after the other fields', () => {
    const found = gizmoPresentationError(presentation('AAAA'));
    assert.ok(found !== null && found.startsWith('model'), String(found));
    assert.match(gizmoPresentationError({ ...presentation('AAAA'), textureSize: 1 })!, /^textureSize/);
  });

  test('model must be a string, checked before anything else', () => {
    assert.match(gizmoPresentationError(presentation(42))!, /^model: must be a base64 GLB string/);
    assert.match(gizmoPresentationError({ ...presentation(), model: undefined })!, /^model: is required/);
    assert.equal(validGizmoPresentation(presentation(42)), false);
  });

  test('textureSize, nominalSize and fitSize ranges', () => {
    assert.match(fieldError({ textureSize: 31 })!, /^textureSize: must be an integer 32–1,024 pixels/);
    assert.match(fieldError({ textureSize: 1025 })!, /^textureSize:/);
    assert.match(fieldError({ textureSize: 256.5 })!, /^textureSize:/);
    assert.match(fieldError({ nominalSize: 0 })!, /^nominalSize: must be greater than 0 and at most 1,000/);
    assert.match(fieldError({ fitSize: 1000.5 })!, /^fitSize:/);
  });

  test('rest must be a unit quaternion within 1e-3', () => {
    assert.match(fieldError({ rest: [0, 0, 0, 0.99] })!, /^rest: must be a unit quaternion/);
    assert.match(fieldError({ rest: [0, 0, 0] })!, /^rest: must be a list of exactly 4 numbers/);
    // Within tolerance: the check moves on to a later field (the model).
    assert.match(fieldError({ rest: [0, 0, 0, 1.0009] })!, /^model:/);
    assert.match(fieldError({ rest: [0, 0, 0, 1.0011] })!, /^rest:/);
  });

  test('materials, lighting, shadow, tap and label', () => {
    assert.match(fieldError({ materials: [] })!, /^materials: must be an object/);
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`m${i}`, '#000000']));
    assert.match(fieldError({ materials: many })!, /^materials: must have at most 32 entries/);
    assert.match(fieldError({ materials: { body: 'red' } })!, /^materials.body: must be a six-digit hex/);
    assert.match(fieldError({ materials: { ['x'.repeat(65)]: '#000000' } })!, /must be at most 64 characters/);
    const lighting = presentation().lighting;
    assert.match(fieldError({ lighting: { ...lighting, exposure: 0 } })!, /^lighting.exposure: must be 0.05–8/);
    assert.match(fieldError({ lighting: { ...lighting, key: 8.5 } })!, /^lighting.key: must be 0–8/);
    assert.match(fieldError({ lighting: { ...lighting, keyPosition: [0, 0, 1001] } })!, /^lighting.keyPosition\[2\]/);
    assert.match(fieldError({ lighting: { ...lighting, sky: '#fff' } })!, /^lighting.sky/);
    assert.match(fieldError({ shadow: { color: '#000000', xFactor: 5, z: 0 } })!, /^shadow.xFactor: must be −4–4/);
    // tap is an action reference: the same shape check as view controls and interaction (view.ts).
    // Names have no grammar (the docs give none): any string passes and the check moves on to the model.
    assert.match(fieldError({ tap: { name: 'x'.repeat(65), payload: {} } })!, /^model:/);
    assert.match(fieldError({ tap: { name: 7, payload: {} } })!, /^tap.name: must be a string/);
    assert.match(fieldError({ tap: { name: 'roll', payload: [] } })!, /^tap.payload: must be an object/);
    assert.match(fieldError({ tap: { name: 'roll', payload: { n: Number.NaN } } })!, /^tap.payload.n: must be a finite number/);
    assert.match(fieldError({ tap: { name: 'roll', payload: { text: 'x'.repeat(2100) } } })!, /^tap.payload: must be at most 2 KiB of JSON/);
    const label = presentation().label!;
    assert.match(fieldError({ label: { ...label, riseMs: 800, fadeMs: 500 } })!, /^label.fadeMs: must leave riseMs \+ fadeMs at most durationMs/);
    assert.match(fieldError({ label: { ...label, durationMs: 10001 } })!, /^label.durationMs: must be an integer 1–10,000 ms/);
    assert.match(fieldError({ label: { ...label, colors: [] } })!, /^label.colors: must have 1–8 items/);
    assert.match(fieldError({ label: { ...label, frames: [{ scaleX: 1, scaleY: 1, rotation: 7, y: 0, opacity: 1 }] } })!, /^label.frames\[0\].rotation/);
    assert.match(fieldError({ label: { ...label, frames: [{ scaleX: 1, scaleY: 1, rotation: 0, y: 0, opacity: 1.5 }] } })!, /^label.frames\[0\].opacity/);
    assert.match(fieldError({ spin: 1 })!, /^spin: is not a known field/);
  });
});

describe('timelines', () => {
  const frame = { rotation: [0, 0, 0, 1], x: 0, lift: 0.2, shadow: [1, 1, 0.5] };
  const timeline = (): GizmoTimeline => ({ key: 'roll-3', at: 1_700_000_000_000, durationMs: 600, frames: [frame as GizmoTimeline['frames'][0]], number: 3 });

  test('valid timelines', () => {
    assert.equal(gizmoTimelineError(timeline()), null);
    assert.equal(validGizmoTimeline(timeline()), true);
    assert.equal(validGizmoTimeline({ ...timeline(), frames: Array(64).fill(frame) }), true);
  });

  test('bounds', () => {
    assert.match(gizmoTimelineError({ ...timeline(), frames: [] })!, /^frames: must have 1–64 items/);
    assert.match(gizmoTimelineError({ ...timeline(), frames: Array(65).fill(frame) })!, /^frames: must have 1–64 items/);
    assert.match(gizmoTimelineError({ ...timeline(), durationMs: 0 })!, /^durationMs: must be an integer 1–10,000 ms/);
    assert.match(gizmoTimelineError({ ...timeline(), durationMs: 10001 })!, /^durationMs/);
    assert.match(gizmoTimelineError({ ...timeline(), at: -1 })!, /^at: must be a timestamp/);
    assert.match(gizmoTimelineError({ ...timeline(), at: 1.5 })!, /^at: must be a timestamp/);
    assert.match(gizmoTimelineError({ ...timeline(), key: '' })!, /^key: must not be empty/);
    assert.match(gizmoTimelineError({ ...timeline(), frames: [{ ...frame, rotation: [0, 0, 1, 1] }] })!, /^frames\[0\].rotation: must be a unit quaternion/);
    assert.match(gizmoTimelineError({ ...timeline(), frames: [{ ...frame, shadow: [1, 1, 9] }] })!, /^frames\[0\].shadow\[2\]/);
    assert.match(gizmoTimelineError({ ...timeline(), number: Infinity })!, /^number/);
  });
});

describe('quaternion helpers', () => {
  test('axisQuaternion', () => {
    const q = axisQuaternion([0, 0, 2], Math.PI / 2);
    close(q[2], Math.SQRT1_2);
    close(q[3], Math.SQRT1_2);
    close(length(q), 1);
    assert.deepEqual(axisQuaternion([1, 0, 0], 0), [0, 0, 0, 1]);
    assert.throws(() => axisQuaternion([0, 0, 0], 1), /axis must not be zero-length/);
    assert.throws(() => axisQuaternion([0, 0, 1], Number.NaN), /angle must be a finite number/);
  });

  test('multiplyQuaternion composes rotations', () => {
    const quarter = axisQuaternion([0, 1, 0], Math.PI / 2);
    sameRotation(multiplyQuaternion(quarter, quarter), axisQuaternion([0, 1, 0], Math.PI));
    assert.deepEqual(multiplyQuaternion([0, 0, 0, 1], quarter), quarter);
    // Not commutative: X then Y differs from Y then X.
    const x = axisQuaternion([1, 0, 0], Math.PI / 2);
    const y = axisQuaternion([0, 1, 0], Math.PI / 2);
    const xy = multiplyQuaternion(x, y);
    const yx = multiplyQuaternion(y, x);
    assert.ok(Math.abs(xy[2] - yx[2]) > 0.5);
    // i·j = k.
    assert.deepEqual(multiplyQuaternion([1, 0, 0, 0], [0, 1, 0, 0]), [0, 0, 1, 0]);
  });

  test('slerp endpoints, midpoint and unit length', () => {
    const a = axisQuaternion([0, 0, 1], 0);
    const b = axisQuaternion([0, 0, 1], Math.PI / 2);
    sameRotation(slerpQuaternion(a, b, 0), a);
    sameRotation(slerpQuaternion(a, b, 1), b);
    sameRotation(slerpQuaternion(a, b, 0.5), axisQuaternion([0, 0, 1], Math.PI / 4));
    for (let i = 0; i <= 20; i++) close(length(slerpQuaternion(a, b, i / 20)), 1);
    sameRotation(slerpQuaternion(a, b, -1), a);
    sameRotation(slerpQuaternion(a, b, 2), b);
  });

  test('slerp takes the shortest path', () => {
    const a = axisQuaternion([0, 0, 1], 0.1);
    const far = axisQuaternion([0, 0, 1], -0.1).map((n) => -n) as Quaternion; // same rotation as −0.1 rad
    const mid = slerpQuaternion(a, far, 0.5);
    sameRotation(mid, [0, 0, 0, 1]);
  });

  test('slerp is stable for nearly equal inputs and normalizes its inputs', () => {
    const a = axisQuaternion([1, 0, 0], 1);
    const b = axisQuaternion([1, 0, 0], 1 + 1e-9);
    const mid = slerpQuaternion(a, b, 0.5);
    assert.ok(mid.every(Number.isFinite));
    close(length(mid), 1);
    sameRotation(slerpQuaternion([0, 0, 0, 2], [0, 0, 0, 3], 0.3), [0, 0, 0, 1]);
    assert.throws(() => slerpQuaternion([0, 0, 0, 0], a, 0.5), /must not be the zero quaternion/);
  });
});
