import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { random } from './seeded.js';
import {
  gizmoSpriteAnimationError,
  gizmoSpriteError,
  resolveGizmoSprite,
  spriteAnimationFrame,
  type GizmoSpriteAnimation,
  type GizmoSpriteRecipe,
} from '../src/sprite.js';
import type { ObjectDefinition } from '../src/api.js';
import { collectWarnings } from '../src/internal/rules.js';

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

  test('the docs give no number: sizes, counts, ids, geometry and text build as the types allow', () => {
    const rect = { kind: 'rect', x: 0, y: 0, width: 1, height: 1, radius: 0, fill: '#000000' } as const;
    for (const size of [7, 63.5, 257, 4096]) assert.equal(gizmoSpriteError({ ...sprite(), size }), null, String(size));
    assert.equal(gizmoSpriteError({ size: 64, layers: [] }), null, 'no layers');
    assert.equal(gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [rect] }, { id: 'b', shapes: [] }, { id: 'c', shapes: [] }] }), null, 'empty layers');
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `l${i}`, shapes: Array(40).fill(rect) }));
    assert.equal(gizmoSpriteError({ size: 64, layers: many }), null, '20 layers of 40 shapes');
    for (const id of ['1a', 'a'.repeat(33), 'body part', '', 'é']) assert.equal(gizmoSpriteError({ size: 64, layers: [{ id, shapes: [rect] }] }), null, id);
    const withShape = (shape: unknown) => gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [shape] }] });
    const r = { kind: 'rect', x: 0, y: 0, width: 20, height: 10, radius: 5, fill: '#000000' };
    for (const change of [{ radius: 50 }, { x: -65 }, { y: 1000 }, { width: 129 }, { height: -10 }, { x: -0, y: -0 }, { fill: { from: '#000', to: '#fff', y: [-500, 900] } }])
      assert.equal(withShape({ ...r, ...change }), null, JSON.stringify(change));
    const text = { kind: 'text', x: 0, y: 0, text: 'hi', size: 12, weight: 400, color: '#000000' };
    for (const change of [{ text: '' }, { text: 'x'.repeat(500) }, { text: 'Home: 0\nAway: 0' }, { size: 3 }, { size: 200 }, { color: '#fc0' }])
      assert.equal(withShape({ ...text, ...change }), null, JSON.stringify(change));
  });

  test('likely mistakes are warnings, never errors', () => {
    const warned = (value: unknown) => {
      const { result, warnings } = collectWarnings(() => gizmoSpriteError(value));
      assert.equal(result, null);
      return warnings.map((w) => `${w.rule!.id} ${w}`);
    };
    const rect = { kind: 'rect', x: 0, y: 0, width: 20, height: 10, radius: 2, fill: '#000000' };
    const one = (shape: unknown, size = 64) => ({ size, layers: [{ id: 'a', shapes: [shape] }] });
    assert.deepEqual(warned(sprite()), []);
    assert.match(warned(one(rect, 0))[0], /^sprite.size.positive size: is not greater than 0/);
    assert.match(warned(one({ ...rect, radius: -1 }))[0], /^sprite.rect.radius layers\[0\].shapes\[0\].radius: is negative/);
    assert.match(warned(one({ ...rect, fill: 'red' }))[0], /^sprite.color.hex layers\[0\].shapes\[0\].fill: is not a hex color/);
    assert.match(warned(one({ ...rect, fill: { from: 'black', to: '#fff', y: [0, 1] } }))[0], /fill.from: is not a hex color/);
    assert.match(warned(one({ kind: 'text', x: 0, y: 0, text: 'hi', size: 0, weight: 400, color: '#000' }))[0], /^sprite.text.size .*size: is not greater than 0/);
    assert.deepEqual(warned({ size: 64, layers: [{ id: 'a', shapes: [rect] }, { id: 'a', shapes: [rect] }] }).length, 1);
    assert.match(warned({ size: 64, layers: [{ id: 'a', shapes: [rect] }, { id: 'a', shapes: [rect] }] })[0], /^sprite.layer.unique layers\[1\].id: repeats/);
    const marker = { kind: 'marker', x: 0, y: 0, width: 1, height: 1 };
    assert.match(warned({ size: 64, layers: [{ id: 'a', shapes: [marker] }, { id: 'b', shapes: [marker] }] })[0], /^sprite.marker.one layers\[1\].shapes\[0\]: is a second marker/);
  });

  test('types, literals and unknown keys stay errors', () => {
    const withShape = (shape: unknown) => gizmoSpriteError({ size: 64, layers: [{ id: 'a', shapes: [shape] }] });
    const rect = { kind: 'rect', x: 0, y: 0, width: 20, height: 10, radius: 5, fill: '#000000' };
    assert.match(gizmoSpriteError({ ...sprite(), size: '64' })!, /^size: must be a finite number/);
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: 7, shapes: [] }] })!, /^layers\[0\].id: must be a string/);
    assert.match(gizmoSpriteError({ size: 64, layers: [{ id: 'a' }] })!, /^layers\[0\].shapes: is required/);
    assert.match(withShape({ ...rect, x: Number.NaN })!, /\.x: must be a finite number/);
    assert.match(withShape({ ...rect, fill: 3 })!, /\.fill: must be a color string or a gradient/);
    assert.match(withShape({ ...rect, fill: { from: '#000000', to: '#ffffff' } })!, /\.fill.y: is required/);
    assert.match(withShape({ ...rect, fill: { from: '#000000', to: '#ffffff', y: [0] } })!, /\.fill.y: must be a list of exactly 2 numbers/);
    assert.match(withShape({ ...rect, url: 'x' })!, /\.url: is not a known field/);
    assert.match(withShape({ kind: 'image' })!, /\.kind: must be one of "rect", "text", "marker"/);
    assert.match(withShape(null)!, /shapes\[0\]: must be an object/);
    const text = { kind: 'text', x: 0, y: 0, text: 'hi', size: 12, weight: 400, color: '#000000' };
    assert.match(withShape({ ...text, weight: 700 })!, /\.weight: must be one of 400, 600/);
    assert.match(withShape({ ...text, text: 42 })!, /\.text: must be a string/);
    assert.match(withShape({ ...text, color: [0, 0, 0] })!, /\.color: must be a color string/);
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

  test('validation: types and literals are errors, the rest builds', () => {
    assert.equal(gizmoSpriteAnimationError(pop()), null);
    const f = { offset: [0, 0], tint: [1, 1, 1] };
    for (const animation of [
      { layer: 'a', frames: [{ at: 1, offset: [256, -256], tint: [0, 4, 4] }] },
      { layer: 'a', frames: Array.from({ length: 40 }, (_, i) => ({ ...f, at: i / 39 })) },
      { layer: 'a', frames: [{ ...f, at: 0.5 }, { ...f, at: 0.5 }] },
      { layer: 'a', frames: [{ ...f, at: -1 }, { ...f, at: 2 }] },
      { layer: 'a', frames: [{ ...f, at: 0, tint: [1, 1, 40] }] },
      { layer: 'a', frames: [{ ...f, at: 0, offset: [5000, -0] }] },
      { layer: '', frames: [{ ...f, at: 0 }] },
    ])
      assert.deepEqual(collectWarnings(() => gizmoSpriteAnimationError(animation)), { result: null, warnings: [] }, JSON.stringify(animation));
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0, curve: 'ease' }] })!, /^frames\[0\].curve: must be one of "linear", "out-cubic", "out-quadratic"/);
    assert.match(gizmoSpriteAnimationError({ layer: 3, frames: [] })!, /^layer: must be a string/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: '0' }] })!, /^frames\[0\].at: must be a finite number/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0, tint: [1, 1] }] })!, /^frames\[0\].tint: must be a list of exactly 3 numbers/);
    assert.match(gizmoSpriteAnimationError({ layer: 'a', frames: [{ ...f, at: 0, offset: [Infinity, 0] }] })!, /^frames\[0\].offset\[0\]: must be a finite number/);
  });

  test('warnings: no frames, a frame before the previous one, a negative tint', () => {
    const f = { offset: [0, 0], tint: [1, 1, 1] };
    const warned = (value: unknown) => {
      const { result, warnings } = collectWarnings(() => gizmoSpriteAnimationError(value));
      assert.equal(result, null);
      return warnings.map((w) => `${w.rule!.id} ${w}`);
    };
    assert.deepEqual(warned({ layer: 'a', frames: [] }), ['sprite.animation.frames.empty frames: has no frames, so the layer never moves (got [])']);
    assert.match(warned({ layer: 'a', frames: [{ ...f, at: 0.6 }, { ...f, at: 0.5 }] })[0], /^sprite.animation.at.order frames\[1\].at: is before the previous frame's at \(0.6\)/);
    assert.match(warned({ layer: 'a', frames: [{ ...f, at: 0, tint: [1, -0.1, 1] }] })[0], /^sprite.animation.tint frames\[0\].tint\[1\]: is a negative multiplier/);
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

  test('an empty animation holds the rest frame; out-of-order frames never break it', () => {
    assert.deepEqual(spriteAnimationFrame({ layer: 'a', frames: [] }, 0.3), { at: 0.3, offset: [0, 0], tint: [1, 1, 1] });
    const f = (at: number, y: number) => ({ at, offset: [0, y] as [number, number], tint: [1, 1, 1] as [number, number, number] });
    const shuffled: GizmoSpriteAnimation = { layer: 'a', frames: [f(0, 0), f(0.8, 8), f(0.5, 5), f(1, 10)] };
    for (let i = 0; i <= 20; i++) assert.ok(spriteAnimationFrame(shuffled, i / 20).offset.every(Number.isFinite));
    const jump: GizmoSpriteAnimation = { layer: 'a', frames: [f(0, 0), f(0.5, 0), f(0.5, 10), f(1, 10)] };
    assert.deepEqual(spriteAnimationFrame(jump, 0.5).offset, [0, 0]);
    assert.deepEqual(spriteAnimationFrame(jump, 0.75).offset, [0, 10]);
  });

  test('rejects what the validator refuses', () => {
    assert.throws(() => spriteAnimationFrame({ layer: 'a', frames: [{ at: 0, offset: [0], tint: [1, 1, 1] }] } as never, 0), /spriteAnimationFrame: animation.frames\[0\].offset: must be a list of exactly 2 numbers/);
  });
});

describe('consistency: spriteAnimationFrame and the validators agree', () => {
  test('every frame it returns is a frame the validator accepts without a warning', () => {
    const rand = random(0x5917e);
    const curves = [undefined, 'linear', 'out-cubic', 'out-quadratic'] as const;
    const num = (scale: number) => (rand() < 0.1 ? -0 : (rand() * 2 - 1) * scale);
    for (let i = 0; i < 200; i++) {
      const n = Math.floor(rand() * 6);
      let at = num(2);
      const frames = Array.from({ length: n }, () => {
        at += rand() < 0.2 ? 0 : rand(); // non-decreasing, equal `at` included
        const curve = curves[Math.floor(rand() * curves.length)];
        const huge = rand() < 0.1 ? 1.7e308 : 500;
        return { at, offset: [num(huge), num(huge)] as [number, number], tint: [rand() * 5, rand() < 0.1 ? -0 : rand() * 5, rand() * 5] as [number, number, number], ...(curve ? { curve } : {}) };
      });
      const animation: GizmoSpriteAnimation = { layer: rand() < 0.5 ? 'body' : '', frames };
      const expected = n === 0 ? ['sprite.animation.frames.empty'] : [];
      const checked = collectWarnings(() => gizmoSpriteAnimationError(animation));
      assert.equal(checked.result, null, JSON.stringify(animation));
      assert.deepEqual(checked.warnings.map((w) => w.rule!.id), expected);
      for (let k = 0; k < 6; k++) {
        const progress = k === 0 ? Number.NaN : num(1.5);
        const frame = spriteAnimationFrame(animation, progress);
        const back = collectWarnings(() => gizmoSpriteAnimationError({ layer: animation.layer, frames: [frame] }));
        assert.deepEqual(back, { result: null, warnings: [] }, `${JSON.stringify(animation)} at ${progress}: ${JSON.stringify(frame)}`);
      }
    }
  });

  test('sprites built from the animation frames stay valid sprites', () => {
    const rand = random(0x5931);
    for (let i = 0; i < 100; i++) {
      const frame = spriteAnimationFrame({ layer: 'body', frames: [{ at: 0, offset: [0, 0], tint: [1, 1, 1] }, { at: 1, offset: [rand() * 64, -rand() * 64], tint: [2, 2, 2], curve: 'out-cubic' }] }, rand());
      const moved: GizmoSpriteRecipe = { ...sprite(), layers: sprite().layers.map((l) => ({ ...l, shapes: l.shapes.map((s) => ({ ...s, x: s.x + frame.offset[0], y: s.y + frame.offset[1] })) })) };
      assert.deepEqual(collectWarnings(() => gizmoSpriteError(moved)), { result: null, warnings: [] });
    }
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
    assert.throws(() => resolveGizmoSprite(definition(() => ({ size: '64', layers: [] }) as never), {}), {
      message: 't.sprite: sprite(state) returned an invalid recipe: sprite.size: must be a finite number, not a string: write 64 without quotes (got "64")',
    });
    assert.deepEqual(resolveGizmoSprite(definition(() => ({ size: 999, layers: [] })), {}), { size: 999, layers: [] });
  });
});
