/**
 * Models and animation: GLB presentation settings, state-transition timelines and the quaternion
 * helpers authors build them with. All of it is JSON data; the host owns rendering and time.
 *
 * Quaternions are `[x, y, z, w]` (the renderer's order); the identity is `[0, 0, 0, 1]`.
 */
import { actionShapeProblem } from './view.js';
import { modelProblem } from './model.js';
import { timestampProblem } from './audio.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import {
  arrayOf,
  finiteNumber,
  first,
  formatNumber,
  hexColor,
  integerIn,
  isPlainObject,
  knownKeys,
  numberAboveUpTo,
  numberIn,
  optional,
  plainString,
  requiredKeys,
  tuple,
  type Problem,
} from './internal/checks.js';

export { validateGizmoModel } from './model.js';

/** JSON-only presentation data. The host owns rendering, time and audio devices. */
export type Quaternion = [number, number, number, number];
export interface GizmoFrame {
  rotation: Quaternion;
  x: number;
  lift: number;
  shadow: [number, number, number];
}
export interface GizmoTimeline {
  key: string;
  at: number;
  durationMs: number;
  frames: GizmoFrame[];
  number?: number;
}
export interface GizmoLabelFrame {
  scaleX: number;
  scaleY: number;
  rotation: number;
  y: number;
  opacity: number;
}
export interface GizmoPresentation {
  model: string;
  textureSize: number;
  nominalSize: number;
  fitSize: number;
  rest: Quaternion;
  materials: Record<string, string>;
  lighting: {
    sky: string;
    ground: string;
    ambient: number;
    key: number;
    fill: number;
    exposure: number;
    keyColor: string;
    fillColor: string;
    keyPosition: [number, number, number];
    fillPosition: [number, number, number];
  };
  shadow: {
    color: string;
    xFactor: number;
    z: number;
  };
  tap: {
    name: string;
    payload: Record<string, unknown>;
  };
  label?: {
    colors: string[];
    durationMs: number;
    riseMs: number;
    fadeMs: number;
    offsetY: number;
    height: number;
    frames: GizmoLabelFrame[];
  };
}

/** Bounds of presentation and timeline fields (LIMITS.md, "Effects"). */
export const PRESENTATION_LIMITS = {
  /** Render-target edge in pixels (integer). */
  textureSize: [32, 1024],
  /** Model-space extent the fit is computed from, and the fitted size; both scale factors. */
  size: 1000,
  /** |‖q‖ − 1| tolerance for authored unit quaternions. */
  unitTolerance: 1e-3,
  materials: 32,
  materialName: 64,
  lightLevel: [0, 8],
  exposure: [0.05, 8],
  position: 1000,
  shadowFactor: [-4, 4],
  shadowZ: [-1000, 1000],
  labelColors: [1, 8],
  labelDurationMs: [1, 10000],
  labelOffset: [-1000, 1000],
  labelHeight: [1, 1000],
  labelFrames: [1, 32],
  labelScale: [0, 8],
  /** Label rotation in radians. */
  labelRotation: [-2 * Math.PI, 2 * Math.PI],
  timelineKey: 128,
  timelineDurationMs: [1, 10000],
  timelineFrames: [1, 64],
  frameOffset: [-1000, 1000],
  frameShadow: [0, 8],
  number: 1e9,
} as const;

const P = PRESENTATION_LIMITS;

/** A unit quaternion `[x, y, z, w]` (length 1 within 1e-3). */
export function quaternionProblem(value: unknown, path: string): Problem {
  const found = tuple(value, path, 4, (item, at) => finiteNumber(item, at));
  if (found) return found;
  const q = value as number[];
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (Math.abs(length - 1) > P.unitTolerance)
    return problem(path, `must be a unit quaternion [x, y, z, w] (length 1 ± ${P.unitTolerance}; this one has length ${length.toPrecision(6)})`, value);
  return null;
}

const vector3 = (value: unknown, path: string, limit: number, unit = ''): Problem =>
  tuple(value, path, 3, (item, at) => numberIn(item, at, -limit, limit, unit));

function lightingSetupProblem(value: unknown, path: string): Problem {
  const keys = ['sky', 'ground', 'ambient', 'key', 'fill', 'exposure', 'keyColor', 'fillColor', 'keyPosition', 'fillPosition'];
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => hexColor(v.sky, at('sky')),
    () => hexColor(v.ground, at('ground')),
    () => numberIn(v.ambient, at('ambient'), P.lightLevel[0], P.lightLevel[1]),
    () => numberIn(v.key, at('key'), P.lightLevel[0], P.lightLevel[1]),
    () => numberIn(v.fill, at('fill'), P.lightLevel[0], P.lightLevel[1]),
    () => numberIn(v.exposure, at('exposure'), P.exposure[0], P.exposure[1]),
    () => hexColor(v.keyColor, at('keyColor')),
    () => hexColor(v.fillColor, at('fillColor')),
    () => vector3(v.keyPosition, at('keyPosition'), P.position),
    () => vector3(v.fillPosition, at('fillPosition'), P.position),
  );
}

