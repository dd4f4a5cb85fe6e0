/**
 * Layered sprites: a small canvas drawing as data. The host draws it; the recipe never reaches a
 * DOM, URL or shader. Bounds (LIMITS.md, "Effects") keep one sprite a handful of canvas calls.
 */
import type { ObjectDefinition } from './api.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import { arrayOf, first, hexColor, integerIn, isPlainObject, knownKeys, numberIn, oneOf, optional, plainString, requiredKeys, tuple, type Problem } from './internal/checks.js';

export type GizmoSpriteFill =
  | string
  | {
      from: string;
      to: string;
      y: [number, number];
    };
export type GizmoSpriteShape =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      radius: number;
      fill: GizmoSpriteFill;
    }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      weight: 400 | 600;
      color: string;
    }
  /** The host may supply a composition marker. The recipe only chooses its rectangle. */
  | {
      kind: 'marker';
      x: number;
      y: number;
      width: number;
      height: number;
    };
/** Small layered canvas drawing, rendered by the host. No URLs, HTML, shaders or renderer handles. */
export interface GizmoSpriteRecipe {
  size: number;
  layers: {
    id: string;
    shapes: GizmoSpriteShape[];
  }[];
}
export interface GizmoSpriteFrame {
  at: number;
  offset: [number, number];
  /** Linear RGB material multiplier. */
  tint: [number, number, number];
  curve?: 'linear' | 'out-cubic' | 'out-quadratic';
}
/** Local cosmetic animation of one named layer; reduced motion retains tint only. */
export interface GizmoSpriteAnimation {
  layer: string;
  frames: GizmoSpriteFrame[];
}

/** Bounds of sprite recipes and animations (LIMITS.md, "Effects"). */
export const SPRITE_LIMITS = {
  /** Canvas edge in sprite pixels (integer). */
  size: [8, 256],
  layers: [1, 8],
  shapesPerLayer: [1, 32],
  shapesTotal: 64,
  markers: 1,
  /** Layer id: letters, digits, `_` and `-`, starting with a letter. */
  layerIdLength: 32,
  textLength: 32,
  /** Font size in sprite pixels, also at most the sprite size. */
  fontSize: [4, 128],
  frames: [1, 16],
  /** Animation offset in sprite pixels. */
  offset: 256,
  /** Linear RGB multiplier per channel. */
  tint: [0, 4],
} as const;

const S = SPRITE_LIMITS;
const LAYER_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function layerIdProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string' || value.length === 0 || value.length > S.layerIdLength || !LAYER_ID.test(value))
    return problem(path, `must be a layer id of 1–${S.layerIdLength} letters, digits, "_" or "-", starting with a letter`, value);
  return null;
}

function fillProblem(value: unknown, path: string, size: number): Problem {
  if (typeof value === 'string') return hexColor(value, path);
  if (!isPlainObject(value))
    return problem(path, 'must be a six-digit hex color or a gradient { from, to, y }', value);
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['from', 'to', 'y']),
    () => requiredKeys(v, path, ['from', 'to', 'y']),
    () => hexColor(v.from, joinPath(path, 'from')),
    () => hexColor(v.to, joinPath(path, 'to')),
    () => tuple(v.y, joinPath(path, 'y'), 2, (item, at) => numberIn(item, at, -size, size * 2, 'pixels')),
  );
}

/** Shapes may start up to one canvas outside and extend to one more (generous; the host clips). */
function boxProblem(v: Record<string, unknown>, path: string, size: number): Problem {
  return first(
    () => numberIn(v.x, joinPath(path, 'x'), -size, size, 'pixels'),
    () => numberIn(v.y, joinPath(path, 'y'), -size, size, 'pixels'),
    () => numberIn(v.width, joinPath(path, 'width'), 0, size * 2, 'pixels'),
    () => numberIn(v.height, joinPath(path, 'height'), 0, size * 2, 'pixels'),
  );
}

