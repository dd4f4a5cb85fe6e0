/**
 * Layered sprites: a small canvas drawing as data. The host draws it; the recipe never reaches a
 * DOM, URL or shader. The docs declare the shapes and state no number, so only types are errors
 * (SPRITE_RULES lists the former bounds and the warnings that replaced some of them).
 */
import type { ObjectDefinition } from './api.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText } from './internal/problem.js';
import { arrayOf, colorString, finiteNumber, first, isPlainObject, knownKeys, oneOf, optional, requiredKeys, stringValue, tuple, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';

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

const S = 'Sprites';
const DROPPED = 'the docs give no range (GizmoSpriteShape declares plain numbers); shapes may lie anywhere, and the host clips to the canvas';

/**
 * The sprite rules. The docs declare the shapes (and the `weight` and `curve` literals, kept as
 * type rules) but state no number, so every former bound is dropped; a few values stay warnings
 * because they are almost certainly mistakes.
 */
export const SPRITE_RULES = {
  colorHex: rule({ id: 'sprite.color.hex', class: 'guess', treatment: 'warning', section: S, item: 'Sprite colors (`fill`, gradient `from`/`to`, text `color`)', bound: '`#rgb` or `#rrggbb` (another string warns)', was: '`#rrggbb`, an error', source: 'GizmoSpriteFill and the text shape declare colors as `string` with no format; the documented colors are hex, so another form is likely a mistake a host may not draw' }),
  sizePositive: rule({ id: 'sprite.size.positive', class: 'guess', treatment: 'warning', section: S, item: 'Sprite `size`', bound: 'greater than 0', was: 'integer 8–256 pixels, an error', source: 'the docs give no range; a canvas of 0 pixels or less draws nothing, almost certainly a mistake (the host rounds a fractional size)' }),
  layerUnique: rule({ id: 'sprite.layer.unique', class: 'guess', treatment: 'warning', section: S, item: 'Sprite layer ids', bound: 'unique among the layers', was: 'unique, 1–32 of `A–Z a–z 0–9 _ -` starting with a letter, errors', source: 'the docs are silent; a GizmoSpriteAnimation names "one named layer", so a repeated id leaves it ambiguous which layer moves' }),
  marker: rule({ id: 'sprite.marker.one', class: 'guess', treatment: 'warning', section: S, item: 'Sprite `marker` shapes', bound: 'at most one per sprite', was: 'at most one, an error', source: 'the docs: "The host may supply a composition marker. The recipe only chooses its rectangle." One marker is supplied, so a second rectangle is almost certainly a mistake' }),
  radius: rule({ id: 'sprite.rect.radius', class: 'guess', treatment: 'warning', section: S, item: 'Rect `radius`', bound: 'at least 0 (any size: canvas scales overlapping corners down)', was: '0 to half the shorter side, an error', source: 'the docs give no range; canvas `roundRect` throws on a negative radius, so one is almost certainly a mistake' }),
  fontSize: rule({ id: 'sprite.text.size', class: 'guess', treatment: 'warning', section: S, item: 'Text `size`', bound: 'greater than 0', was: '4 to min(128, sprite size) pixels, an error', source: 'the docs give no range; text of size 0 or less is never drawn, almost certainly a mistake' }),
  framesEmpty: rule({ id: 'sprite.animation.frames.empty', class: 'guess', treatment: 'warning', section: S, item: 'Animation `frames`', bound: 'at least one frame (any number)', was: '1–16 frames, an error', source: 'the docs give no count; an animation without frames moves nothing, almost certainly a mistake (spriteAnimationFrame then returns the rest frame: offset [0, 0], tint [1, 1, 1])' }),
  atOrder: rule({ id: 'sprite.animation.at.order', class: 'guess', treatment: 'warning', section: S, item: 'Animation frame `at`', bound: 'not below the previous frame\'s `at` (an equal `at` is an instant jump)', was: 'strictly increasing, an error', source: 'the docs are silent; spriteAnimationFrame reads the frames in order, so a frame earlier than the one before it is partly skipped, almost certainly a mistake' }),
  tint: rule({ id: 'sprite.animation.tint', class: 'guess', treatment: 'warning', section: S, item: 'Animation frame `tint[i]`', bound: 'at least 0 (no maximum)', was: '0–4, an error', source: 'GizmoSpriteFrame.tint: "Linear RGB material multiplier" with no range; a negative multiplier has no meaning (the channel draws black), almost certainly a mistake' }),
  sizeRange: rule({ id: 'sprite.size.range', class: 'guess', treatment: 'dropped', section: S, item: 'Sprite `size` range', bound: 'any finite number', was: 'integer 8–256 pixels', source: 'the docs give no range; the host owns the canvas it allocates' }),
  counts: rule({ id: 'sprite.counts', class: 'guess', treatment: 'dropped', section: S, item: 'Sprite layers and shapes', bound: 'any number, empty lists included', was: '1–8 layers; 1–32 shapes per layer, 64 per sprite', source: 'the docs give no count (`layers: {…}[]`, `shapes: GizmoSpriteShape[]`); an empty layer or sprite draws nothing, harmlessly (a state may show nothing)' }),
  layerId: rule({ id: 'sprite.layer.id', class: 'guess', treatment: 'dropped', section: S, item: 'Sprite layer id and animation `layer` grammar', bound: 'any string', was: '1–32 of `A–Z a–z 0–9 _ -` starting with a letter', source: 'declared `id: string`; any string names a layer' }),
  geometry: rule({ id: 'sprite.geometry', class: 'guess', treatment: 'dropped', section: S, item: 'Shape `x`, `y`, `width`, `height`, gradient `y`', bound: 'any finite numbers', was: 'x, y −size to size; width, height 0 to 2·size; gradient y −size to 2·size pixels', source: DROPPED }),
  text: rule({ id: 'sprite.text', class: 'guess', treatment: 'dropped', section: S, item: 'Text `text`', bound: 'any string (empty and control characters included)', was: '1–32 characters, no control characters', source: 'declared `text: string`; the host draws the characters it can' }),
  frames: rule({ id: 'sprite.animation.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Animation `at`, `offset[i]`', bound: 'any finite numbers', was: '`at` 0–1; offset −256–256 pixels', source: 'the docs give no range; spriteAnimationFrame clamps progress to 0–1, so frames outside it hold, and offsets move the layer anywhere (the host clips)' }),
};

const R = SPRITE_RULES;

/** A sprite color: a string (type), in hex (a warning otherwise). */
function colorProblem(value: unknown, path: string): Problem {
  return colorString(value, path, R.colorHex, 'is not a hex color like "#ffc078" or "#fc0" (the form the documented colors use; a host may not draw another)', 'must be a color string like "#ffc078"');
}

function fillProblem(value: unknown, path: string): Problem {
  if (typeof value === 'string') return colorProblem(value, path);
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be a color string or a gradient { from, to, y }', value);
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['from', 'to', 'y']),
    () => requiredKeys(v, path, ['from', 'to', 'y']),
    () => colorProblem(v.from, joinPath(path, 'from')),
    () => colorProblem(v.to, joinPath(path, 'to')),
    () => tuple(v.y, joinPath(path, 'y'), 2, finiteNumber),
  );
}

