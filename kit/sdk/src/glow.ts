/**
 * Glow: a screen-space halo around the sprite, evaluated by the host from bounded data (no author
 * callback per frame). `gizmoGlowFrame` is the one formula hosts and tests share.
 */
import { joinPath, problemText } from './internal/problem.js';
import { colorString, finiteNumber, first, knownKeys, optional, requiredKeys, type Problem } from './internal/checks.js';
import { fail, rule } from './internal/rules.js';

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

const S = 'Light and glow';
const DROPPED = 'the docs give no range (GizmoGlow declares plain numbers); any finite number is drawn, and gizmoGlowFrame keeps size at least 0 and opacity within 0–1';

/**
 * The glow rules. The docs declare the shape only ("Bounded decorative glow", with no number
 * stated), so every former range is dropped; three values stay warnings because they are almost
 * certainly mistakes.
 */
export const GLOW_RULES = {
  colorHex: rule({ id: 'glow.color.hex', class: 'guess', treatment: 'warning', section: S, item: 'Glow `color`', bound: '`#rgb` or `#rrggbb` (another string warns)', was: '`#rrggbb`, an error', source: 'GizmoGlow declares `color: string` with no format; every documented glow uses hex, as light colors do ("Hex sRGB"), so another form is likely a mistake a host may not draw' }),
  sizePositive: rule({ id: 'glow.size.positive', class: 'guess', treatment: 'warning', section: S, item: 'Glow `size`', bound: 'greater than 0', was: '1–256 pixels, an error', source: 'the docs give no range; a halo of size 0 or less is never drawn, almost certainly a mistake (larger halos are the author\'s choice)' }),
  opacityVisible: rule({ id: 'glow.opacity.visible', class: 'guess', treatment: 'warning', section: S, item: 'Glow `opacity`', bound: 'base or base + amount greater than 0', was: 'base, amount 0–1 and base + amount ≤ 1, errors', source: 'the docs give no range; opacity is base + amount · (0…1), clamped to 0–1, so when neither base nor base + amount is above 0 the glow is never visible' }),
  speeds: rule({ id: 'glow.speeds', class: 'guess', treatment: 'dropped', section: S, item: 'Glow speeds (`pulse.speed`, `opacity.speed`, `hue.speed`)', bound: 'any finite numbers', was: '0–32 radians per second (hue −32–32)', source: DROPPED }),
  phases: rule({ id: 'glow.phases', class: 'guess', treatment: 'dropped', section: S, item: 'Glow phases (`pulse.phaseX`, `opacity.phaseY`, `hue.phaseY`)', bound: 'any finite numbers', was: '−1,000–1,000', source: DROPPED }),
  amounts: rule({ id: 'glow.amounts', class: 'guess', treatment: 'dropped', section: S, item: 'Glow `pulse.amount`, `opacity.base`, `opacity.amount`', bound: 'any finite numbers', was: '0–1 each, base + amount ≤ 1', source: DROPPED }),
  hue: rule({ id: 'glow.hue.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Glow `hue.saturation`, `hue.lightness`', bound: 'any finite numbers', was: '0–1', source: 'the docs give no range; HSL components outside 0–1 are clamped by any color model' }),
};

const R = GLOW_RULES;

/** Keys of a nested glow object: all required finite numbers. */
function numbers(value: unknown, path: string, keys: readonly string[]): Problem {
  let found = knownKeys(value, path, keys) ?? requiredKeys(value as Record<string, unknown>, path, keys);
  if (found) return found;
  const v = value as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) if ((found = finiteNumber(v[keys[i]], joinPath(path, keys[i])))) return found;
  return null;
}

/** A GizmoGlow; the first actionable problem, or null. Warnings go to collectWarnings. */
export function glowProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['color', 'size', 'pulse', 'opacity', 'hue']),
    () => requiredKeys(v, path, ['color', 'size', 'pulse', 'opacity']),
    () =>
      colorString(v.color, joinPath(path, 'color'), R.colorHex, 'is not a hex color like "#ffc078" or "#fc0" (the form every documented glow uses; a host may not draw another)', 'must be a color string like "#ffc078"'),
    () => finiteNumber(v.size, joinPath(path, 'size')),
    () => ((v.size as number) > 0 ? null : fail(R.sizePositive, joinPath(path, 'size'), 'is not greater than 0, so the halo is never drawn', v.size)),
    () => numbers(v.pulse, joinPath(path, 'pulse'), ['speed', 'amount', 'phaseX']),
    () => numbers(v.opacity, joinPath(path, 'opacity'), ['base', 'amount', 'speed', 'phaseY']),
    () => {
      const o = v.opacity as { base: number; amount: number };
      return o.base > 0 || o.base + o.amount > 0 ? null : fail(R.opacityVisible, joinPath(path, 'opacity'), 'never rises above 0 (neither base nor base + amount is positive), so the glow is never visible', v.opacity);
    },
    () => optional(v.hue, () => numbers(v.hue, joinPath(path, 'hue'), ['speed', 'phaseY', 'saturation', 'lightness'])),
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
 * Opacity is clamped to 0–1 and size to at least 0 (the docs give the fields no range, so a pulse
 * amount above 1 or an opacity above 1 is drawn clamped rather than refused): for ordinary recipes
 * opacity stays within [base, base + amount] and size within [size·(1 − amount), size·(1 + amount)].
 * Reduced motion evaluates at t = 0: the position phases still distinguish neighbours, but nothing
 * moves. Throws on a recipe the validator refuses or non-finite input, because a host must never
 * draw from one.
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
  const size = Math.max(0, glow.size * (1 + glow.pulse.amount * Math.sin(glow.pulse.speed * t + glow.pulse.phaseX * x)));
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
