// Light pools: a GizmoLight drawn on the top-down canvas. The docs give the recipe's fields but not
// how Scape renders them, so every formula here is the local approximation docs/world.md
// ("The drawing") states: a radial profile (falloff) from innerColor at the centre to color at
// the edge, motion as value noise over time, and the scattered pattern as seeded spots over a
// wash. The server already resolved and checked the recipe (resolveGizmoLighting), so nothing here
// decides anything; a value the canvas cannot show is clamped.

import type { GizmoLight, GizmoLightColor, GizmoLightPattern } from '@scape/sdk/light.js';

export type RGB = [number, number, number];

/** A GizmoLightColor ('#rgb', '#rrggbb' or sRGB components 0–1) as 0–255 components. */
export function rgbOf(c: GizmoLightColor | string | undefined, fallback: RGB = [255, 255, 255]): RGB {
  if (Array.isArray(c)) return [0, 1, 2].map((i) => Math.round(255 * clamp01(Number(c[i])))) as RGB;
  if (typeof c !== 'string') return fallback;
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c) || /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(c);
  if (!m) return fallback;
  return m.slice(1, 4).map((h) => parseInt(h.length === 1 ? h + h : h, 16)) as RGB;
}

export function css(c: RGB, alpha = 1): string {
  return `rgba(${Math.round(c[0])},${Math.round(c[1])},${Math.round(c[2])},${clamp01(alpha).toFixed(3)})`;
}

export function clamp01(v: number): number { return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0; }
const mix = (a: RGB, b: RGB, u: number): RGB => [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u];
const lerp = (pair: [number, number], u: number) => pair[0] + (pair[1] - pair[0]) * u;