/** Required finite numbers `keys` of `v`. */
function numbers(v: Record<string, unknown>, path: string, keys: readonly string[]): Problem {
  for (let i = 0; i < keys.length; i++) {
    const found = finiteNumber(v[keys[i]], joinPath(path, keys[i]));
    if (found) return found;
  }
  return null;
}

const RECT = ['kind', 'x', 'y', 'width', 'height', 'radius', 'fill'];
const TEXT = ['kind', 'x', 'y', 'text', 'size', 'weight', 'color'];
const MARKER = ['kind', 'x', 'y', 'width', 'height'];

function shapeProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be an object', value);
  const v = value as Record<string, unknown>;
  const kind = oneOf(v.kind, joinPath(path, 'kind'), ['rect', 'text', 'marker']);
  if (kind) return kind;
  if (v.kind === 'rect') {
    return first(
      () => knownKeys(value, path, RECT),
      () => requiredKeys(v, path, RECT),
      () => numbers(v, path, ['x', 'y', 'width', 'height', 'radius']),
      () => ((v.radius as number) >= 0 ? null : fail(R.radius, joinPath(path, 'radius'), 'is negative, which canvas roundRect refuses', v.radius)),
      () => fillProblem(v.fill, joinPath(path, 'fill')),
    );
  }
  if (v.kind === 'text') {
    return first(
      () => knownKeys(value, path, TEXT),
      () => requiredKeys(v, path, TEXT),
      () => numbers(v, path, ['x', 'y']),
      () => stringValue(v.text, joinPath(path, 'text')),
      () => finiteNumber(v.size, joinPath(path, 'size')),
      () => ((v.size as number) > 0 ? null : fail(R.fontSize, joinPath(path, 'size'), 'is not greater than 0, so the text is never drawn', v.size)),
      () => oneOf(v.weight, joinPath(path, 'weight'), [400, 600]),
      () => colorProblem(v.color, joinPath(path, 'color')),
    );
  }
  return first(
    () => knownKeys(value, path, MARKER),
    () => requiredKeys(v, path, MARKER),
    () => numbers(v, path, ['x', 'y', 'width', 'height']),
  );
}