function shapeProblem(value: unknown, path: string, size: number): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  const v = value as Record<string, unknown>;
  const kind = oneOf(v.kind, joinPath(path, 'kind'), ['rect', 'text', 'marker']);
  if (kind) return kind;
  if (v.kind === 'rect') {
    const keys = ['kind', 'x', 'y', 'width', 'height', 'radius', 'fill'];
    return first(
      () => knownKeys(value, path, keys),
      () => requiredKeys(v, path, keys),
      () => boxProblem(v, path, size),
      () => {
        const max = Math.min(v.width as number, v.height as number) / 2;
        return numberIn(v.radius, joinPath(path, 'radius'), 0, max, 'pixels (half the shorter side)');
      },
      () => fillProblem(v.fill, joinPath(path, 'fill'), size),
    );
  }
  if (v.kind === 'text') {
    const keys = ['kind', 'x', 'y', 'text', 'size', 'weight', 'color'];
    const maxFont = Math.min(S.fontSize[1], size);
    return first(
      () => knownKeys(value, path, keys),
      () => requiredKeys(v, path, keys),
      () => numberIn(v.x, joinPath(path, 'x'), -size, size, 'pixels'),
      () => numberIn(v.y, joinPath(path, 'y'), -size, size, 'pixels'),
      () => plainString(v.text, joinPath(path, 'text'), S.textLength),
      () => numberIn(v.size, joinPath(path, 'size'), S.fontSize[0], maxFont, 'pixels'),
      () => oneOf(v.weight, joinPath(path, 'weight'), [400, 600]),
      () => hexColor(v.color, joinPath(path, 'color')),
    );
  }
  const keys = ['kind', 'x', 'y', 'width', 'height'];
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => boxProblem(v, path, size),
  );
}

/** A GizmoSpriteRecipe; the first actionable problem, or null. */
export function spriteProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  const found = first(
    () => knownKeys(value, path, ['size', 'layers']),
    () => requiredKeys(v, path, ['size', 'layers']),
    () => integerIn(v.size, joinPath(path, 'size'), S.size[0], S.size[1], 'pixels'),
  );
  if (found) return found;
  const size = v.size as number;
  const ids: string[] = [];
  let shapes = 0;
  let markers = 0;
  return arrayOf(v.layers, joinPath(path, 'layers'), S.layers[0], S.layers[1], (layer, at) => {
    const l = layer as Record<string, unknown>;
    return first(
      () => knownKeys(layer, at, ['id', 'shapes']),
      () => requiredKeys(l, at, ['id', 'shapes']),
      () => layerIdProblem(l.id, joinPath(at, 'id')),
      () => {
        if (ids.includes(l.id as string)) return problem(joinPath(at, 'id'), 'must be unique among the layers', l.id);
        ids.push(l.id as string);
        return null;
      },
      () =>
        arrayOf(l.shapes, joinPath(at, 'shapes'), S.shapesPerLayer[0], S.shapesPerLayer[1], (shape, shapeAt) => {
          const bad = shapeProblem(shape, shapeAt, size);
          if (bad) return bad;
          if (++shapes > S.shapesTotal) return problem(shapeAt, `must not exceed ${S.shapesTotal} shapes in the whole sprite`, shape);
          if ((shape as { kind: string }).kind === 'marker' && ++markers > S.markers)
            return problem(shapeAt, 'must be the only marker in the sprite (the host supplies one composition marker)', shape);
          return null;
        }),
    );
  });
}

export function gizmoSpriteError(value: unknown): string | null {
  return problemText(spriteProblem(value, ''));
}

