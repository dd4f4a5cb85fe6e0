import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gizmoGlowError, gizmoGlowFrame, validGizmoGlow, type GizmoGlow } from '../src/glow.js';

const lamp = (): GizmoGlow => ({
  color: '#ffc078',
  size: 60,
  pulse: { speed: 0, amount: 0, phaseX: 0 },
  opacity: { base: 0.2, amount: 0, speed: 0, phaseY: 0 },
});

const close = (a: number, b: number, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} ≉ ${b}`);

describe('gizmoGlowError', () => {
  test('accepts the lamp glow and one with hue', () => {
    assert.equal(gizmoGlowError(lamp()), null);
    assert.equal(gizmoGlowError({ ...lamp(), hue: { speed: 1, phaseY: 0.01, saturation: 0.8, lightness: 0.6 } }), null);
    assert.equal(validGizmoGlow(lamp()), true);
    assert.equal(validGizmoGlow({}), false);
  });

  test('size is 1–256 pixels', () => {
    assert.equal(gizmoGlowError({ ...lamp(), size: 1 }), null);
    assert.equal(gizmoGlowError({ ...lamp(), size: 256 }), null);
    assert.equal(gizmoGlowError({ ...lamp(), size: 257 }), 'size: must be 1–256 pixels (got 257)');
    assert.match(gizmoGlowError({ ...lamp(), size: 0.5 })!, /^size:/);
  });

  test('opacity base + amount stays within 0–1', () => {
    assert.equal(gizmoGlowError({ ...lamp(), opacity: { base: 0.5, amount: 0.5, speed: 1, phaseY: 0 } }), null);
    assert.match(gizmoGlowError({ ...lamp(), opacity: { base: 0.6, amount: 0.5, speed: 1, phaseY: 0 } })!, /^opacity.amount: must keep base \+ amount at most 1/);
    assert.match(gizmoGlowError({ ...lamp(), opacity: { base: -0.1, amount: 0, speed: 0, phaseY: 0 } })!, /^opacity.base: must be 0–1/);
  });

  test('pulse, speed and hue bounds', () => {
    assert.match(gizmoGlowError({ ...lamp(), pulse: { speed: 33, amount: 0, phaseX: 0 } })!, /^pulse.speed: must be 0–32 radians per second/);
    assert.match(gizmoGlowError({ ...lamp(), pulse: { speed: 1, amount: 1.1, phaseX: 0 } })!, /^pulse.amount/);
    assert.match(gizmoGlowError({ ...lamp(), pulse: { speed: 1, amount: 0.1 } })!, /^pulse.phaseX: is required/);
    assert.match(gizmoGlowError({ ...lamp(), hue: { speed: 1, phaseY: 0, saturation: 1.5, lightness: 0.5 } })!, /^hue.saturation/);
    assert.match(gizmoGlowError({ ...lamp(), color: [1, 1, 1] })!, /^color: must be a six-digit hex/);
    assert.match(gizmoGlowError({ ...lamp(), sparkle: true })!, /^sparkle: is not a known field/);
  });
});

describe('gizmoGlowFrame', () => {
  const moving: GizmoGlow = {
    color: '#ffffff',
    size: 100,
    pulse: { speed: 2, amount: 0.25, phaseX: 0.01 },
    opacity: { base: 0.2, amount: 0.6, speed: 3, phaseY: 0.02 },
    hue: { speed: 1, phaseY: 0, saturation: 1, lightness: 0.5 },
  };

  test('a still glow is constant', () => {
    for (const t of [0, 1.5, 1000]) {
      const f = gizmoGlowFrame(lamp(), t, 10, 20);
      assert.deepEqual(f, { size: 60, opacity: 0.2 + 0 * 0.5, hue: undefined });
    }
  });

  test('follows the documented formula', () => {
    const t = 0.7, x = 30, y = 40;
    const f = gizmoGlowFrame(moving, t, x, y);
    close(f.size, 100 * (1 + 0.25 * Math.sin(2 * t + 0.01 * x)));
    close(f.opacity, 0.2 + 0.6 * (0.5 + 0.5 * Math.sin(3 * t + 0.02 * y)));
    close(f.hue!, ((t * 180) / Math.PI) % 360);
  });

  test('stays within its declared ranges over time', () => {
    for (let i = 0; i < 500; i++) {
      const f = gizmoGlowFrame(moving, i * 0.037, i, -i);
      assert.ok(f.size >= 75 - 1e-9 && f.size <= 125 + 1e-9);
      assert.ok(f.opacity >= 0.2 - 1e-12 && f.opacity <= 0.8 + 1e-12);
      assert.ok(f.hue! >= 0 && f.hue! < 360);
    }
  });

  test('reduced motion evaluates time zero', () => {
    assert.deepEqual(gizmoGlowFrame(moving, 12.3, 5, 6, true), gizmoGlowFrame(moving, 0, 5, 6));
  });

  test('negative hue phases wrap into 0–360', () => {
    const f = gizmoGlowFrame({ ...moving, hue: { speed: -1, phaseY: 0, saturation: 1, lightness: 0.5 } }, Math.PI / 2, 0, 0);
    close(f.hue!, 270);
  });

  test('refuses an invalid recipe or time', () => {
    assert.throws(() => gizmoGlowFrame({ ...lamp(), size: 0 }, 0, 0, 0), /gizmoGlowFrame: glow.size: must be 1–256 pixels/);
    assert.throws(() => gizmoGlowFrame(lamp(), Number.NaN, 0, 0), /seconds must be a finite number/);
  });
});