/** A GizmoSpriteRecipe; the first actionable problem, or null. Warnings go to collectWarnings. */
export function spriteProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  const found = first(
    () => knownKeys(value, path, ['size', 'layers']),
    () => requiredKeys(v, path, ['size', 'layers']),
    () => finiteNumber(v.size, joinPath(path, 'size')),
    () => ((v.size as number) > 0 ? null : fail(R.sizePositive, joinPath(path, 'size'), 'is not greater than 0, so the sprite draws nothing', v.size)),
  );
  if (found) return found;
  const ids: string[] = [];
  let markers = 0;
  return arrayOf(v.layers, joinPath(path, 'layers'), null, (layer, at) => {
    const l = layer as Record<string, unknown>;
    return first(
      () => knownKeys(layer, at, ['id', 'shapes']),
      () => requiredKeys(l, at, ['id', 'shapes']),
      () => stringValue(l.id, joinPath(at, 'id')),
      () => {
        if (ids.indexOf(l.id as string) >= 0) return fail(R.layerUnique, joinPath(at, 'id'), 'repeats an earlier layer\'s id, so an animation naming it is ambiguous', l.id);
        ids.push(l.id as string);
        return null;
      },
      () =>
        arrayOf(l.shapes, joinPath(at, 'shapes'), null, (shape, shapeAt) => {
          const bad = shapeProblem(shape, shapeAt);
          if (bad) return bad;
          if ((shape as { kind: string }).kind === 'marker' && ++markers > 1)
            return fail(R.marker, shapeAt, 'is a second marker; the host supplies one composition marker per sprite', shape);
          return null;
        }),
    );
  });
}

export function gizmoSpriteError(value: unknown): string | null {
  return problemText(spriteProblem(value, ''));
}

/** A GizmoSpriteAnimation: a layer name and frames of finite numbers. Warnings go to collectWarnings. */
export function spriteAnimationProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['layer', 'frames']),
    () => requiredKeys(v, path, ['layer', 'frames']),
    () => stringValue(v.layer, joinPath(path, 'layer')),
    () =>
      arrayOf(v.frames, joinPath(path, 'frames'), null, (frame, at, index) => {
        const f = frame as Record<string, unknown>;
        return first(
          () => knownKeys(frame, at, ['at', 'offset', 'tint', 'curve']),
          () => requiredKeys(f, at, ['at', 'offset', 'tint']),
          () => finiteNumber(f.at, joinPath(at, 'at')),
          () => {
            if (index === 0) return null;
            const previous = (v.frames as Record<string, unknown>[])[index - 1].at as number;
            return (f.at as number) >= previous ? null : fail(R.atOrder, joinPath(at, 'at'), `is before the previous frame's at (${previous}), so frames are partly skipped`, f.at);
          },
          () => tuple(f.offset, joinPath(at, 'offset'), 2, finiteNumber),
          () =>
            tuple(f.tint, joinPath(at, 'tint'), 3, (item, itemAt) => finiteNumber(item, itemAt) ?? ((item as number) >= 0 ? null : fail(R.tint, itemAt, 'is a negative multiplier, which draws the channel black', item))),
          () => optional(f.curve, () => oneOf(f.curve, joinPath(at, 'curve'), ['linear', 'out-cubic', 'out-quadratic'])),
        );
      }),
    () => ((v.frames as unknown[]).length > 0 ? null : fail(R.framesEmpty, joinPath(path, 'frames'), 'has no frames, so the layer never moves', v.frames)),
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
 * (incoming) frame shapes the segment, as with sound envelopes; an equal `at` is an instant jump.
 * Frames are read in order (one earlier than the frame before it is partly skipped; the validator
 * warns). Without frames the rest frame holds: offset [0, 0], tint [1, 1, 1]. The result's `at` is
 * the progress and it carries no curve; every number in it is finite, so it is itself a valid
 * frame. Throws on an animation the validator refuses.
 */
export function spriteAnimationFrame(animation: GizmoSpriteAnimation, progress: number): GizmoSpriteFrame {
  const found = spriteAnimationProblem(animation, 'animation');
  if (found) throw new TypeError(`spriteAnimationFrame: ${found}`);
  const p = typeof progress === 'number' && progress > 0 ? Math.min(progress, 1) : 0;
  const frames = animation.frames;
  if (frames.length === 0) return { at: p, offset: [0, 0], tint: [1, 1, 1] };
  const snapshot = (f: GizmoSpriteFrame): GizmoSpriteFrame => ({ at: p, offset: [f.offset[0], f.offset[1]], tint: [f.tint[0], f.tint[1], f.tint[2]] });
  if (p <= frames[0].at) return snapshot(frames[0]);
  const last = frames[frames.length - 1];
  if (p >= last.at) return snapshot(last);
  let i = 1;
  while (frames[i].at < p) i++;
  const a = frames[i - 1];
  const b = frames[i];
  const u = ease(b.curve, (p - a.at) / (b.at - a.at));
  // Weighted, not x + (y − x)·u: y − x overflows for finite values of opposite signs near ±1e308.
  const mix = (x: number, y: number) => (x === y ? x : x * (1 - u) + y * u);
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
