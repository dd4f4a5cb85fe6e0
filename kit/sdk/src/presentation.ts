/**
 * Models and animation: GLB presentation settings, state-transition timelines and the quaternion
 * helpers authors build them with. All of it is JSON data; the host owns rendering and time.
 *
 * Quaternions are `[x, y, z, w]` (the renderer's order); the identity is `[0, 0, 0, 1]`.
 */
import { actionShapeProblem } from './view.js';
import { modelProblem } from './model.js';
import { joinPath, problemText } from './internal/problem.js';
import { arrayOf, colorString, finiteNumber, first, formatNumber, isPlainObject, knownKeys, optional, requiredKeys, stringValue, tuple, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';

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

const S = 'Presentation and timelines';
const DROPPED = 'the docs give no range (the declarations are plain numbers); any finite number is passed to the host, which owns rendering';

/**
 * The length a rotation may be from 1 before it warns: the Khronos glTF validator's
 * ROTATION_NON_UNIT bound, which glb applies to a model's own node rotations. Hand-typed values
 * ([0, 0, 0.7071, 0.7071] has length 0.99999) and everything the quaternion helpers return pass.
 */
export const QUATERNION_UNIT_TOLERANCE = 0.00769;

/** The largest render target that is not a warning: WebGL 2 guarantees 2,048, most devices 4,096+. */
const TEXTURE_WARNING_MAX = 4096;

/**
 * The presentation and timeline rules. The docs declare the shapes and state no number, so every
 * former bound is dropped; values that are almost certainly mistakes are warnings. The model's own
 * rules (encoding, size, the GLB checks) are model.ts's.
 */
export const PRESENTATION_RULES = {
  quaternion: rule({ id: 'presentation.quaternion.unit', class: 'guess', treatment: 'warning', section: S, item: 'Quaternions (`rest`, timeline frame `rotation`)', bound: `length 1 within ${QUATERNION_UNIT_TOLERANCE}`, was: 'length 1 ± 0.001, an error', source: 'the docs declare `Quaternion = [number, number, number, number]` without saying unit; a rotation is a unit quaternion, so one farther from length 1 than the Khronos glTF validator allows (0.00769, as glb checks node rotations) is almost certainly a mistake; axisQuaternion, slerpQuaternion and products of unit quaternions always pass' }),
  colorHex: rule({ id: 'presentation.color.hex', class: 'guess', treatment: 'warning', section: S, item: 'Presentation colors (`materials`, `lighting` sky/ground/key/fill, `shadow.color`, `label.colors`)', bound: '`#rgb` or `#rrggbb` (another string warns)', was: '`#rrggbb`, an error', source: 'GizmoPresentation declares colors as `string` with no format; the documented colors are hex, so another form is likely a mistake a host may not draw' }),
  textureSize: rule({ id: 'presentation.textureSize', class: 'guess', treatment: 'warning', section: S, item: '`textureSize`', bound: `greater than 0, at most ${formatNumber(TEXTURE_WARNING_MAX)} pixels`, was: 'integer 32–1,024 pixels, an error', source: 'the docs give no range; a render target needs a positive size, and one above 4,096 pixels per instance is more than many devices allocate (WebGL 2 guarantees 2,048)' }),
  sizes: rule({ id: 'presentation.sizes.positive', class: 'guess', treatment: 'warning', section: S, item: '`nominalSize`, `fitSize`', bound: 'greater than 0', was: 'greater than 0, at most 1,000, errors', source: 'the docs give no range; the model is scaled by fitSize / nominalSize, so 0 divides by zero or hides the model and a negative size mirrors it, almost certainly a mistake' }),
  exposure: rule({ id: 'presentation.lighting.exposure', class: 'guess', treatment: 'warning', section: S, item: '`lighting.exposure`', bound: 'greater than 0', was: '0.05–8, an error', source: 'the docs give no range; tone mapping with exposure 0 or less renders the model black, almost certainly a mistake' }),
  labelTiming: rule({ id: 'presentation.label.timing', class: 'guess', treatment: 'warning', section: S, item: '`label` `durationMs`, `riseMs`, `fadeMs`', bound: 'durationMs greater than 0; riseMs, fadeMs at least 0 with riseMs + fadeMs ≤ durationMs', was: 'durationMs integer 1–10,000; riseMs, fadeMs integers within it; riseMs + fadeMs ≤ durationMs, errors', source: 'the docs give no range; a label that lasts no time is never seen, and a rise and fade longer than the label overlap, almost certainly mistakes' }),
  labelColors: rule({ id: 'presentation.label.colors.empty', class: 'guess', treatment: 'warning', section: S, item: '`label.colors`', bound: 'at least one color (any number)', was: '1–8 colors, an error', source: 'the docs give no count; a label style without colors gives the label nothing to draw with, almost certainly a mistake' }),
  timelineFrames: rule({ id: 'timeline.frames.empty', class: 'guess', treatment: 'warning', section: S, item: 'Timeline `frames`', bound: 'at least one frame (any number)', was: '1–64 frames, an error', source: 'the docs: a timeline has "evenly spaced frames" and "Loading or rejoining shows the final frame"; with no frame there is nothing to show, almost certainly a mistake' }),
  timelineDuration: rule({ id: 'timeline.durationMs', class: 'guess', treatment: 'warning', section: S, item: 'Timeline `durationMs`', bound: 'at least 0 (0 shows the final frame at once)', was: 'integer 1–10,000 ms, an error', source: 'the docs give no range; a negative duration has no meaning, almost certainly a mistake' }),
  presentation: rule({ id: 'presentation.ranges', class: 'guess', treatment: 'dropped', section: S, item: '`textureSize`, `nominalSize`, `fitSize` ranges; `materials`; `lighting` levels and positions; `shadow`', bound: 'any finite numbers; any number of materials, any names', was: 'textureSize integer 32–1,024; sizes at most 1,000; ≤ 32 materials named 1–64 characters; ambient, key, fill 0–8; positions −1,000–1,000; shadow xFactor −4–4, z −1,000–1,000', source: DROPPED }),
  label: rule({ id: 'presentation.label.ranges', class: 'guess', treatment: 'dropped', section: S, item: '`label` `offsetY`, `height`, frames', bound: 'any finite numbers; any number of frames', was: 'offsetY −1,000–1,000; height 1–1,000 pixels; 1–32 frames (scale 0–8, rotation ±2π, y ±1,000, opacity 0–1)', source: DROPPED }),
  timeline: rule({ id: 'timeline.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Timeline `key`, `at`, `number`; frame `x`, `lift`, `shadow`', bound: 'any string; any finite numbers', was: 'key 1–128 characters; `at` a safe integer ≥ 0 ms; `number` ±10⁹; x, lift −1,000–1,000; shadow 0–8 each', source: 'the docs: "a transition key, authoritative timestamp, duration and evenly spaced frames", with no range; the host compares keys and timestamps as given' }),
};

const R = PRESENTATION_RULES;

/** A quaternion `[x, y, z, w]` of finite numbers; far from unit length is a warning. */
export function quaternionProblem(value: unknown, path: string): Problem {
  const found = tuple(value, path, 4, finiteNumber);
  if (found) return found;
  const q = value as number[];
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(Math.abs(length - 1) <= QUATERNION_UNIT_TOLERANCE))
    return fail(R.quaternion, path, `is not a unit quaternion [x, y, z, w] (length ${length.toPrecision(6)}), so it does not describe a rotation; build it with axisQuaternion`, value);
  return null;
}

