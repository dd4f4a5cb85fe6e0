import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { random } from './seeded.js';
import {
  axisQuaternion,
  gizmoPresentationError,
  gizmoTimelineError,
  multiplyQuaternion,
  presentationProblem,
  slerpQuaternion,
  validGizmoPresentation,
  validGizmoTimeline,
  type GizmoPresentation,
  type GizmoTimeline,
  type Quaternion,
} from '../src/presentation.js';
import { GIZMO_MODEL_MAX_BYTES } from '../src/model.js';
import { collectWarnings } from '../src/internal/rules.js';

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
    assert.match(gizmoPresentationError({ ...presentation('AAAA'), textureSize: '256' })!, /^textureSize: must be a finite number/);
  });

  test('model must be a string, checked before anything else', () => {
    assert.match(gizmoPresentationError(presentation(42))!, /^model: must be a base64 GLB string/);
    assert.match(gizmoPresentationError({ ...presentation(), model: undefined })!, /^model: is required/);
    assert.equal(validGizmoPresentation(presentation(42)), false);
  });

  test('the docs give no range: sizes, materials, lighting, shadow and label build as the types allow', () => {
    const none = (change: Record<string, unknown>) => {
      const { result, warnings } = collectWarnings(() => fieldError(change));
      assert.match(String(result), /^model:/, `${JSON.stringify(change)}: the check moves on to the model`);
      assert.deepEqual(warnings.map(String), [], JSON.stringify(change));
    };
    for (const textureSize of [1, 31, 300.5, 1025, 4096]) none({ textureSize });
    for (const size of [0.001, 1000.5, 1e6]) none({ nominalSize: size, fitSize: size });
    none({ rest: [0, 0, 0, 1.0009] });
    none({ rest: [0, 0, 0, 1.0011] });
    none({ rest: [0, 0, 0.7071, 0.7071] });
    none({ rest: [-0, -0, -0, 1] });
    none({ materials: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, '#000'])) });
    none({ materials: { ['x'.repeat(65)]: '#000000', '': '#fff', 'a\nb': '#abc' } });
    const lighting = presentation().lighting;
    none({ lighting: { ...lighting, sky: '#fff', ground: '#444', exposure: 20, key: 8.5, ambient: -1, keyPosition: [0, 0, 1001] } });
    none({ shadow: { color: '#000', xFactor: 5, z: -5000 } });
    const label = presentation().label!;
    for (const change of [{ height: 0.3 }, { height: 5000 }, { offsetY: -5000 }, { durationMs: 10001 }, { durationMs: 600.5, riseMs: 0, fadeMs: 0 }, { colors: Array(9).fill('#fff') }, { frames: [] }])
      none({ label: { ...label, ...change } });
    none({ label: { ...label, frames: [{ scaleX: 9, scaleY: -1, rotation: 7, y: 2000, opacity: 1.5 }] } });
  });

  test('likely mistakes are warnings, never errors', () => {
    const warned = (change: Record<string, unknown>) => {
      const { result, warnings } = collectWarnings(() => fieldError(change));
      assert.match(String(result), /^model:/, JSON.stringify(change));
      return warnings.map((w) => `${w.rule!.id} ${w}`);
    };
    assert.match(warned({ textureSize: 0 })[0], /^presentation.textureSize textureSize: is not greater than 0/);
    assert.match(warned({ textureSize: 8192 })[0], /^presentation.textureSize textureSize: is larger than 4,096 pixels/);
    assert.match(warned({ nominalSize: 0 })[0], /^presentation.sizes.positive nominalSize: is not greater than 0/);
    assert.match(warned({ fitSize: -1 })[0], /^presentation.sizes.positive fitSize: is not greater than 0/);
    assert.match(warned({ rest: [0, 0, 0, 0.99] })[0], /^presentation.quaternion.unit rest: is not a unit quaternion \[x, y, z, w\] \(length 0.990000\)/);
    assert.match(warned({ rest: [0, 0, 0, 0] })[0], /^presentation.quaternion.unit rest:/);
    assert.match(warned({ materials: { body: 'red' } })[0], /^presentation.color.hex materials.body: is not a hex color/);
    const lighting = presentation().lighting;
    assert.match(warned({ lighting: { ...lighting, exposure: 0 } })[0], /^presentation.lighting.exposure lighting.exposure: is not greater than 0/);
    assert.match(warned({ lighting: { ...lighting, sky: 'skyblue' } })[0], /^presentation.color.hex lighting.sky:/);
    assert.match(warned({ shadow: { color: 'black', xFactor: 0, z: 0 } })[0], /^presentation.color.hex shadow.color:/);
    const label = presentation().label!;
    assert.match(warned({ label: { ...label, riseMs: 800, fadeMs: 500 } })[0], /^presentation.label.timing label.fadeMs: makes riseMs \+ fadeMs longer than durationMs \(1,200 ms\)/);
    assert.match(warned({ label: { ...label, durationMs: 0 } })[0], /^presentation.label.timing label.durationMs: is not greater than 0/);
    assert.match(warned({ label: { ...label, riseMs: -1 } })[0], /^presentation.label.timing label.riseMs: is negative/);
    assert.match(warned({ label: { ...label, colors: [] } })[0], /^presentation.label.colors.empty label.colors: has no colors/);
    assert.match(warned({ label: { ...label, colors: ['#fff', 'white'] } })[0], /^presentation.color.hex label.colors\[1\]:/);
  });

  test('types, required and unknown keys stay errors', () => {
    assert.match(fieldError({ rest: [0, 0, 0] })!, /^rest: must be a list of exactly 4 numbers/);
    assert.match(fieldError({ rest: [0, 0, 0, '1'] })!, /^rest\[3\]: must be a finite number/);
    assert.match(fieldError({ materials: [] })!, /^materials: must be an object mapping material names to colors/);
    assert.match(fieldError({ materials: { body: 7 } })!, /^materials.body: must be a color string/);
    const lighting = presentation().lighting;
    assert.match(fieldError({ lighting: { ...lighting, key: '1' } })!, /^lighting.key: must be a finite number/);
    assert.match(fieldError({ lighting: { ...lighting, keyPosition: [0, 0] } })!, /^lighting.keyPosition: must be a list of exactly 3 numbers/);
    assert.match(fieldError({ lighting: { ...lighting, shadows: true } })!, /^lighting.shadows: is not a known field/);
    assert.match(fieldError({ shadow: { color: '#000000', xFactor: 5 } })!, /^shadow.z: is required/);
    // tap is an action reference: the same shape check as view controls and interaction (view.ts).
    // Names have no grammar (the docs give none): any string passes and the check moves on to the model.
    assert.match(fieldError({ tap: { name: 'x'.repeat(65), payload: {} } })!, /^model:/);
    assert.match(fieldError({ tap: { name: 7, payload: {} } })!, /^tap.name: must be a string/);
    assert.match(fieldError({ tap: { name: 'roll', payload: [] } })!, /^tap.payload: must be an object/);
    assert.match(fieldError({ tap: { name: 'roll', payload: { n: Number.NaN } } })!, /^tap.payload.n: must be a finite number/);
    assert.match(fieldError({ tap: { name: 'roll', payload: { text: 'x'.repeat(2100) } } })!, /^tap.payload: must be at most 2 KiB of JSON/);
    const label = presentation().label!;
    assert.match(fieldError({ label: { ...label, height: 'tall' } })!, /^label.height: must be a finite number/);
    assert.match(fieldError({ label: { ...label, colors: '#fff' } })!, /^label.colors: must be an array/);
    assert.match(fieldError({ label: { ...label, frames: [{ scaleX: 1, scaleY: 1, rotation: 0, y: 0 }] } })!, /^label.frames\[0\].opacity: is required/);
    assert.match(fieldError({ spin: 1 })!, /^spin: is not a known field/);
  });
});

