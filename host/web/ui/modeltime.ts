// Model timelines as the world page plays them: pure functions of a GizmoTimeline (or a
// presentation's label) and the time since it started, shared by the renderer (model.ts, its
// own bundle) and the page's hook (modelhook.ts). The SDK's own slerpQuaternion interpolates
// rotations, so the page turns a model exactly as the SDK's helpers compose it.

import { slerpQuaternion } from '@scape/sdk/presentation.js';
import type { GizmoFrame, GizmoLabelFrame, GizmoPresentation, GizmoTimeline } from '@scape/sdk/presentation.js';

export type { GizmoFrame, GizmoLabelFrame, GizmoPresentation, GizmoTimeline };

/** GET /api/world/models (host/models.go). */
export interface WorldModels {
  types: Record<string, { model: string; presentation: Omit<GizmoPresentation, 'model'>; spin?: number }>;
  instances: Record<string, { type: string; settled?: GizmoTimeline }>;
}

/** What the renderer exposes to the page (window.__scapeModelRenderer, set by model.js). */
export interface ModelRenderer {
  update(data: WorldModels, fetchModel: (sum: string) => Promise<ArrayBuffer>): void;
  transition(instance: string, timeline: GizmoTimeline | null): void;
  /** Draws the instance's model centred on (cx, cy), the cell being `cell` pixels: false when it has none (yet). */
  draw(ctx: CanvasRenderingContext2D, instance: string, cx: number, cy: number, cell: number): boolean;
  /** Whether any model is moving (a timeline, a label, a spin): the page keeps redrawing. */
  animating(): boolean;
  has(instance: string): boolean;
}

export const REST_FRAME: GizmoFrame = { rotation: [0, 0, 0, 1], x: 0, lift: 0, shadow: [1, 1, 1] };

/**
 * The frame `elapsedMs` into a timeline: frames are evenly spaced over durationMs (frame 0 at
 * 0, the last at durationMs), rotations slerped, x, lift and shadow linear between neighbours.
 * Past the end (or with reduced motion, or a single frame, or no duration) it is the final frame.
 */
export function frameAt(t: GizmoTimeline, elapsedMs: number, reduced: boolean): { frame: GizmoFrame; done: boolean } {
  const n = t.frames.length;
  if (n === 0) return { frame: REST_FRAME, done: true };
  const last = t.frames[n - 1];
  if (reduced || n === 1 || !(t.durationMs > 0) || elapsedMs >= t.durationMs) return { frame: last, done: true };
  const p = (Math.max(0, elapsedMs) / t.durationMs) * (n - 1);
  const i = Math.min(n - 2, Math.floor(p));
  const f = p - i;
  const a = t.frames[i], b = t.frames[i + 1];
  const mix = (u: number, v: number) => u + (v - u) * f;
  return {
    frame: {
      rotation: slerpQuaternion(a.rotation, b.rotation, f),
      x: mix(a.x, b.x),
      lift: mix(a.lift, b.lift),
      shadow: [mix(a.shadow[0], b.shadow[0]), mix(a.shadow[1], b.shadow[1]), mix(a.shadow[2], b.shadow[2])],
    },
    done: false,
  };
}

export type Label = NonNullable<GizmoPresentation['label']>;

/**
 * The result label `elapsedMs` after it appears: its frames evenly spaced over durationMs
 * (linear between neighbours), the opacity also ramped up over riseMs and down over the last
 * fadeMs. Null once it is over. With reduced motion it does not move: its most opaque frame,
 * held for durationMs.
 */
export function labelAt(l: Label, elapsedMs: number, reduced: boolean): GizmoLabelFrame | null {
  if (elapsedMs < 0 || elapsedMs > l.durationMs || l.frames.length === 0) return null;
  if (reduced) {
    let best = l.frames[0];
    for (const f of l.frames) if (f.opacity > best.opacity) best = f;
    return best;
  }
  const n = l.frames.length;
  const p = n === 1 ? 0 : (elapsedMs / l.durationMs) * (n - 1);
  const i = Math.min(Math.max(0, n - 2), Math.floor(p));
  const f = n === 1 ? 0 : p - i;
  const a = l.frames[i], b = l.frames[Math.min(n - 1, i + 1)];
  const mix = (u: number, v: number) => u + (v - u) * f;
  let envelope = 1;
  if (l.riseMs > 0 && elapsedMs < l.riseMs) envelope = elapsedMs / l.riseMs;
  if (l.fadeMs > 0 && elapsedMs > l.durationMs - l.fadeMs) envelope = Math.min(envelope, (l.durationMs - elapsedMs) / l.fadeMs);
  return { scaleX: mix(a.scaleX, b.scaleX), scaleY: mix(a.scaleY, b.scaleY), rotation: mix(a.rotation, b.rotation), y: mix(a.y, b.y), opacity: Math.max(0, Math.min(1, mix(a.opacity, b.opacity) * envelope)) };
}
