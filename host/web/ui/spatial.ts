// Where a sound is heard from: the local approximation of the hosted world's spatial output
// (docs/world.md, "Sound"). The docs give rangeCells [near, far] and stereo but no curve or pan
// law, so the local world chooses and labels them:
// - distance: Euclidean between cell centres on one floor (another floor is silent), gain 1 up
//   to near, 0 from far, linear between (Web Audio's PannerNode "linear" model with
//   refDistance = near, maxDistance = far, rolloffFactor 1); near ≥ far is a step at far.
// - pan: stereo × the horizontal part of the direction, dx / max(distance, 1), clamped to −1…1,
//   through a StereoPannerNode (equal power); a source in the listener's own cell is centred.

export interface Listener { floor: string; x: number; y: number }
export interface At { floor: string; x: number; y: number }

export const CURVE_LABEL = 'Local approximation: gain 1 within near, linear to 0 at far (cells, Euclidean); pan = stereo × dx / max(distance, 1), equal power.';

export function distanceGain(d: number, near: number, far: number): number {
  if (!(d >= 0)) return 0;
  if (d <= near) return 1;
  if (d >= far) return 0;
  return 1 - (d - near) / (far - near);
}

export function spatial(l: Listener | null, at: At, range: [number, number], stereo: number): { gain: number; pan: number; distance: number } {
  if (!l || l.floor !== at.floor) return { gain: 0, pan: 0, distance: Infinity };
  const dx = at.x - l.x, dy = at.y - l.y;
  const d = Math.hypot(dx, dy);
  const pan = Math.max(-1, Math.min(1, (Number.isFinite(stereo) ? stereo : 0) * dx / Math.max(d, 1)));
  return { gain: distanceGain(d, range[0], range[1]), pan, distance: d };
}
