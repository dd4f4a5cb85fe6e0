// A travel's arrival cosmetics (GizmoTravel.arrival, "Optional local-player arrival cosmetics"),
// drawn for this viewer's own avatar when it lands: the avatar starts at `scale` and grows back to
// its size over durationMs, and a trail (its color at its opacity) runs from where it entered to
// where it landed, fading out. Reduced motion keeps the trail and drops the scaling. The travel's
// own feedback (GizmoTravel.feedback: its audio) plays for the traveler from the travel source.

import type { Cell, Note } from './types';
import { run, type Command } from './audio';

interface Arrival { seq: number; actor: string; start: number; durationMs: number; scale: number; trail?: { color: string; opacity: number }; from: Cell; to: Cell }

const running: Arrival[] = [];
/** The arrivals played, in order (the debug snapshot's `arrivals`). */
export const playedArrivals: { seq: number; instance?: string; durationMs: number; scale: number; trail: boolean }[] = [];

/** Takes the notes new to this tab: each travel landing plays its arrival and its feedback's audio. */
export function takeArrivals(notes: Note[], now: number): void {
  for (const n of notes) {
    if (n.kind !== 'traveled' || !n.from || !n.to) continue;
    const audio = n.travelFeedback?.audio as Command[] | undefined;
    if (audio?.length && n.instance) void run(n.instance, audio, 'travel', n.actor ?? '');
    const a = n.arrival;
    if (!a) continue;
    const durationMs = Math.min(2000, Math.max(1, Number(a.durationMs) || 1));
    running.push({ seq: n.seq, actor: n.actor ?? '', start: now, durationMs, scale: Number(a.scale) || 1, trail: a.trail, from: n.from, to: n.to });
    playedArrivals.push({ seq: n.seq, instance: n.instance, durationMs, scale: Number(a.scale) || 1, trail: !!a.trail });
    if (playedArrivals.length > 32) playedArrivals.shift();
  }
}

function progress(a: Arrival, now: number): number { return Math.min(1, Math.max(0, (now - a.start) / a.durationMs)); }

/** Whether an arrival is still playing at now (expired ones are dropped). */
export function arriving(now: number): boolean {
  for (let i = running.length - 1; i >= 0; i--) if (progress(running[i], now) >= 1) running.splice(i, 1);
  return running.length > 0;
}

/** The avatar's drawn scale at now: from the arrival's scale back to 1. */
export function arrivalScale(actor: string, now: number, reduced: boolean): number {
  if (reduced) return 1;
  let s = 1;
  for (const a of running) if (a.actor === actor) s *= a.scale + (1 - a.scale) * progress(a, now);
  return s;
}

/** Draws the running trails (canvas pixels, cell size `cell`). */
export function drawTrails(ctx: CanvasRenderingContext2D, now: number, cell: number, css: (color: string, alpha: number) => string): void {
  for (const a of running) {
    if (!a.trail) continue;
    const p = progress(a, now);
    ctx.save();
    ctx.strokeStyle = css(a.trail.color, Math.min(1, Math.max(0, a.trail.opacity)) * (1 - p));
    ctx.lineWidth = cell * 0.3;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo((a.from.x + 0.5) * cell, (a.from.y + 0.5) * cell);
    ctx.lineTo((a.to.x + 0.5) * cell, (a.to.y + 0.5) * cell);
    ctx.stroke();
    ctx.restore();
  }
}