function colorProblem(value: unknown, path: string): Problem {
  return colorString(value, path, R.colorHex, 'is not a hex color like "#ffc078" or "#fc0" (the form the documented colors use; a host may not draw another)', 'must be a color string like "#ffc078"');
}

/** Required finite numbers `keys` of `v`. */
function numbers(v: Record<string, unknown>, path: string, keys: readonly string[]): Problem {
  for (let i = 0; i < keys.length; i++) {
    const found = finiteNumber(v[keys[i]], joinPath(path, keys[i]));
    if (found) return found;
  }
  return null;
}

const vector3 = (value: unknown, path: string): Problem => tuple(value, path, 3, finiteNumber);

function lightingSetupProblem(value: unknown, path: string): Problem {
  const keys = ['sky', 'ground', 'ambient', 'key', 'fill', 'exposure', 'keyColor', 'fillColor', 'keyPosition', 'fillPosition'];
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => colorProblem(v.sky, at('sky')),
    () => colorProblem(v.ground, at('ground')),
    () => numbers(v, path, ['ambient', 'key', 'fill', 'exposure']),
    () => ((v.exposure as number) > 0 ? null : fail(R.exposure, at('exposure'), 'is not greater than 0, so the model renders black', v.exposure)),
    () => colorProblem(v.keyColor, at('keyColor')),
    () => colorProblem(v.fillColor, at('fillColor')),
    () => vector3(v.keyPosition, at('keyPosition')),
    () => vector3(v.fillPosition, at('fillPosition')),
  );
}

