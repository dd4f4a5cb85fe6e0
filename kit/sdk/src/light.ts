/**
 * World light: illumination in grid cells, shared by every participant's renderer. The docs state
 * the radius, the intensities and the color forms; every other field is any finite number (the
 * docs give no range, and the host clamps what its renderer cannot show). LIGHT_RULES keeps the
 * former guesses as dropped rules, so LIMITS.md records what changed.
 */
import { joinPath, problemText } from './internal/problem.js';
import { arrayOf, finiteNumber, first, hexColorOf, knownKeys, numberIn, oneOf, optional, requiredKeys, tuple, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';

/** Hex sRGB or explicit sRGB components from 0 to 1. */
export type GizmoLightColor = string | [number, number, number];
/** A rotating, warped field of seeded spots over a two-color wash. */
export interface GizmoLightPattern {
  kind: 'scattered';
  /** Position coefficients in scene pixels; the fractional sum seeds the pattern. */
  phase: [number, number];
  rotation: {
    speed: number;
    variation: number;
    phase: number;
  };
  density: number;
  warp: {
    frequency: [number, number];
    phase: [number, number];
    amount: number;
  };
  jitter: number;
  palette: GizmoLightColor[];
  spots: {
    /** Minimum/maximum radius in pattern-cell units. */
    size: [number, number];
    aspect: [number, number];
    edge: number;
    gain: [number, number];
    halo: {
      radius: [number, number];
      gain: number;
    };
    fade: {
      speed: [number, number];
      thresholds: [number, number];
    };
  };
  /** Uses light.color/innerColor across the rotated horizontal axis. */
  wash: {
    gain: number;
    falloff: number;
    blend: [number, number];
  };
}
/** Shared world-space light, not a sprite halo. Motion is bounded data, never a shader upload. */
export interface GizmoLight {
  /** Radius in grid cells (.25–12), independent of sprite size. */
  radiusCells: number;
  /** sRGB colors, mixed from the edge toward the center. */
  color: GizmoLightColor;
  innerColor?: GizmoLightColor;
  /** Additive overlay strength (0–1); basement defaults to the surface value. */
  intensity: number;
  basementIntensity?: number;
  /** Contribution to the shared basement darkness reduction (0–1). */
  illumination: number;
  falloff?: {
    start: number;
    edge: number;
    power: number;
  };
  /** Optional spatial pattern; radial lights remain the default. */
  pattern?: GizmoLightPattern;
  /** Continuous value noise. Reduced motion evaluates this recipe at time zero. */
  motion?: {
    /** Seed coefficients applied to scene pixel coordinates. */
    phase: [number, number];
    bias: number;
    bands: [speed: number, amount: number, offset: number][];
    flare?: [speed: number, low: number, high: number, amount: number, offset: number];
    drift?: {
      speed: [number, number];
      phase: [number, number];
      amount: number;
    };
    stretch?: {
      speed: [number, number];
      phase: [number, number];
      amount: number;
    };
    edge?: {
      scale: number;
      drift: number;
      amount: number;
    };
    radius?: [base: number, flicker: number];
  };
}

/** The bounds of every light field the docs state, in one place so LIMITS.md and the messages agree. */
export const LIGHT_LIMITS = {
  radiusCells: [0.25, 12],
} as const;

const S = 'Light and glow';
const LIMITS_ROW = 'Limits and compatibility: "World light radius | 0.25–12 cells"; GizmoLight.radiusCells: "Radius in grid cells (.25–12)"';
const DROPPED = 'the docs give no range; any finite number is drawn (the host clamps what its renderer cannot show)';

/** The light rules: what the docs state, and the former guesses kept as a record. */
export const LIGHT_RULES = {
  radiusCells: rule({ id: 'light.radiusCells', class: 'doc', section: S, item: 'Light `radiusCells`', min: LIGHT_LIMITS.radiusCells[0], max: LIGHT_LIMITS.radiusCells[1], unit: 'cells', source: LIMITS_ROW }),
  intensity: rule({ id: 'light.intensity', class: 'doc', section: S, item: 'Light `intensity`', min: 0, max: 1, source: 'GizmoLight.intensity: "Additive overlay strength (0–1)"' }),
  basementIntensity: rule({ id: 'light.basementIntensity', class: 'doc', section: S, item: 'Light `basementIntensity`', min: 0, max: 1, source: 'GizmoLight.intensity: "Additive overlay strength (0–1); basement defaults to the surface value" (the same quantity)' }),
  illumination: rule({ id: 'light.illumination', class: 'doc', section: S, item: 'Light `illumination`', min: 0, max: 1, source: 'GizmoLight.illumination: "Contribution to the shared basement darkness reduction (0–1)"' }),
  hex: rule({ id: 'light.color.hex', class: 'doc', section: S, item: 'Light colors as strings (`color`, `innerColor`, palette)', bound: '`#rgb` or `#rrggbb`', source: 'GizmoLightColor: "Hex sRGB or explicit sRGB components from 0 to 1"', was: '`#rrggbb` only' }),
  component: rule({ id: 'light.color.component', class: 'doc', section: S, item: 'Light colors as `[r, g, b]`', min: 0, max: 1, source: 'GizmoLightColor: "Hex sRGB or explicit sRGB components from 0 to 1"' }),
  flareOrder: rule({ id: 'light.motion.flare.order', class: 'guess', treatment: 'warning', section: S, item: 'Light `motion.flare` window', bound: 'low ≤ high', source: 'the docs are silent; a reversed window never fires, so it is almost certainly a mistake' }),
  emptyPalette: rule({ id: 'light.pattern.palette.empty', class: 'guess', treatment: 'warning', section: S, item: 'Light `pattern.palette`', bound: 'at least one color', source: 'the docs are silent; a pattern with no colors draws no spots, almost certainly a mistake' }),
  falloff: rule({ id: 'light.falloff', class: 'guess', treatment: 'dropped', section: S, item: 'Light `falloff` start, edge, power', bound: 'any finite numbers', was: 'start, edge 0–1; power 0.1–8', source: DROPPED }),
  speeds: rule({ id: 'light.speeds', class: 'guess', treatment: 'dropped', section: S, item: 'Light speeds (rotation, drift, stretch, edge drift, band, flare, fade)', bound: 'any finite numbers', was: '−32–32 (0–32 for band, flare and fade speeds) radians per second', source: DROPPED }),
  phases: rule({ id: 'light.phases', class: 'guess', treatment: 'dropped', section: S, item: 'Light phases and offsets', bound: 'any finite numbers', was: '−1,000–1,000', source: DROPPED }),
  pattern: rule({ id: 'light.pattern.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Light pattern density, warp frequency, palette size, spot size/aspect/halo, wash falloff', bound: 'any finite numbers; any number of palette colors', was: 'density 0.1–16; warp frequency 0–16; palette 1–8; size, halo 0–4; aspect 0.1–10; wash falloff 0–8', source: DROPPED }),
  mix: rule({ id: 'light.mix', class: 'guess', treatment: 'dropped', section: S, item: 'Light mix factors (jitter, variation, amounts, edge, gains, thresholds, blend)', bound: 'any finite numbers', was: '0–1', source: DROPPED }),
  pairOrder: rule({ id: 'light.pairs.order', class: 'guess', treatment: 'dropped', section: S, item: 'Light `[min, max]` pairs (spot size, aspect, gain, halo radius, fade speed and thresholds, wash blend)', bound: 'any order', was: 'low ≤ high', source: 'the docs are silent; "Minimum/maximum radius" names the pair, and a renderer that takes min/max of the two draws either order the same' }),
  motion: rule({ id: 'light.motion.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Light motion bias, bands, edge scale, radius', bound: 'any finite numbers; any number of bands', was: 'bias −1–1; 0–8 bands; edge scale 0–16; radius base 0–2, flicker 0–1', source: DROPPED }),
};

const R = LIGHT_RULES;

/** `#rgb`, `#rrggbb` or `[r, g, b]` with each component 0–1 (GizmoLightColor). */
export function lightColorProblem(value: unknown, path: string): Problem {
  if (Array.isArray(value)) {
    if (value.length !== 3) return fail(TYPE_RULES.tuple, path, 'must be a hex color or [r, g, b] with each component 0–1', value);
    return tuple(value, path, 3, (item, itemPath) => numberIn(item, itemPath, R.component));
  }
  if (typeof value === 'string') return hexColorOf(value, path, R.hex);
  return fail(TYPE_RULES.string, path, 'must be a hex color or [r, g, b] with each component 0–1', value);
}

const num = finiteNumber;
const pair = (value: unknown, path: string): Problem => tuple(value, path, 2, num);

function falloffProblem(value: unknown, path: string): Problem {
  const keys = ['start', 'edge', 'power'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => num(v.start, joinPath(path, 'start')),
    () => num(v.edge, joinPath(path, 'edge')),
    () => num(v.power, joinPath(path, 'power')),
  );
}

/** A nested object of required finite numbers and number pairs. */
function numbers(value: unknown, path: string, scalars: readonly string[], pairs: readonly string[]): Problem {
  const v = value as Record<string, unknown>;
  const keys = [...scalars, ...pairs];
  let found = knownKeys(value, path, keys) ?? requiredKeys(v, path, keys);
  if (found) return found;
  for (let i = 0; i < scalars.length; i++) if ((found = num(v[scalars[i]], joinPath(path, scalars[i])))) return found;
  for (let i = 0; i < pairs.length; i++) if ((found = pair(v[pairs[i]], joinPath(path, pairs[i])))) return found;
  return null;
}

function patternProblem(value: unknown, path: string): Problem {
  const keys = ['kind', 'phase', 'rotation', 'density', 'warp', 'jitter', 'palette', 'spots', 'wash'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => oneOf(v.kind, joinPath(path, 'kind'), ['scattered']),
    () => pair(v.phase, joinPath(path, 'phase')),
    () => numbers(v.rotation, joinPath(path, 'rotation'), ['speed', 'variation', 'phase'], []),
    () => num(v.density, joinPath(path, 'density')),
    () => numbers(v.warp, joinPath(path, 'warp'), ['amount'], ['frequency', 'phase']),
    () => num(v.jitter, joinPath(path, 'jitter')),
    () => {
      const at = joinPath(path, 'palette');
      const found = arrayOf(v.palette, at, null, lightColorProblem);
      if (found) return found;
      return (v.palette as unknown[]).length === 0 ? fail(R.emptyPalette, at, 'has no colors, so the pattern draws no spots', v.palette) : null;
    },
    () => spotsProblem(v.spots, joinPath(path, 'spots')),
    () => numbers(v.wash, joinPath(path, 'wash'), ['gain', 'falloff'], ['blend']),
  );
}

function spotsProblem(value: unknown, path: string): Problem {
  const keys = ['size', 'aspect', 'edge', 'gain', 'halo', 'fade'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => pair(v.size, joinPath(path, 'size')),
    () => pair(v.aspect, joinPath(path, 'aspect')),
    () => num(v.edge, joinPath(path, 'edge')),
    () => pair(v.gain, joinPath(path, 'gain')),
    () => numbers(v.halo, joinPath(path, 'halo'), ['gain'], ['radius']),
    () => numbers(v.fade, joinPath(path, 'fade'), [], ['speed', 'thresholds']),
  );
}

function motionProblem(value: unknown, path: string): Problem {
  const keys = ['phase', 'bias', 'bands', 'flare', 'drift', 'stretch', 'edge', 'radius'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, ['phase', 'bias', 'bands']),
    () => pair(v.phase, joinPath(path, 'phase')),
    () => num(v.bias, joinPath(path, 'bias')),
    () =>
      arrayOf(v.bands, joinPath(path, 'bands'), null, (band, at) => {
        if (!Array.isArray(band) || band.length !== 3) return fail(TYPE_RULES.tuple, at, 'must be [speed, amount, offset]', band);
        return tuple(band, at, 3, num);
      }),
    () =>
      optional(v.flare, () => {
        const at = joinPath(path, 'flare');
        const f = v.flare;
        if (!Array.isArray(f) || f.length !== 5) return fail(TYPE_RULES.tuple, at, 'must be [speed, low, high, amount, offset]', f);
        const found = tuple(f, at, 5, num);
        if (found) return found;
        return f[1] > f[2] ? fail(R.flareOrder, at, 'has low above high, so the flare never fires', f) : null;
      }),
    () => optional(v.drift, () => numbers(v.drift, joinPath(path, 'drift'), ['amount'], ['speed', 'phase'])),
    () => optional(v.stretch, () => numbers(v.stretch, joinPath(path, 'stretch'), ['amount'], ['speed', 'phase'])),
    () => optional(v.edge, () => numbers(v.edge, joinPath(path, 'edge'), ['scale', 'drift', 'amount'], [])),
    () =>
      optional(v.radius, () => {
        const at = joinPath(path, 'radius');
        const r = v.radius;
        if (!Array.isArray(r) || r.length !== 2) return fail(TYPE_RULES.tuple, at, 'must be [base, flicker]', r);
        return tuple(r, at, 2, num);
      }),
  );
}

