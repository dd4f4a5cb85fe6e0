// Feedback effects on the canvas: a step's sprite animation and a reaction's burst, impulse and
// camera shake, from the feedback the server sends this viewer with its grid (host/grid.go: only
// the recipients the world chose, haptic only to the initiator). Each feedback id plays once,
// from the moment this tab first sees it, for its durationMs. Feedback already pending in the
// tab's first grid is never played: "Retries, repeated snapshots and late joins do not replay
// feedback" (a reloaded tab is a late join). Reduced motion suppresses moving particles, impulses
// and camera shake (the docs); a burst then shows as a still flash.

import type { GizmoFeedback } from '@scape/sdk/reaction.js';
import type { GizmoStepEffects } from '@scape/sdk/step.js';
import type { Pending } from './types';

export interface Effect {
  id: string;
  kind: 'step' | 'reaction';
  instance: string;
  start: number; // performance.now() when first seen
  durationMs: number;
  step?: GizmoStepEffects;
  reaction?: GizmoFeedback;
}

const active = new Map<string, Effect>();
const seen = new Set<string>();
let first = true;
/** Ids of feedback skipped because it was already pending when this tab connected. */
export const skipped: string[] = [];
/** Ids played, in order (the debug snapshot's `played`). */
export const played: string[] = [];

/** Takes the grid's pending feedback: new ids start playing now. */
export function takeFeedback(pending: Pending[], now: number): void {
  for (const p of pending) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    if (first) { skipped.push(p.id); continue; }
    const fx = p.effects as { durationMs?: number };
    const durationMs = Math.min(2000, Math.max(1, Number(fx.durationMs) || 1));
    const e: Effect = { id: p.id, kind: p.kind, instance: p.instance, start: now, durationMs };
    if (p.kind === 'step') e.step = p.effects as unknown as GizmoStepEffects;
    else e.reaction = p.effects as unknown as GizmoFeedback;
    active.set(p.id, e);
    played.push(p.id);
  }
  first = false;
}

/** The effects still running at now (expired ones are dropped). */
export function running(now: number): Effect[] {
  const out: Effect[] = [];
  for (const [id, e] of active) {
    const longest = Math.max(e.durationMs, e.reaction?.impulse?.durationMs ?? 0, e.reaction?.cameraShake?.durationMs ?? 0);
    if (now - e.start > Math.min(2000, longest)) active.delete(id);
    else out.push(e);
  }
  return out;
}

/** Progress 0–1 of an effect part lasting ms. */
export function progress(e: Effect, now: number, ms = e.durationMs): number {
  return Math.min(1, Math.max(0, (now - e.start) / Math.max(1, ms)));
}

/** The impulse on an instance at now: the scale multiplier and rotation (radians), rising and falling as sin(π·p). */
export function impulseOf(effects: Effect[], instance: string, now: number, reduced: boolean): { scale: number; rotation: number } {
  const out = { scale: 1, rotation: 0 };
  if (reduced) return out;
  for (const e of effects) {
    const im = e.instance === instance ? e.reaction?.impulse : undefined;
    if (!im) continue;
    const p = progress(e, now, im.durationMs ?? e.durationMs);
    const env = p >= 1 ? 0 : Math.sin(Math.PI * p);
    out.scale *= 1 + (im.scale - 1) * env;
    out.rotation += im.rotation * env;
  }
  return out;
}

/** The camera's offset in pixels at now: strength · half a cell, decaying, a fixed wobble. */
export function shakeOf(effects: Effect[], now: number, cell: number, reduced: boolean): [number, number] {
  if (reduced) return [0, 0];
  let dx = 0, dy = 0;
  for (const e of effects) {
    const s = e.reaction?.cameraShake;
    if (!s) continue;
    const p = progress(e, now, s.durationMs);
    if (p >= 1) continue;
    const amp = Math.min(1, Math.max(0, s.strength)) * (cell / 2) * (1 - p);
    const w = (now - e.start) / 1000;
    dx += amp * Math.sin(w * 47);
    dy += amp * Math.cos(w * 39);
  }
  return [dx, dy];
}

/** Draws a reaction's burst at canvas pixel (cx, cy): a flash, a ring out to radiusCells, particles. */
export function drawBurst(ctx: CanvasRenderingContext2D, e: Effect, cx: number, cy: number, cell: number, now: number, reduced: boolean, color: (c: string, a: number) => string): number {
  const b = e.reaction?.burst;
  if (!b) return 0;
  const p = progress(e, now);
  const r = Math.max(0, b.radiusCells) * cell;
  ctx.save();
  if (b.flash && p < 0.25) {
    ctx.fillStyle = color(b.flash, 0.6 * (1 - p / 0.25));
    ctx.fillRect(cx - cell / 2, cy - cell / 2, cell, cell);
  }
  ctx.strokeStyle = color(b.color, 1 - p);
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(cx, cy, reduced ? r : Math.max(1, r * p), 0, 2 * Math.PI);
  ctx.stroke();
  let n = 0;
  if (!reduced) {
    const count = Math.min(64, Math.max(0, Math.floor(b.particles)));
    const emojis = b.particleEmojis ?? [];
    ctx.font = `${Math.round(cell * 0.4)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < count; i++) {
      const a = (2 * Math.PI * i) / count;
      const x = cx + Math.cos(a) * r * p, y = cy + Math.sin(a) * r * p;
      if (emojis.length) {
        ctx.globalAlpha = 1 - p;
        ctx.fillText(emojis[i % emojis.length], x, y);
        ctx.globalAlpha = 1;
      } else {
        ctx.fillStyle = color(b.color, 1 - p);
        ctx.beginPath();
        ctx.arc(x, y, 2.5, 0, 2 * Math.PI);
        ctx.fill();
      }
      n++;
    }
  }
  ctx.restore();
  return n;
}