describe('model encoding and size (model.ts)', () => {
  const withModel = (model: string) => presentationProblem({ ...presentation(CUBE), model }, 'presentation');
  test('base64, optionally as a data: URL', () => {
    assert.equal(withModel(CUBE), null);
    assert.equal(withModel(`data:model/gltf-binary;base64,${CUBE}`), null);
    assert.equal(withModel(`data:application/octet-stream;base64,${CUBE}`), null);
    const found = withModel('not base64!');
    assert.equal(found?.rule?.id, 'model.encoding');
    assert.equal(String(found), 'presentation.model: must be a base64-encoded .glb (import the .glb file so the bundler embeds it) (got "not base64!")');
    assert.equal(withModel(`data:text/plain;base64,${CUBE}`)?.rule?.id, 'model.encoding');
  });

  test('at most 768 KiB, refused from the text length before decoding', () => {
    const found = withModel('A'.repeat(4 * Math.ceil(GIZMO_MODEL_MAX_BYTES / 3) + 4));
    assert.equal(found?.rule?.id, 'model.size');
    assert.match(found!.message, /^the model is 786435 bytes; a model can be at most 786432 bytes \(768 KiB\)/);
    // At the limit, the size rule passes and the GLB checks decide (these bytes are no GLB).
    const atLimit = withModel('A'.repeat(4 * Math.ceil(GIZMO_MODEL_MAX_BYTES / 3)));
    assert.notEqual(atLimit?.rule?.id, 'model.size');
    assert.match(String(atLimit), /header magic/);
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

  test('the docs give no range: keys, timestamps, durations, counts and numbers build', () => {
    const none = (value: unknown) => assert.deepEqual(collectWarnings(() => gizmoTimelineError(value)), { result: null, warnings: [] }, JSON.stringify(value));
    for (const change of [{ key: '' }, { key: 'k'.repeat(500) }, { key: 'Home: 0\nAway: 0' }, { at: -1 }, { at: 1.5 }, { durationMs: 0 }, { durationMs: 10001 }, { durationMs: 600.5 }, { number: 1e12 }, { number: -0 }])
      none({ ...timeline(), ...change });
    none({ ...timeline(), frames: Array(200).fill(frame) });
    none({ ...timeline(), frames: [{ ...frame, x: 5000, lift: -5000, shadow: [9, -1, 100] }] });
    none({ ...timeline(), frames: [{ ...frame, rotation: [-0, -0, -0.17364817766693033, 0.984807753012208] }] });
    none({ ...timeline(), frames: [{ ...frame, rotation: [0, 0, 0.7071, 0.7071] }] });
  });

  test('warnings: no frames, a negative duration, a rotation far from unit length', () => {
    const warned = (value: unknown) => {
      const { result, warnings } = collectWarnings(() => gizmoTimelineError(value));
      assert.equal(result, null);
      return warnings.map((w) => `${w.rule!.id} ${w}`);
    };
    assert.deepEqual(warned({ ...timeline(), frames: [] }), ['timeline.frames.empty frames: has no frames, so there is no final frame to show (got [])']);
    assert.match(warned({ ...timeline(), durationMs: -1 })[0], /^timeline.durationMs durationMs: is negative/);
    assert.match(warned({ ...timeline(), frames: [{ ...frame, rotation: [0, 0, 1, 1] }] })[0], /^presentation.quaternion.unit frames\[0\].rotation: is not a unit quaternion/);
    assert.equal(validGizmoTimeline({ ...timeline(), frames: [] }), true);
  });

  test('types stay errors', () => {
    assert.match(gizmoTimelineError({ ...timeline(), frames: [{ ...frame, shadow: [1, 1] }] })!, /^frames\[0\].shadow: must be a list of exactly 3 numbers/);
    assert.match(gizmoTimelineError({ ...timeline(), frames: [{ ...frame, rotation: [0, 0, 1] }] })!, /^frames\[0\].rotation: must be a list of exactly 4 numbers/);
    assert.match(gizmoTimelineError({ ...timeline(), number: Infinity })!, /^number: must be a finite number/);
    assert.match(gizmoTimelineError({ ...timeline(), at: '1700000000000' })!, /^at: must be a finite number/);
    assert.match(gizmoTimelineError({ ...timeline(), key: 3 })!, /^key: must be a string/);
    assert.match(gizmoTimelineError({ ...timeline(), frames: {} })!, /^frames: must be an array/);
    assert.match(gizmoTimelineError({ ...timeline(), easing: 'x' })!, /^easing: is not a known field/);
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

describe('quaternion helpers return no −0 and never overflow', () => {
  test('axisQuaternion([0, 0, 1], −0.35) has +0 components (JSON keeps them), and is accepted', () => {
    const q = axisQuaternion([0, 0, 1], -0.35);
    assert.ok(q.every((n) => !Object.is(n, -0)), JSON.stringify(q.map((n) => (Object.is(n, -0) ? '-0' : n))));
    assert.deepEqual(JSON.parse(JSON.stringify(q)), q);
    const timeline = { key: 'spin', at: 0, durationMs: 600, frames: [{ rotation: q, x: 0, lift: 0, shadow: [1, 1, 1] }] };
    assert.deepEqual(collectWarnings(() => gizmoTimelineError(timeline)), { result: null, warnings: [] });
    assert.ok(multiplyQuaternion([0, 0, 0, 1], [-0, -0, -0, 1]).every((n) => !Object.is(n, -0)));
    assert.ok(slerpQuaternion([0, 0, 0, 1], [-0, -0, -0, 1], 0).every((n) => !Object.is(n, -0)));
  });

  test('huge axes and inputs are scaled, not overflowed', () => {
    sameRotation(axisQuaternion([1.7e308, 1.7e308, 0], 1), axisQuaternion([1, 1, 0], 1));
    close(length(axisQuaternion([1e-300, 0, 0], 1)), 1);
    sameRotation(slerpQuaternion([0, 0, 1.7e308, 1.7e308], [0, 0, 0, 1], 0), [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    assert.throws(() => multiplyQuaternion([1e200, 0, 0, 1e200], [1e200, 0, 0, 1e200]), /multiplyQuaternion: the product overflows/);
  });
});

describe('consistency: what the quaternion helpers return, the validators accept', () => {
  const rand = random(0x9a7e);
  const pick = (scale: number) => {
    const r = rand();
    return r < 0.08 ? -0 : r < 0.16 ? 0 : (rand() * 2 - 1) * scale;
  };
  const axis = (): number[] => {
    for (;;) {
      const a = [pick(rand() < 0.1 ? 1e300 : 10), pick(10), pick(10)];
      if (a.some((n) => n !== 0)) return a;
    }
  };
  const angle = () => (rand() < 0.1 ? -0 : (rand() * 2 - 1) * (rand() < 0.2 ? 1000 : 2 * Math.PI));
  const accepted = (q: Quaternion, what: string) => {
    const timeline = { key: 'k', at: 0, durationMs: 600, frames: [{ rotation: q, x: 0, lift: 0, shadow: [1, 1, 1] }] };
    assert.deepEqual(collectWarnings(() => gizmoTimelineError(timeline)), { result: null, warnings: [] }, `${what}: ${JSON.stringify(q)}`);
    assert.equal(validGizmoTimeline(timeline), true);
    assert.ok(q.every((n) => !Object.is(n, -0)), `${what} returned −0`);
  };
  const presentationWithRest = (rest: Quaternion) => ({ ...presentation('AAAA'), rest });

  test('axisQuaternion, multiplyQuaternion and slerpQuaternion over many seeded inputs', () => {
    let chain: Quaternion = [0, 0, 0, 1];
    for (let i = 0; i < 400; i++) {
      const a = axisQuaternion(axis(), angle());
      const b = axisQuaternion(axis(), angle());
      accepted(a, 'axisQuaternion');
      const product = multiplyQuaternion(a, b);
      accepted(product, 'multiplyQuaternion');
      const t = rand() < 0.1 ? (rand() < 0.5 ? 0 : 1) : rand() * 1.4 - 0.2;
      accepted(slerpQuaternion(a, b, t), 'slerpQuaternion');
      accepted(slerpQuaternion(a, a.map((n) => -n) as Quaternion, t), 'slerpQuaternion(q, −q)');
      // A long chain of products drifts by ulps, far inside the tolerance.
      chain = multiplyQuaternion(chain, a);
      accepted(chain, `a chain of ${i + 1} products`);
      // And as a presentation's rest: no warning about the rotation (the model is checked last).
      const { result, warnings } = collectWarnings(() => gizmoPresentationError(presentationWithRest(product)));
      assert.match(String(result), /^model:/);
      assert.deepEqual(warnings, []);
    }
  });

  test('a timeline of frames interpolated by slerpQuaternion is valid at any frame count', () => {
    for (let n = 0; n < 30; n++) {
      const from = axisQuaternion(axis(), angle());
      const to = axisQuaternion(axis(), angle());
      const count = 1 + Math.floor(rand() * 80);
      const frames = Array.from({ length: count }, (_, i) => ({ rotation: slerpQuaternion(from, to, count === 1 ? 1 : i / (count - 1)), x: pick(2000), lift: pick(2000), shadow: [rand() * 10, rand() * 10, rand()] as [number, number, number] }));
      const timeline = { key: `t${n}`, at: Math.floor(rand() * 2e12), durationMs: Math.floor(rand() * 20000), frames };
      assert.deepEqual(collectWarnings(() => gizmoTimelineError(timeline)), { result: null, warnings: [] });
    }
  });
});