function labelProblem(value: unknown, path: string): Problem {
  const keys = ['colors', 'durationMs', 'riseMs', 'fadeMs', 'offsetY', 'height', 'frames'];
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => arrayOf(v.colors, at('colors'), P.labelColors[0], P.labelColors[1], hexColor),
    () => integerIn(v.durationMs, at('durationMs'), P.labelDurationMs[0], P.labelDurationMs[1], 'ms'),
    () => integerIn(v.riseMs, at('riseMs'), 0, v.durationMs as number, 'ms (within durationMs)'),
    () => integerIn(v.fadeMs, at('fadeMs'), 0, v.durationMs as number, 'ms (within durationMs)'),
    () =>
      (v.riseMs as number) + (v.fadeMs as number) > (v.durationMs as number)
        ? problem(at('fadeMs'), `must leave riseMs + fadeMs at most durationMs (${formatNumber(v.durationMs as number)} ms)`, v.fadeMs)
        : null,
    () => numberIn(v.offsetY, at('offsetY'), P.labelOffset[0], P.labelOffset[1], 'pixels'),
    () => numberIn(v.height, at('height'), P.labelHeight[0], P.labelHeight[1], 'pixels'),
    () =>
      arrayOf(v.frames, at('frames'), P.labelFrames[0], P.labelFrames[1], (frame, frameAt) => {
        const f = frame as Record<string, unknown>;
        const fk = ['scaleX', 'scaleY', 'rotation', 'y', 'opacity'];
        return first(
          () => knownKeys(frame, frameAt, fk),
          () => requiredKeys(f, frameAt, fk),
          () => numberIn(f.scaleX, joinPath(frameAt, 'scaleX'), P.labelScale[0], P.labelScale[1]),
          () => numberIn(f.scaleY, joinPath(frameAt, 'scaleY'), P.labelScale[0], P.labelScale[1]),
          () => numberIn(f.rotation, joinPath(frameAt, 'rotation'), P.labelRotation[0], P.labelRotation[1], 'radians'),
          () => numberIn(f.y, joinPath(frameAt, 'y'), P.labelOffset[0], P.labelOffset[1], 'pixels'),
          () => numberIn(f.opacity, joinPath(frameAt, 'opacity'), 0, 1),
        );
      }),
  );
}

/** A GizmoPresentation; the model bytes are inspected by model.ts. */
export function presentationProblem(value: unknown, path: string): Problem {
  const keys = ['model', 'textureSize', 'nominalSize', 'fitSize', 'rest', 'materials', 'lighting', 'shadow', 'tap', 'label'];
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys.filter((k) => k !== 'label')),
    () => (typeof v.model === 'string' ? null : problem(at('model'), 'must be a base64 GLB string', v.model)),
    () => integerIn(v.textureSize, at('textureSize'), P.textureSize[0], P.textureSize[1], 'pixels'),
    () => numberAboveUpTo(v.nominalSize, at('nominalSize'), 0, P.size),
    () => numberAboveUpTo(v.fitSize, at('fitSize'), 0, P.size),
    () => quaternionProblem(v.rest, at('rest')),
    () => {
      if (!isPlainObject(v.materials)) return problem(at('materials'), 'must be an object mapping material names to hex colors', v.materials);
      const names = Object.keys(v.materials);
      if (names.length > P.materials) return problem(at('materials'), `must have at most ${P.materials} entries`, v.materials);
      for (const name of names) {
        const nameAt = joinPath(at('materials'), name);
        const found = plainString(name, nameAt, P.materialName) ?? hexColor(v.materials[name], nameAt);
        if (found) return found;
      }
      return null;
    },
    () => lightingSetupProblem(v.lighting, at('lighting')),
    () => {
      const s = v.shadow as Record<string, unknown>;
      const sp = at('shadow');
      return first(
        () => knownKeys(s, sp, ['color', 'xFactor', 'z']),
        () => requiredKeys(s, sp, ['color', 'xFactor', 'z']),
        () => hexColor(s.color, joinPath(sp, 'color')),
        () => numberIn(s.xFactor, joinPath(sp, 'xFactor'), P.shadowFactor[0], P.shadowFactor[1]),
        () => numberIn(s.z, joinPath(sp, 'z'), P.shadowZ[0], P.shadowZ[1]),
      );
    },
    () => actionShapeProblem(v.tap, at('tap')),
    () => optional(v.label, () => labelProblem(v.label, at('label'))),
    // Last: inspecting the GLB is the expensive part, and a field typo should be reported first.
    () => modelProblem(v.model, at('model')),
  );
}

export function validGizmoPresentation(v: unknown): v is GizmoPresentation {
  return presentationProblem(v, '') === null;
}

/** The public error text for a presentation (used by the toolchain's diagnostics). */
export function gizmoPresentationError(value: unknown): string | null {
  return problemText(presentationProblem(value, ''));
}

