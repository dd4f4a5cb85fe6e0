/**
 * Glow: a screen-space halo around the sprite, evaluated by the host from bounded data (no author
 * callback per frame). `gizmoGlowFrame` is the one formula hosts and tests share.
 */
import { joinPath, problem, problemText } from './internal/problem.js';
import { first, hexColor, knownKeys, numberIn, optional, requiredKeys, type Problem } from './internal/checks.js';

/** Bounded decorative glow, evaluated by the host without per-frame author callbacks. */
export interface GizmoGlow {
  color: string;
  size: number;
  pulse: {
    speed: number;
    amount: number;
    phaseX: number;
  };
  opacity: {
    base: number;
    amount: number;
    speed: number;
    phaseY: number;
  };
  hue?: {
    speed: number;
    phaseY: number;
    saturation: number;
    lightness: number;
  };
}

/** Bounds of every glow field (LIMITS.md, "Effects"). */
export const GLOW_LIMITS = {
  /** Halo size in screen pixels. */
  size: [1, 256],
  /** Radians per second. */
  speed: 32,
  /** Radians per scene pixel (or plain radians for a single instance). */
  phase: 1000,
} as const;

const G = GLOW_LIMITS;

/** A GizmoGlow; the first actionable problem, or null. */
export function glowProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['color', 'size', 'pulse', 'opacity', 'hue']),
    () => requiredKeys(v, path, ['color', 'size', 'pulse', 'opacity']),
    () => hexColor(v.color, joinPath(path, 'color')),
    () => numberIn(v.size, joinPath(path, 'size'), G.size[0], G.size[1], 'pixels'),
    () => {
      const at = joinPath(path, 'pulse');
      const p = v.pulse as Record<string, unknown>;
      const keys = ['speed', 'amount', 'phaseX'];
      return first(
        () => knownKeys(p, at, keys),
        () => requiredKeys(p, at, keys),
        () => numberIn(p.speed, joinPath(at, 'speed'), 0, G.speed, 'radians per second'),
        () => numberIn(p.amount, joinPath(at, 'amount'), 0, 1),
        () => numberIn(p.phaseX, joinPath(at, 'phaseX'), -G.phase, G.phase),
      );
    },
    () => {
      const at = joinPath(path, 'opacity');
      const o = v.opacity as Record<string, unknown>;
      const keys = ['base', 'amount', 'speed', 'phaseY'];
      return first(
        () => knownKeys(o, at, keys),
        () => requiredKeys(o, at, keys),
        () => numberIn(o.base, joinPath(at, 'base'), 0, 1),
        () => numberIn(o.amount, joinPath(at, 'amount'), 0, 1),
        () =>
          (o.base as number) + (o.amount as number) > 1
            ? problem(joinPath(at, 'amount'), 'must keep base + amount at most 1 (opacity stays 0–1)', o.amount)
            : null,
        () => numberIn(o.speed, joinPath(at, 'speed'), 0, G.speed, 'radians per second'),
        () => numberIn(o.phaseY, joinPath(at, 'phaseY'), -G.phase, G.phase),
      );
    },
    () =>
      optional(v.hue, () => {
        const at = joinPath(path, 'hue');
        const h = v.hue as Record<string, unknown>;
        const keys = ['speed', 'phaseY', 'saturation', 'lightness'];
        return first(
          () => knownKeys(h, at, keys),
          () => requiredKeys(h, at, keys),
          () => numberIn(h.speed, joinPath(at, 'speed'), -G.speed, G.speed, 'radians per second'),
          () => numberIn(h.phaseY, joinPath(at, 'phaseY'), -G.phase, G.phase),
          () => numberIn(h.saturation, joinPath(at, 'saturation'), 0, 1),
          () => numberIn(h.lightness, joinPath(at, 'lightness'), 0, 1),
        );
      }),
  );
}

/** The first actionable validation error, or null when the recipe is valid. */
export function gizmoGlowError(value: unknown): string | null {
  return problemText(glowProblem(value, ''));
}

export function validGizmoGlow(value: unknown): value is GizmoGlow {
  return glowProblem(value, '') === null;
}

/**
 * The glow at `seconds` for an instance drawn at scene pixel (x, y):
 *
 *     size    = size · (1 + pulse.amount · sin(pulse.speed · t + pulse.phaseX · x))
 *     opacity = opacity.base + opacity.amount · (½ + ½ · sin(opacity.speed · t + opacity.phaseY · y))
 *     hue     = degrees(hue.speed · t + hue.phaseY · y) mod 360, when hue is declared
 *
 * Opacity therefore stays within [base, base + amount] ⊆ [0, 1] and size within
 * [size·(1 − amount), size·(1 + amount)]. Reduced motion evaluates at t = 0: the position phases
 * still distinguish neighbours, but nothing moves. Throws on an invalid recipe or non-finite input,
 * because a host must never draw from one.
 */
export function gizmoGlowFrame(
  glow: GizmoGlow,
  seconds: number,
  x: number,
  y: number,
  reducedMotion = false,
): { size: number; opacity: number; hue: number | undefined } {
  const found = glowProblem(glow, 'glow');
  if (found) throw new TypeError(`gizmoGlowFrame: ${found}`);
  for (const [name, n] of [['seconds', seconds], ['x', x], ['y', y]] as const) {
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new TypeError(`gizmoGlowFrame: ${name} must be a finite number (got ${String(n)})`);
  }
  const t = reducedMotion ? 0 : seconds;
  const size = glow.size * (1 + glow.pulse.amount * Math.sin(glow.pulse.speed * t + glow.pulse.phaseX * x));
  const wave = 0.5 + 0.5 * Math.sin(glow.opacity.speed * t + glow.opacity.phaseY * y);
  const opacity = Math.min(1, Math.max(0, glow.opacity.base + glow.opacity.amount * wave));
  let hue: number | undefined;
  if (glow.hue) {
    const degrees = ((glow.hue.speed * t + glow.hue.phaseY * y) * 180) / Math.PI;
    hue = ((degrees % 360) + 360) % 360;
    if (hue >= 360) hue = 0; // (−tiny % 360) + 360 rounds to 360
  }
  return { size, opacity, hue };
}