const LABEL_FRAME = ['scaleX', 'scaleY', 'rotation', 'y', 'opacity'];

function labelProblem(value: unknown, path: string): Problem {
  const keys = ['colors', 'durationMs', 'riseMs', 'fadeMs', 'offsetY', 'height', 'frames'];
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => arrayOf(v.colors, at('colors'), null, colorProblem),
    () => ((v.colors as unknown[]).length > 0 ? null : fail(R.labelColors, at('colors'), 'has no colors, so the label has none to draw with', v.colors)),
    () => numbers(v, path, ['durationMs', 'riseMs', 'fadeMs', 'offsetY', 'height']),
    () => {
      const duration = v.durationMs as number;
      const rise = v.riseMs as number;
      const fade = v.fadeMs as number;
      if (!(duration > 0)) return fail(R.labelTiming, at('durationMs'), 'is not greater than 0, so the label is never seen', duration);
      if (rise < 0) return fail(R.labelTiming, at('riseMs'), 'is negative', rise);
      if (fade < 0) return fail(R.labelTiming, at('fadeMs'), 'is negative', fade);
      if (rise + fade > duration) return fail(R.labelTiming, at('fadeMs'), `makes riseMs + fadeMs longer than durationMs (${formatNumber(duration)} ms), so the rise and fade overlap`, fade);
      return null;
    },
    () =>
      arrayOf(v.frames, at('frames'), null, (frame, frameAt) => {
        const found = knownKeys(frame, frameAt, LABEL_FRAME) ?? requiredKeys(frame as Record<string, unknown>, frameAt, LABEL_FRAME);
        return found ?? numbers(frame as Record<string, unknown>, frameAt, LABEL_FRAME);
      }),
  );
}

const PRESENTATION_KEYS = ['model', 'textureSize', 'nominalSize', 'fitSize', 'rest', 'materials', 'lighting', 'shadow', 'tap', 'label'];
const PRESENTATION_REQUIRED = PRESENTATION_KEYS.filter((k) => k !== 'label');

/** A GizmoPresentation; the model bytes are inspected by model.ts. Warnings go to collectWarnings. */
export function presentationProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  const at = (key: string) => joinPath(path, key);
  return first(
    () => knownKeys(value, path, PRESENTATION_KEYS),
    () => requiredKeys(v, path, PRESENTATION_REQUIRED),
    () => (typeof v.model === 'string' ? null : fail(TYPE_RULES.string, at('model'), 'must be a base64 GLB string', v.model)),
    () => numbers(v, path, ['textureSize', 'nominalSize', 'fitSize']),
    () => {
      const size = v.textureSize as number;
      if (size > 0 && size <= TEXTURE_WARNING_MAX) return null;
      return fail(R.textureSize, at('textureSize'), size > 0 ? `is larger than ${formatNumber(TEXTURE_WARNING_MAX)} pixels, more than many devices allocate for one render target` : 'is not greater than 0, so the model has no render target', size);
    },
    () => ((v.nominalSize as number) > 0 ? null : fail(R.sizes, at('nominalSize'), 'is not greater than 0, so the model cannot be fitted (it is scaled by fitSize / nominalSize)', v.nominalSize)),
    () => ((v.fitSize as number) > 0 ? null : fail(R.sizes, at('fitSize'), 'is not greater than 0, so the fitted model is hidden or mirrored', v.fitSize)),
    () => quaternionProblem(v.rest, at('rest')),
    () => {
      if (!isPlainObject(v.materials)) return fail(TYPE_RULES.object, at('materials'), 'must be an object mapping material names to colors', v.materials);
      const materials = v.materials;
      const names = Object.keys(materials);
      for (let i = 0; i < names.length; i++) {
        const found = colorProblem(materials[names[i]], joinPath(at('materials'), names[i]));
        if (found) return found;
      }
      return null;
    },
    () => lightingSetupProblem(v.lighting, at('lighting')),
    () => {
      const sp = at('shadow');
      const found = knownKeys(v.shadow, sp, ['color', 'xFactor', 'z']) ?? requiredKeys(v.shadow as Record<string, unknown>, sp, ['color', 'xFactor', 'z']);
      if (found) return found;
      const shadow = v.shadow as Record<string, unknown>;
      return colorProblem(shadow.color, joinPath(sp, 'color')) ?? numbers(shadow, sp, ['xFactor', 'z']);
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

const FRAME_KEYS = ['rotation', 'x', 'lift', 'shadow'];

function frameProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, FRAME_KEYS),
    () => requiredKeys(v, path, FRAME_KEYS),
    () => quaternionProblem(v.rotation, joinPath(path, 'rotation')),
    () => numbers(v, path, ['x', 'lift']),
    () => vector3(v.shadow, joinPath(path, 'shadow')),
  );
}