function frameProblem(value: unknown, path: string): Problem {
  const keys = ['rotation', 'x', 'lift', 'shadow'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => quaternionProblem(v.rotation, joinPath(path, 'rotation')),
    () => numberIn(v.x, joinPath(path, 'x'), P.frameOffset[0], P.frameOffset[1]),
    () => numberIn(v.lift, joinPath(path, 'lift'), P.frameOffset[0], P.frameOffset[1]),
    () => tuple(v.shadow, joinPath(path, 'shadow'), 3, (item, at) => numberIn(item, at, P.frameShadow[0], P.frameShadow[1])),
  );
}

/** A GizmoTimeline: key, timestamp, 1–10,000 ms and 1–64 evenly spaced frames. */
export function timelineProblem(value: unknown, path: string): Problem {
  const keys = ['key', 'at', 'durationMs', 'frames', 'number'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, ['key', 'at', 'durationMs', 'frames']),
    () => plainString(v.key, joinPath(path, 'key'), P.timelineKey),
    () => timestampProblem(v.at, joinPath(path, 'at')),
    () => integerIn(v.durationMs, joinPath(path, 'durationMs'), P.timelineDurationMs[0], P.timelineDurationMs[1], 'ms'),
    () => arrayOf(v.frames, joinPath(path, 'frames'), P.timelineFrames[0], P.timelineFrames[1], frameProblem),
    () => optional(v.number, () => numberIn(v.number, joinPath(path, 'number'), -P.number, P.number)),
  );
}

export function validGizmoTimeline(v: unknown): v is GizmoTimeline {
  return timelineProblem(v, '') === null;
}

export function gizmoTimelineError(value: unknown): string | null {
  return problemText(timelineProblem(value, ''));
}

// ---------------------------------------------------------------------------------------------
// Quaternion helpers. Pure functions on [x, y, z, w]; inputs are not mutated.

function finiteQuaternion(q: unknown, name: string, fn: string): Quaternion {
  if (!Array.isArray(q) || q.length !== 4 || !q.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new TypeError(`${fn}: ${name} must be [x, y, z, w] of finite numbers`);
  return q as Quaternion;
}

function normalize(q: Quaternion, name: string, fn: string): Quaternion {
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(length > 0) || !Number.isFinite(length)) throw new RangeError(`${fn}: ${name} must not be the zero quaternion`);
  return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
}

/** The Hamilton product a·b: the rotation b followed by a (as the renderer composes them). */
export function multiplyQuaternion(a: Quaternion, b: Quaternion): Quaternion {
  const [ax, ay, az, aw] = finiteQuaternion(a, 'a', 'multiplyQuaternion');
  const [bx, by, bz, bw] = finiteQuaternion(b, 'b', 'multiplyQuaternion');
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** The rotation of `angle` radians about `axis` (any non-zero length; normalized here). */
export function axisQuaternion(axis: number[], angle: number): Quaternion {
  if (!Array.isArray(axis) || axis.length !== 3 || !axis.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new TypeError('axisQuaternion: axis must be [x, y, z] of finite numbers');
  if (typeof angle !== 'number' || !Number.isFinite(angle)) throw new TypeError('axisQuaternion: angle must be a finite number of radians');
  const length = Math.hypot(axis[0], axis[1], axis[2]);
  if (!(length > 0)) throw new RangeError('axisQuaternion: axis must not be zero-length');
  const s = Math.sin(angle / 2) / length;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/**
 * Spherical interpolation along the shortest arc (b is negated when the 4D dot product is
 * negative: q and −q are the same rotation). Inputs are normalized first; t is clamped to 0–1, so
 * t = 0 gives a and t = 1 gives b (or −b, the same rotation). Nearly parallel inputs fall back to
 * normalized linear interpolation, where sin θ would lose precision.
 */
export function slerpQuaternion(a: Quaternion, b: Quaternion, t: number): Quaternion {
  const qa = normalize(finiteQuaternion(a, 'a', 'slerpQuaternion'), 'a', 'slerpQuaternion');
  let qb = normalize(finiteQuaternion(b, 'b', 'slerpQuaternion'), 'b', 'slerpQuaternion');
  if (typeof t !== 'number' || Number.isNaN(t)) throw new TypeError('slerpQuaternion: t must be a number from 0 to 1');
  const u = Math.min(1, Math.max(0, t));
  let dot = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3];
  if (dot < 0) {
    qb = [-qb[0], -qb[1], -qb[2], -qb[3]];
    dot = -dot;
  }
  if (u === 0) return qa;
  if (u === 1) return qb;
  let wa: number;
  let wb: number;
  if (dot > 0.9995) {
    wa = 1 - u;
    wb = u;
  } else {
    const theta = Math.acos(Math.min(1, dot));
    const sin = Math.sin(theta);
    wa = Math.sin((1 - u) * theta) / sin;
    wb = Math.sin(u * theta) / sin;
  }
  const out: Quaternion = [wa * qa[0] + wb * qb[0], wa * qa[1] + wb * qb[1], wa * qa[2] + wb * qb[2], wa * qa[3] + wb * qb[3]];
  return normalize(out, 'result', 'slerpQuaternion');
}
