import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gizmoSpriteAnimationError,
  gizmoSpriteError,
  resolveGizmoSprite,
  spriteAnimationFrame,
  type GizmoSpriteAnimation,
  type GizmoSpriteRecipe,
} from '../src/sprite.js';
import type { ObjectDefinition } from '../src/api.js';

const sprite = (): GizmoSpriteRecipe => ({
  size: 64,
  layers: [
    {
      id: 'body',
      shapes: [
        { kind: 'rect', x: 4, y: 4, width: 56, height: 56, radius: 8, fill: { from: '#ffffff', to: '#000000', y: [0, 64] } },
        { kind: 'text', x: 32, y: 40, text: '42', size: 24, weight: 600, color: '#222222' },
      ],
    },
    { id: 'badge', shapes: [{ kind: 'marker', x: 40, y: 0, width: 24, height: 24 }] },
  ],
});

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} ≉ ${b}`);

describe('gizmoSpriteError', () => {
  test('accepts rects, gradients, text and one marker', () => {
    assert.equal(gizmoSpriteError(sprite()), null);
  });

  test('size is an integer 8–256 pixels', () => {
    assert.equal(gizmoSpriteError({ ...sprite(), size: 256 }), null);
    assert.equal(gizmoSpriteError({ size: 8, layers: [{ id: 'a', shapes: [{ kind: 'rect', x: 0, y: 0, width: 8, height: 8, radius: 0, fill: '#000000' }] }] }), null);
    assert.equal(gizmoSpriteError({ ...sprite(), size: 257 }), 'size: must be an integer 8–256 pixels (got 257)');
    assert.match(gizmoSpriteError({ ...sprite(), size: 63.5 })!, /^size: must be an integer/);
  });

  test('layer count, ids and uniqueness', () => {
    const shape = { kind: 'marker', x: 0, y: 0, width: 1, height: 1 } as const;
    const rect = { kind: 'rect', x: 0, y: 0, width: 1, height: 1, radius: 0, fill: '#000000' } as const;
    assert.match(gizmoSpriteError({ size: 64, layers: [] })!, /^layers: must have 1–8 items/);
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: `l${i}`, shapes: [rect] }));
    assert.equal(gizmoSpriteError({ size: 64, layers: eight }), null);
    assert.match(gizmoSpriteError({ size: 64, layers: [...eight, { id: 'l9', shapes: [rect] }] })!, /^layers: must have 1–8 items/);
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [rect] }, { id: 'a', shapes: [rect] }] })!, /^layers\[1\].id: must be unique/);
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: '1a', shapes: [shape] }] })!, /^layers\[0\].id: must be a layer id/);
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: 'a'.repeat(33), shapes: [shape] }] })!, /^layers\[0\].id/);
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [] }] })!, /^layers\[0\].shapes: must have 1–32 items/);
  });

  test('shape totals and the single marker', () => {
    const rect = { kind: 'rect', x: 0, y: 0, width: 1, height: 1, radius: 0, fill: '#000000' } as const;
    const layers = (n: number) => Array.from({ length: Math.ceil(n / 32) }, (_, i) => ({ id: `l${i}`, shapes: Array(Math.min(32, n - i * 32)).fill(rect) }));
    assert.equal(gizmoSpriteError({ size: 64, layers: layers(64) }), null);
    assert.match(gizmoSpriteError({ size: 64, layers: layers(65) })!, /^layers\[2\].shapes\[0\]: must not exceed 64 shapes/);
    const marker = { kind: 'marker', x: 0, y: 0, width: 1, height: 1 };
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [marker, marker] }] })!, /^layers\[0\].shapes\[1\]: must be the only marker/);
  });

  test('shape fields', () => {
    const withShape = (shape: unknown) => gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [shape] }] });
    const rect = { kind: 'rect', x: 0, y: 0, width: 20, height: 10, radius: 5, fill: '#000000' };
    assert.equal(withShape(rect), null);
    assert.match(withShape({ ...rect, radius: 5.5 })!, /radius: must be 0–5 pixels \(half the shorter side\)/);
    assert.match(withShape({ ...rect, x: -65 })!, /\.x: must be −64–64 pixels/);
    assert.match(withShape({ ...rect, width: 129 })!, /\.width: must be 0–128 pixels/);
    assert.match(withShape({ ...rect, fill: 'red' })!, /\.fill: must be a six-digit hex/);
    assert.match(withShape({ ...rect, fill: { from: '#000000', to: '#ffffff' } })!, /\.fill.y: is required/);
    assert.match(withShape({ ...rect, fill: { from: '#000000', to: '#ffffff', y: [0, 200] } })!, /\.fill.y\[1\]/);
    assert.match(withShape({ ...rect, url: 'x' })!, /\.url: is not a known field/);
    assert.match(withShape({ kind: 'image' })!, /\.kind: must be one of "rect", "text", "marker"/);
    const text = { kind: 'text', x: 0, y: 0, text: 'hi', size: 12, weight: 400, color: '#000000' };
    assert.equal(withShape(text), null);
    assert.match(withShape({ ...text, weight: 700 })!, /\.weight: must be one of 400, 600/);
    assert.equal(withShape({ ...text, text: 'x'.repeat(32) }), null);
    assert.match(withShape({ ...text, text: 'x'.repeat(33) })!, /\.text: must be at most 32 characters/);
    assert.match(withShape({ ...text, text: '' })!, /\.text: must not be empty/);
    assert.match(withShape({ ...text, text: 'a\nb' })!, /\.text: must not contain control characters/);
    assert.match(withShape({ ...text, size: 3 })!, /\.size: must be 4–64 pixels/);
    assert.match(withShape({ ...text, size: 65 })!, /\.size: must be 4–64 pixels/);
  });
});

describe('sprite animations', () => {
  const pop = (): GizmoSpriteAnimation => ({
    layer: 'body',
    frames: [
      { at: 0, offset: [0, 0], tint: [1, 1, 1] },
      { at: 0.5, offset: [0, -8], tint: [2, 2, 2], curve: 'out-cubic' },
      { at: 1, offset: [0, 0], tint: [1, 1, 1], curve: 'linear' },
    ],
  });

  test('validation', () => {
    assert.equal(gizmoSpriteAnimationError(pop()), null);
    assert.equal(gizmoSpriteAnimationError({ layer: 'a', frames: [{ at: 1, offset: [256, -256], tint: [0, 4, 4] }] }), null);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [] })!, /^frames: must have 1–16 items/);
    const f = { offset: [0, 0], tint: [1, 1, 1] };
    assert.equal(gizmoSpriteAnimationError({ layer: 'a', frames: Array.from({ length: 16 }, (_, i) => ({ ...f, at: i / 15 })) }), null);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: Array.from({ length: 17 }, (_, i) => ({ ...f, at: i / 16 })) })!, /must have 1–16 items/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0.5 }, { ...f, at: 0.5 }] })!, /^frames\[1\].at: must be greater than the previous frame's at \(0.5\)/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 1.1 }] })!, /^frames\[0\].at: must be 0–1/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0, tint: [1, 1, 4.5] }] })!, /^frames\[0\].tint\[2\]: must be 0–4/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0, offset: [257, 0] }] })!, /^frames\[0\].offset\[0\]/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0, curve: 'ease' }] })!, /^frames\[0\].curve/);
    assert.match(gizmoSpriteAnimationError({ layer: '', frames: [{ ...f, at: 0 }] })!, /^layer:/);
  });

  test('endpoints and holds', () => {
    assert.deepEqual(spriteAnimationFrame(pop(), 0), { at: 0, offset: [0, 0], tint: [1, 1, 1] });
    assert.deepEqual(spriteAnimationFrame(pop(), 0.5), { at: 0.5, offset: [0, -8], tint: [2, 2, 2] });
    assert.deepEqual(spriteAnimationFrame(pop(), 1), { at: 1, offset: [0, 0], tint: [1, 1, 1] });
    assert.deepEqual(spriteAnimationFrame(pop(), 7), { at: 1, offset: [0, 0], tint: [1, 1, 1] });
    assert.deepEqual(spriteAnimationFrame(pop(), -1), { at: 0, offset: [0, 0], tint: [1, 1, 1] });
    assert.deepEqual(spriteAnimationFrame(pop(), Number.NaN).at, 0);
    const late: GizmoSpriteAnimation = { layer: 'a', frames: [{ at: 0.4, offset: [3, 3], tint: [1, 1, 1] }] };
    assert.deepEqual(spriteAnimationFrame(late, 0.1).offset, [3, 3]);
  });

  test('curves shape the incoming segment', () => {
    // 0 → 0.5 is out-cubic: u = 0.5 eases to 1 - 0.5³ = 0.875.
    const a = spriteAnimationFrame(pop(), 0.25);
    close(a.offset[1], -8 * 0.875);
    close(a.tint[0], 1 + 0.875);
    // 0.5 → 1 is linear.
    const b = spriteAnimationFrame(pop(), 0.75);
    close(b.offset[1], -4);
    close(b.tint[1], 1.5);
    const quad = pop();
    quad.frames[1].curve = 'out-quadratic';
    close(spriteAnimationFrame(quad, 0.25).offset[1], -8 * 0.75);
  });

  test('rejects an invalid animation', () => {
    assert.throws(() => spriteAnimationFrame({ layer: 'a', frames: [] }, 0), /spriteAnimationFrame: animation.frames: must have 1–16 items/);
  });
});

describe('resolveGizmoSprite', () => {
  const definition = (sprite?: ObjectDefinition['sprite']) =>
    ({ type: 't.sprite', version: 1, emoji: '🧱', label: 'S', hint: '', initial: () => ({}), valid: () => true, actions: {}, sprite }) as ObjectDefinition;

  test('returns undefined without a sprite callback', () => {
    assert.equal(resolveGizmoSprite(definition(), {}), undefined);
  });

  test('returns a validated copy of the recipe', () => {
    const recipe = sprite();
    const out = resolveGizmoSprite(definition(() => recipe), {});
    assert.deepEqual(out, sprite());
    assert.notStrictEqual(out, recipe);
  });

  test('throws naming the definition and field', () => {
    assert.throws(() => resolveGizmoSprite(definition(() => ({ size: 999, layers: [] })), {}), {
      message: 't.sprite: sprite(state) returned an invalid recipe: sprite.size: must be an integer 8–256 pixels (got 999)',
    });
  });
});