/** A GizmoLight; the first actionable problem, or null. */
export function lightProblem(value: unknown, path: string): Problem {
  const keys = ['radiusCells', 'color', 'innerColor', 'intensity', 'basementIntensity', 'illumination', 'falloff', 'pattern', 'motion'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, ['radiusCells', 'color', 'intensity', 'illumination']),
    () => numberIn(v.radiusCells, joinPath(path, 'radiusCells'), R.radiusCells),
    () => lightColorProblem(v.color, joinPath(path, 'color')),
    () => optional(v.innerColor, () => lightColorProblem(v.innerColor, joinPath(path, 'innerColor'))),
    () => numberIn(v.intensity, joinPath(path, 'intensity'), R.intensity),
    () => optional(v.basementIntensity, () => numberIn(v.basementIntensity, joinPath(path, 'basementIntensity'), R.basementIntensity)),
    () => numberIn(v.illumination, joinPath(path, 'illumination'), R.illumination),
    () => optional(v.falloff, () => falloffProblem(v.falloff, joinPath(path, 'falloff'))),
    () => optional(v.pattern, () => patternProblem(v.pattern, joinPath(path, 'pattern'))),
    () => optional(v.motion, () => motionProblem(v.motion, joinPath(path, 'motion'))),
  );
}

export function gizmoLightError(value: unknown): string | null {
  return problemText(lightProblem(value, ''));
}
