import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { random } from './seeded.js';
import { gizmoGlowError, gizmoGlowFrame, validGizmoGlow, type GizmoGlow } from '../src/glow.js';
import { collectWarnings } from '../src/internal/rules.js';

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

  test('the docs give no range: any finite numbers build', () => {
    for (const size of [0.5, 257, 9999, 1e6]) assert.equal(gizmoGlowError({ ...lamp(), size }), null, String(size));
    assert.equal(gizmoGlowError({ ...lamp(), pulse: { speed: 33, amount: 1.5, phaseX: -5000 } }), null);
    assert.equal(gizmoGlowError({ ...lamp(), pulse: { speed: -2, amount: -0.5, phaseX: -0 } }), null);
    assert.equal(gizmoGlowError({ ...lamp(), opacity: { base: 0.6, amount: 0.5, speed: 40, phaseY: 1001 } }), null);
    assert.equal(gizmoGlowError({ ...lamp(), opacity: { base: 1.5, amount: -2, speed: -1, phaseY: 0 } }), null);
    assert.equal(gizmoGlowError({ ...lamp(), hue: { speed: -50, phaseY: 2000, saturation: 1.5, lightness: -0.1 } }), null);
  });

  test('colors: a string; hex in either form, anything else a warning', () => {
    for (const color of ['#fc0', '#FFC078', '#abc']) assert.deepEqual(collectWarnings(() => gizmoGlowError({ ...lamp(), color })), { result: null, warnings: [] }, color);
    for (const color of ['orange', '#ffc07', 'rgb(1, 2, 3)', '']) {
      const { result, warnings } = collectWarnings(() => gizmoGlowError({ ...lamp(), color }));
      assert.equal(result, null, color);
      assert.equal(warnings.length, 1, color);
      assert.match(String(warnings[0]), /^color: is not a hex color like "#ffc078" or "#fc0"/);
      assert.equal(warnings[0].rule!.id, 'glow.color.hex');
    }
    assert.match(gizmoGlowError({ ...lamp(), color: [1, 1, 1] })!, /^color: must be a color string/);
  });

  test('a glow that is never visible is a warning', () => {
    const warned = (glow: unknown) => collectWarnings(() => gizmoGlowError(glow));
    for (const size of [0, -0, -5]) {
      const { result, warnings } = warned({ ...lamp(), size });
      assert.equal(result, null);
      assert.deepEqual(warnings.map((w) => w.rule!.id), ['glow.size.positive'], String(size));
    }
    const dark = warned({ ...lamp(), opacity: { base: 0, amount: 0, speed: 1, phaseY: 0 } });
    assert.equal(dark.result, null);
    assert.match(String(dark.warnings[0]), /^opacity: never rises above 0/);
    assert.deepEqual(warned({ ...lamp(), opacity: { base: 0, amount: 0.3, speed: 1, phaseY: 0 } }).warnings, []);
    assert.deepEqual(warned({ ...lamp(), opacity: { base: -1, amount: 1.2, speed: 1, phaseY: 0 } }).warnings, []);
    assert.equal(validGizmoGlow({ ...lamp(), size: 0 }), true);
  });

  test('types, required and unknown fields stay errors', () => {
    assert.match(gizmoGlowError({ ...lamp(), size: '60' })!, /^size: must be a finite number/);
    assert.match(gizmoGlowError({ ...lamp(), size: Number.NaN })!, /^size: must be a finite number/);
    assert.match(gizmoGlowError({ ...lamp(), pulse: { speed: Infinity, amount: 0, phaseX: 0 } })!, /^pulse.speed: must be a finite number/);
    assert.match(gizmoGlowError({ ...lamp(), pulse: { speed: 1, amount: 0.1 } })!, /^pulse.phaseX: is required/);
    assert.match(gizmoGlowError({ ...lamp(), hue: { speed: 1, phaseY: 0, saturation: 0.5 } })!, /^hue.lightness: is required/);
    assert.match(gizmoGlowError({ ...lamp(), sparkle: true })!, /^sparkle: is not a known field/);
    assert.match(gizmoGlowError({ ...lamp(), opacity: null })!, /^opacity: must be an object/);
    assert.match(gizmoGlowError(null)!, /must be an object/);
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

  test('clamps size at 0 and opacity to 0–1 for recipes outside the former ranges', () => {
    const wild: GizmoGlow = { ...moving, pulse: { speed: 2, amount: 3, phaseX: 0 }, opacity: { base: 0.8, amount: 0.9, speed: 3, phaseY: 0 } };
    let negative = false;
    for (let i = 0; i < 200; i++) {
      const f = gizmoGlowFrame(wild, i * 0.05, 0, 0);
      assert.ok(f.size >= 0 && f.opacity >= 0 && f.opacity <= 1, JSON.stringify(f));
      if (100 * (1 + 3 * Math.sin(2 * i * 0.05)) < 0) negative = true;
    }
    assert.ok(negative, 'the raw formula goes below 0 somewhere');
  });

  test('refuses what the validator refuses, or a non-finite time', () => {
    assert.throws(() => gizmoGlowFrame({ ...lamp(), size: '60' } as never, 0, 0, 0), /gizmoGlowFrame: glow.size: must be a finite number/);
    assert.throws(() => gizmoGlowFrame(lamp(), Number.NaN, 0, 0), /seconds must be a finite number/);
    assert.deepEqual(gizmoGlowFrame({ ...lamp(), size: 0 }, 0, 0, 0).size, 0, 'a warned glow is still evaluated');
  });
});

describe('consistency: gizmoGlowFrame and the validator agree', () => {
  test('any glow of finite numbers is evaluated to finite, drawable values the validator accepts back', () => {
    const rand = random(0x6c6f77);
    const any = (scale: number) => (rand() < 0.1 ? -0 : (rand() * 2 - 1) * scale);
    for (let i = 0; i < 300; i++) {
      const glow: GizmoGlow = {
        color: rand() < 0.5 ? '#ffc078' : '#fc0',
        size: rand() * 500,
        pulse: { speed: any(50), amount: any(2), phaseX: any(2000) },
        opacity: { base: any(2), amount: any(2), speed: any(50), phaseY: any(2000) },
        ...(rand() < 0.5 ? { hue: { speed: any(50), phaseY: any(2000), saturation: any(2), lightness: any(2) } } : {}),
      };
      assert.equal(gizmoGlowError(glow), null, JSON.stringify(glow));
      for (let k = 0; k < 4; k++) {
        const f = gizmoGlowFrame(glow, rand() * 1e4, any(1e4), any(1e4), rand() < 0.2);
        assert.ok(Number.isFinite(f.size) && f.size >= 0, `size ${f.size}`);
        assert.ok(f.opacity >= 0 && f.opacity <= 1, `opacity ${f.opacity}`);
        if (glow.hue) assert.ok(f.hue !== undefined && f.hue >= 0 && f.hue < 360, `hue ${f.hue}`);
        else assert.equal(f.hue, undefined);
        // A frame's size is itself a glow size the validator accepts (a warning at most, for 0).
        assert.equal(gizmoGlowError({ ...glow, size: f.size }), null);
      }
    }
  });
});