/** A hash of an integer to 0–1 (deterministic: every tab draws the same field). */
function hash(n: number): number {
  let h = Math.imul((n | 0) ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth 1-D value noise in −1…1: hashed integers, cosine-interpolated. */
export function noise(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const i = Math.floor(x), f = x - i;
  const u = (1 - Math.cos(Math.PI * f)) / 2;
  return 2 * (hash(i) * (1 - u) + hash(i + 1) * u) - 1;
}

/** The falloff profile at u (0 centre … 1 radius): full until start, (1 − t)^power to edge, 0 beyond. */
export function falloffAt(light: GizmoLight, u: number): number {
  const f = light.falloff ?? { start: 0, edge: 1, power: 1 };
  const start = clamp01(f.start), edge = Math.max(start + 1e-3, Math.min(1, Math.max(0, f.edge)));
  const power = Number.isFinite(f.power) && f.power > 0 ? f.power : 1;
  if (u <= start) return 1;
  if (u >= edge) return 0;
  return Math.pow(1 - (u - start) / (edge - start), power);
}

/** What motion does to a light at time t (seconds): brightness, radius and shape. */
export interface LightFrame { gain: number; radius: number; dx: number; dy: number; sx: number; sy: number }

/**
 * The light's motion at t for an instance at scene pixel (x, y). Each band adds amount · noise(speed
 * · t + offset + seed); a flare adds amount while noise (0–1) is within [low, high]; drift moves the
 * centre by amount cells, stretch scales each axis by 1 ± amount, edge and radius [base, flicker]
 * scale the radius; bias shifts the brightness. Reduced motion evaluates at t = 0 (the docs:
 * "Reduced motion evaluates this recipe at time zero").
 */
export function lightFrame(light: GizmoLight, t: number, x: number, y: number): LightFrame {
  const m = light.motion;
  const out: LightFrame = { gain: 1, radius: light.radiusCells, dx: 0, dy: 0, sx: 1, sy: 1 };
  if (!m) return out;
  const seed = m.phase[0] * x + m.phase[1] * y;
  let gain = 1 + m.bias;
  for (const [speed, amount, offset] of m.bands) gain += amount * noise(speed * t + offset + seed);
  if (m.flare) {
    const [speed, low, high, amount, offset] = m.flare;
    const n = (noise(speed * t + offset + seed) + 1) / 2;
    if (n >= Math.min(low, high) && n <= Math.max(low, high)) gain += amount;
  }
  out.gain = Math.max(0, gain);
  if (m.drift) {
    out.dx = m.drift.amount * noise(m.drift.speed[0] * t + m.drift.phase[0] + seed);
    out.dy = m.drift.amount * noise(m.drift.speed[1] * t + m.drift.phase[1] + seed + 17);
  }
  if (m.stretch) {
    out.sx = Math.max(0.05, 1 + m.stretch.amount * noise(m.stretch.speed[0] * t + m.stretch.phase[0] + seed + 31));
    out.sy = Math.max(0.05, 1 + m.stretch.amount * noise(m.stretch.speed[1] * t + m.stretch.phase[1] + seed + 47));
  }
  let r = light.radiusCells;
  if (m.radius) r *= Math.max(0, m.radius[0] + m.radius[1] * noise(7 * t + seed + 61));
  if (m.edge) r *= Math.max(0, 1 + m.edge.amount * noise(m.edge.scale + m.edge.drift * t + seed + 73));
  out.radius = r;
  return out;
}

/** The drawn alpha at the centre: intensity is exaggerated so a faint light shows on a flat sketch. */
export function poolAlpha(intensity: number, gain: number): number {
  return clamp01((0.35 + 2 * clamp01(intensity)) * gain);
}

/** What the canvas drew for one light (the debug snapshot's `light`). */
export interface DrawnLight { radius: number; color: string; inner: string; alpha: number; pattern: boolean; spots: number }

const STOPS = 12;

/**
 * Draws the pool at canvas pixel (cx, cy), cell size `cell`, `strength` the intensity in use
 * (surface or basement), t the animation time (0 under reduced motion).
 */
export function drawLight(ctx: CanvasRenderingContext2D, light: GizmoLight, cx: number, cy: number, cell: number, strength: number, t: number): DrawnLight {
  const f = lightFrame(light, t, cx, cy);
  const outer = rgbOf(light.color), inner = rgbOf(light.innerColor, outer);
  const alpha = poolAlpha(strength, f.gain);
  const r = Math.max(0.25, f.radius) * cell;
  const x = cx + f.dx * cell, y = cy + f.dy * cell;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(f.sx, f.sy);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  for (let i = 0; i <= STOPS; i++) {
    const u = i / STOPS;
    g.addColorStop(u, css(mix(inner, outer, u), alpha * falloffAt(light, u)));
  }
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, 2 * Math.PI);
  ctx.fill();
  let spots = 0;
  if (light.pattern) spots = drawPattern(ctx, light, light.pattern, r, cell, inner, outer, alpha, t, cx, cy);
  ctx.restore();
  return { radius: f.radius, color: css(outer), inner: css(inner), alpha, pattern: !!light.pattern, spots };
}

/**
 * The scattered pattern, inside the pool (already translated to its centre): a wash from color to
 * innerColor across the rotated horizontal axis, then seeded spots. The seed is the fractional part
 * of phase · (x, y); spots sit on a jittered grid of pattern cells (1/density cells), warped by
 * sines, rotating at rotation.speed (± variation per spot), each with a palette color, a size and
 * aspect within their pairs, a halo, and a fade that switches it on between the thresholds.
 */
function drawPattern(ctx: CanvasRenderingContext2D, light: GizmoLight, p: GizmoLightPattern, r: number, cell: number, inner: RGB, outer: RGB, alpha: number, t: number, x: number, y: number): number {
  const seedF = p.phase[0] * x + p.phase[1] * y;
  const seed = Math.floor((seedF - Math.floor(seedF)) * 1e6);
  const angle = p.rotation.speed * t + p.rotation.phase;
  ctx.save();
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, 2 * Math.PI);
  ctx.clip();
  ctx.rotate(angle);
  // The wash: edge color to inner color along the rotated x axis, blended between blend[0] and blend[1].
  const wash = ctx.createLinearGradient(-r, 0, r, 0);
  const wb = [clamp01(p.wash.blend[0]), clamp01(p.wash.blend[1])];
  for (let i = 0; i <= 4; i++) {
    const u = i / 4;
    const k = wb[0] + (wb[1] - wb[0]) * u;
    wash.addColorStop(u, css(mix(outer, inner, clamp01(k)), alpha * clamp01(p.wash.gain) * Math.pow(1 - Math.abs(2 * u - 1), Math.max(0, p.wash.falloff))));
  }
  ctx.fillStyle = wash;
  ctx.fillRect(-r, -r, 2 * r, 2 * r);
  const pitch = cell / Math.max(0.25, Math.min(16, p.density));
  const n = Math.min(12, Math.ceil(r / pitch));
  const palette = p.palette.length ? p.palette.map((c) => rgbOf(c)) : [inner];
  let drawn = 0;
  for (let gy = -n; gy <= n; gy++) {
    for (let gx = -n; gx <= n; gx++) {
      const k = seed + gx * 7919 + gy * 104729;
      const h1 = hash(k), h2 = hash(k + 1), h3 = hash(k + 2), h4 = hash(k + 3), h5 = hash(k + 4);
      let sx = (gx + (h1 - 0.5) * clamp01(p.jitter)) * pitch, sy = (gy + (h2 - 0.5) * clamp01(p.jitter)) * pitch;
      sx += p.warp.amount * pitch * Math.sin(p.warp.frequency[0] * sy / cell + p.warp.phase[0]);
      sy += p.warp.amount * pitch * Math.sin(p.warp.frequency[1] * sx / cell + p.warp.phase[1]);
      if (Math.hypot(sx, sy) > r) continue;
      const fade = 0.5 + 0.5 * Math.sin(lerp(p.spots.fade.speed, h3) * t + 6.283 * h4);
      const lo = Math.min(...p.spots.fade.thresholds), hi = Math.max(...p.spots.fade.thresholds);
      const on = hi > lo ? clamp01((fade - lo) / (hi - lo)) : fade >= lo ? 1 : 0;
      if (on <= 0) continue;
      const size = Math.max(0, lerp(p.spots.size, h5)) * pitch;
      const aspect = Math.max(0.1, lerp(p.spots.aspect, h1));
      const color = palette[Math.floor(h2 * palette.length) % palette.length];
      const a = alpha * clamp01(lerp(p.spots.gain, h3)) * on * falloffAt(light, Math.hypot(sx, sy) / r);
      ctx.save();
      ctx.translate(sx, sy);
      ctx.rotate(p.rotation.variation * (h4 - 0.5) * t);
      ctx.scale(aspect, 1);
      const halo = Math.max(size, lerp(p.spots.halo.radius, h5) * pitch);
      const g = ctx.createRadialGradient(0, 0, 0, 0, 0, halo || 1);
      const edge = clamp01(size / (halo || 1));
      g.addColorStop(0, css(color, a));
      g.addColorStop(Math.max(0, edge * (1 - clamp01(p.spots.edge))), css(color, a));
      g.addColorStop(edge, css(color, a * clamp01(p.spots.halo.gain)));
      g.addColorStop(1, css(color, 0));
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(0, 0, halo || 1, 0, 2 * Math.PI);
      ctx.fill();
      ctx.restore();
      drawn++;
    }
  }
  ctx.restore();
  return drawn;
}

/** Lifts the basement darkness (on a destination-out layer) around a light by its illumination. */
export function liftDarkness(d: CanvasRenderingContext2D, light: GizmoLight, cx: number, cy: number, cell: number, t: number): void {
  const f = lightFrame(light, t, cx, cy);
  const r = Math.max(0.25, f.radius) * cell;
  const x = cx + f.dx * cell, y = cy + f.dy * cell;
  const g = d.createRadialGradient(x, y, 0, x, y, r);
  const lift = clamp01(light.illumination) * Math.min(1, f.gain);
  for (let i = 0; i <= STOPS; i++) g.addColorStop(i / STOPS, `rgba(0,0,0,${(lift * falloffAt(light, i / STOPS)).toFixed(3)})`);
  d.fillStyle = g;
  d.fillRect(x - r, y - r, 2 * r, 2 * r);
}

/** Whether a light changes over time (the canvas keeps animating while one is drawn). */
export function lightMoves(light: GizmoLight): boolean {
  return !!light.motion || (!!light.pattern && (light.pattern.rotation.speed !== 0 || light.pattern.spots.fade.speed.some((s) => s !== 0)));
}