/** A GizmoSpriteAnimation: 1–16 frames with strictly increasing `at` in 0–1. */
export function spriteAnimationProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['layer', 'frames']),
    () => requiredKeys(v, path, ['layer', 'frames']),
    () => layerIdProblem(v.layer, joinPath(path, 'layer')),
    () =>
      arrayOf(v.frames, joinPath(path, 'frames'), S.frames[0], S.frames[1], (frame, at, index) => {
        const f = frame as Record<string, unknown>;
        return first(
          () => knownKeys(frame, at, ['at', 'offset', 'tint', 'curve']),
          () => requiredKeys(f, at, ['at', 'offset', 'tint']),
          () => numberIn(f.at, joinPath(at, 'at'), 0, 1),
          () => {
            if (index === 0) return null;
            const previous = (v.frames as Record<string, unknown>[])[index - 1].at as number;
            return (f.at as number) > previous ? null : problem(joinPath(at, 'at'), `must be greater than the previous frame's at (${previous})`, f.at);
          },
          () => tuple(f.offset, joinPath(at, 'offset'), 2, (item, itemAt) => numberIn(item, itemAt, -S.offset, S.offset, 'pixels')),
          () => tuple(f.tint, joinPath(at, 'tint'), 3, (item, itemAt) => numberIn(item, itemAt, S.tint[0], S.tint[1])),
          () => optional(f.curve, () => oneOf(f.curve, joinPath(at, 'curve'), ['linear', 'out-cubic', 'out-quadratic'])),
        );
      }),
  );
}

export function gizmoSpriteAnimationError(value: unknown): string | null {
  return problemText(spriteAnimationProblem(value, ''));
}

function ease(curve: GizmoSpriteFrame['curve'], u: number): number {
  switch (curve) {
    case 'out-cubic':
      return 1 - (1 - u) ** 3;
    case 'out-quadratic':
      return 1 - (1 - u) ** 2;
    default:
      return u;
  }
}

/**
 * The interpolated frame at `progress` (clamped to 0–1; NaN counts as 0). Before the first frame
 * the first frame holds, after the last the last holds. Between two frames the curve of the later
 * (incoming) frame shapes the segment, as with sound envelopes. The result's `at` is the progress
 * and it carries no curve. Throws on an invalid animation.
 */
export function spriteAnimationFrame(animation: GizmoSpriteAnimation, progress: number): GizmoSpriteFrame {
  const found = spriteAnimationProblem(animation, 'animation');
  if (found) throw new TypeError(`spriteAnimationFrame: ${found}`);
  const p = typeof progress === 'number' && progress > 0 ? Math.min(progress, 1) : 0;
  const frames = animation.frames;
  const snapshot = (f: GizmoSpriteFrame): GizmoSpriteFrame => ({ at: p, offset: [f.offset[0], f.offset[1]], tint: [f.tint[0], f.tint[1], f.tint[2]] });
  if (p <= frames[0].at) return snapshot(frames[0]);
  const last = frames[frames.length - 1];
  if (p >= last.at) return snapshot(last);
  let i = 1;
  while (frames[i].at < p) i++;
  const a = frames[i - 1];
  const b = frames[i];
  const u = ease(b.curve, (p - a.at) / (b.at - a.at));
  const mix = (x: number, y: number) => x + (y - x) * u;
  return {
    at: p,
    offset: [mix(a.offset[0], b.offset[0]), mix(a.offset[1], b.offset[1])],
    tint: [mix(a.tint[0], b.tint[0]), mix(a.tint[1], b.tint[1]), mix(a.tint[2], b.tint[2])],
  };
}

/**
 * The validated sprite for `state`, or undefined when the definition has none. Throws an Error
 * naming the definition and the field when `sprite(state)` returns an invalid recipe.
 */
export function resolveGizmoSprite(definition: ObjectDefinition, state: unknown): GizmoSpriteRecipe | undefined {
  if (definition.sprite === undefined) return undefined;
  const name = typeof definition.type === 'string' ? definition.type : 'definition';
  if (typeof definition.sprite !== 'function') throw new TypeError(`${name}: sprite must be a function (state) => GizmoSpriteRecipe`);
  const recipe = callAuthor(definition, 'sprite', definition.sprite, state);
  const found = spriteProblem(recipe, 'sprite');
  if (found) throw new Error(`${name}: sprite(state) returned an invalid recipe: ${found}`);
  return JSON.parse(JSON.stringify(recipe)) as GizmoSpriteRecipe;
}