/** A GizmoTimeline: key, timestamp, duration and frames. Warnings go to collectWarnings. */
export function timelineProblem(value: unknown, path: string): Problem {
  const keys = ['key', 'at', 'durationMs', 'frames', 'number'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, ['key', 'at', 'durationMs', 'frames']),
    () => stringValue(v.key, joinPath(path, 'key')),
    () => numbers(v, path, ['at', 'durationMs']),
    () => ((v.durationMs as number) >= 0 ? null : fail(R.timelineDuration, joinPath(path, 'durationMs'), 'is negative', v.durationMs)),
    () => arrayOf(v.frames, joinPath(path, 'frames'), null, frameProblem),
    () => ((v.frames as unknown[]).length > 0 ? null : fail(R.timelineFrames, joinPath(path, 'frames'), 'has no frames, so there is no final frame to show', v.frames)),
    () => optional(v.number, () => finiteNumber(v.number, joinPath(path, 'number'))),
  );
}

export function validGizmoTimeline(v: unknown): v is GizmoTimeline {
  return timelineProblem(v, '') === null;
}

export function gizmoTimelineError(value: unknown): string | null {
  return problemText(timelineProblem(value, ''));
}

// ---------------------------------------------------------------------------------------------
// Quaternion helpers. Pure functions on [x, y, z, w]; inputs are not mutated. Every result is
// finite, of unit length within a few ulps for unit (or, for axisQuaternion, any) inputs, and has
// no −0 component, so it passes quaternionProblem and survives a JSON round trip unchanged.

function finiteQuaternion(q: unknown, name: string, fn: string): Quaternion {
  if (!Array.isArray(q) || q.length !== 4 || !q.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new TypeError(`${fn}: ${name} must be [x, y, z, w] of finite numbers`);
  return q as Quaternion;
}

/** −0 → 0 (x + 0 is +0 for x = −0 and x otherwise). */
const plain = (n: number): number => n + 0;

/** The unit vector along `v`, scaled by its largest component first so huge components do not overflow. */
function unit<T extends number[]>(v: T): T | null {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
  if (!(m > 0)) return null;
  const scaled = v.map((n) => n / m);
  const length = Math.hypot(...scaled);
  return scaled.map((n) => n / length) as T;
}

function normalize(q: Quaternion, name: string, fn: string): Quaternion {
  const out = unit(q);
  if (out === null) throw new RangeError(`${fn}: ${name} must not be the zero quaternion`);
  return out;
}

/** The Hamilton product a·b: the rotation b followed by a (as the renderer composes them). */
export function multiplyQuaternion(a: Quaternion, b: Quaternion): Quaternion {
  const [ax, ay, az, aw] = finiteQuaternion(a, 'a', 'multiplyQuaternion');
  const [bx, by, bz, bw] = finiteQuaternion(b, 'b', 'multiplyQuaternion');
  const out: Quaternion = [
    plain(aw * bx + ax * bw + ay * bz - az * by),
    plain(aw * by - ax * bz + ay * bw + az * bx),
    plain(aw * bz + ax * by - ay * bx + az * bw),
    plain(aw * bw - ax * bx - ay * by - az * bz),
  ];
  if (!out.every(Number.isFinite)) throw new RangeError('multiplyQuaternion: the product overflows (use unit quaternions)');
  return out;
}

/** The rotation of `angle` radians about `axis` (any non-zero length; normalized here). */
export function axisQuaternion(axis: number[], angle: number): Quaternion {
  if (!Array.isArray(axis) || axis.length !== 3 || !axis.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new TypeError('axisQuaternion: axis must be [x, y, z] of finite numbers');
  if (typeof angle !== 'number' || !Number.isFinite(angle)) throw new TypeError('axisQuaternion: angle must be a finite number of radians');
  const u = unit([axis[0], axis[1], axis[2]]);
  if (u === null) throw new RangeError('axisQuaternion: axis must not be zero-length');
  const s = Math.sin(angle / 2);
  return [plain(u[0] * s), plain(u[1] * s), plain(u[2] * s), plain(Math.cos(angle / 2))];
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
  if (u === 0) return qa.map(plain) as Quaternion;
  if (u === 1) return qb.map(plain) as Quaternion;
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
  return normalize(out, 'result', 'slerpQuaternion').map(plain) as Quaternion;
}
