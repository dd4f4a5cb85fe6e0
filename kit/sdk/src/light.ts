/**
 * World light: illumination in grid cells, shared by every participant's renderer. Every field is
 * bounded data (LIMITS.md, "Effects"): the host evaluates the recipe with no author code per frame,
 * so the bounds are what keep a room full of lights cheap.
 */
import { joinPath, problem, problemText } from './internal/problem.js';
import { arrayOf, first, hexColor, knownKeys, numberIn, oneOf, optional, orderedPair, requiredKeys, tuple, type Problem } from './internal/checks.js';

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

/** The bounds of every light field, in one place so LIMITS.md and the messages agree. */
export const LIGHT_LIMITS = {
  radiusCells: [0.25, 12],
  /** Falloff shape: start/edge are fractions of the radius, power the curve exponent. */
  falloffPower: [0.1, 8],
  /** Phase and seed coefficients (radians, or radians per scene pixel). */
  phase: 1000,
  /** Angular and temporal speeds, radians per second. */
  speed: 32,
  /** Spots per pattern cell. */
  density: [0.1, 16],
  warpFrequency: 16,
  paletteColors: [1, 8],
  spotSize: [0, 4],
  spotAspect: [0.1, 10],
  haloRadius: [0, 4],
  washFalloff: [0, 8],
  bands: [0, 8],
  edgeScale: 16,
  radiusBase: [0, 2],
} as const;

const L = LIGHT_LIMITS;

/** `#rrggbb` or `[r, g, b]` with each component 0–1. */
export function lightColorProblem(value: unknown, path: string): Problem {
  if (Array.isArray(value)) {
    if (value.length !== 3) return problem(path, 'must be a six-digit hex color or [r, g, b] with each component 0–1', value);
    return tuple(value, path, 3, (item, itemPath) => numberIn(item, itemPath, 0, 1));
  }
  if (typeof value === 'string') return hexColor(value, path);
  return problem(path, 'must be a six-digit hex color or [r, g, b] with each component 0–1', value);
}

const pair = (value: unknown, path: string, min: number, max: number, unit = ''): Problem =>
  tuple(value, path, 2, (item, itemPath) => numberIn(item, itemPath, min, max, unit));

const phaseNumber = (value: unknown, path: string): Problem => numberIn(value, path, -L.phase, L.phase);
const phasePair = (value: unknown, path: string): Problem => pair(value, path, -L.phase, L.phase);
const speedNumber = (value: unknown, path: string): Problem => numberIn(value, path, -L.speed, L.speed, 'radians per second');
const unit = (value: unknown, path: string): Problem => numberIn(value, path, 0, 1);

function falloffProblem(value: unknown, path: string): Problem {
  const keys = ['start', 'edge', 'power'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => unit(v.start, joinPath(path, 'start')),
    () => unit(v.edge, joinPath(path, 'edge')),
    () => numberIn(v.power, joinPath(path, 'power'), L.falloffPower[0], L.falloffPower[1]),
  );
}

function patternProblem(value: unknown, path: string): Problem {
  const keys = ['kind', 'phase', 'rotation', 'density', 'warp', 'jitter', 'palette', 'spots', 'wash'];
  const v = value as Record<string, unknown>;
  const found = first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => oneOf(v.kind, joinPath(path, 'kind'), ['scattered']),
    () => phasePair(v.phase, joinPath(path, 'phase')),
    () => {
      const at = joinPath(path, 'rotation');
      const r = v.rotation as Record<string, unknown>;
      const rk = ['speed', 'variation', 'phase'];
      return first(
        () => knownKeys(r, at, rk),
        () => requiredKeys(r, at, rk),
        () => speedNumber(r.speed, joinPath(at, 'speed')),
        () => unit(r.variation, joinPath(at, 'variation')),
        () => phaseNumber(r.phase, joinPath(at, 'phase')),
      );
    },
    () => numberIn(v.density, joinPath(path, 'density'), L.density[0], L.density[1], 'spots per pattern cell'),
    () => {
      const at = joinPath(path, 'warp');
      const w = v.warp as Record<string, unknown>;
      const wk = ['frequency', 'phase', 'amount'];
      return first(
        () => knownKeys(w, at, wk),
        () => requiredKeys(w, at, wk),
        () => pair(w.frequency, joinPath(at, 'frequency'), 0, L.warpFrequency),
        () => phasePair(w.phase, joinPath(at, 'phase')),
        () => unit(w.amount, joinPath(at, 'amount')),
      );
    },
    () => unit(v.jitter, joinPath(path, 'jitter')),
    () => arrayOf(v.palette, joinPath(path, 'palette'), L.paletteColors[0], L.paletteColors[1], lightColorProblem),
    () => spotsProblem(v.spots, joinPath(path, 'spots')),
    () => {
      const at = joinPath(path, 'wash');
      const w = v.wash as Record<string, unknown>;
      const wk = ['gain', 'falloff', 'blend'];
      return first(
        () => knownKeys(w, at, wk),
        () => requiredKeys(w, at, wk),
        () => unit(w.gain, joinPath(at, 'gain')),
        () => numberIn(w.falloff, joinPath(at, 'falloff'), L.washFalloff[0], L.washFalloff[1]),
        () => orderedPair(w.blend, joinPath(at, 'blend'), 0, 1),
      );
    },
  );
  return found;
}

function spotsProblem(value: unknown, path: string): Problem {
  const keys = ['size', 'aspect', 'edge', 'gain', 'halo', 'fade'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => orderedPair(v.size, joinPath(path, 'size'), L.spotSize[0], L.spotSize[1], 'pattern cells'),
    () => orderedPair(v.aspect, joinPath(path, 'aspect'), L.spotAspect[0], L.spotAspect[1]),
    () => unit(v.edge, joinPath(path, 'edge')),
    () => orderedPair(v.gain, joinPath(path, 'gain'), 0, 1),
    () => {
      const at = joinPath(path, 'halo');
      const h = v.halo as Record<string, unknown>;
      return first(
        () => knownKeys(h, at, ['radius', 'gain']),
        () => requiredKeys(h, at, ['radius', 'gain']),
        () => orderedPair(h.radius, joinPath(at, 'radius'), L.haloRadius[0], L.haloRadius[1], 'pattern cells'),
        () => unit(h.gain, joinPath(at, 'gain')),
      );
    },
    () => {
      const at = joinPath(path, 'fade');
      const f = v.fade as Record<string, unknown>;
      return first(
        () => knownKeys(f, at, ['speed', 'thresholds']),
        () => requiredKeys(f, at, ['speed', 'thresholds']),
        () => orderedPair(f.speed, joinPath(at, 'speed'), 0, L.speed, 'radians per second'),
        () => orderedPair(f.thresholds, joinPath(at, 'thresholds'), 0, 1),
      );
    },
  );
}

/** drift and stretch share one shape: per-axis speeds and phases, and an amount 0–1. */
function wanderProblem(value: unknown, path: string): Problem {
  const keys = ['speed', 'phase', 'amount'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, keys),
    () => pair(v.speed, joinPath(path, 'speed'), -L.speed, L.speed, 'radians per second'),
    () => phasePair(v.phase, joinPath(path, 'phase')),
    () => unit(v.amount, joinPath(path, 'amount')),
  );
}

function motionProblem(value: unknown, path: string): Problem {
  const keys = ['phase', 'bias', 'bands', 'flare', 'drift', 'stretch', 'edge', 'radius'];
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(v, path, ['phase', 'bias', 'bands']),
    () => phasePair(v.phase, joinPath(path, 'phase')),
    () => numberIn(v.bias, joinPath(path, 'bias'), -1, 1),
    () =>
      arrayOf(v.bands, joinPath(path, 'bands'), L.bands[0], L.bands[1], (band, at) => {
        if (!Array.isArray(band) || band.length !== 3) return problem(at, 'must be [speed, amount, offset]', band);
        return first(
          () => numberIn(band[0], joinPath(at, 0), 0, L.speed, 'radians per second'),
          () => unit(band[1], joinPath(at, 1)),
          () => phaseNumber(band[2], joinPath(at, 2)),
        );
      }),
    () =>
      optional(v.flare, () => {
        const at = joinPath(path, 'flare');
        const f = v.flare;
        if (!Array.isArray(f) || f.length !== 5) return problem(at, 'must be [speed, low, high, amount, offset]', f);
        return first(
          () => numberIn(f[0], joinPath(at, 0), 0, L.speed, 'radians per second'),
          () => unit(f[1], joinPath(at, 1)),
          () => unit(f[2], joinPath(at, 2)),
          () => (f[1] > f[2] ? problem(at, 'must have low ≤ high', f) : null),
          () => unit(f[3], joinPath(at, 3)),
          () => phaseNumber(f[4], joinPath(at, 4)),
        );
      }),
    () => optional(v.drift, () => wanderProblem(v.drift, joinPath(path, 'drift'))),
    () => optional(v.stretch, () => wanderProblem(v.stretch, joinPath(path, 'stretch'))),
    () =>
      optional(v.edge, () => {
        const at = joinPath(path, 'edge');
        const e = v.edge as Record<string, unknown>;
        const ek = ['scale', 'drift', 'amount'];
        return first(
          () => knownKeys(e, at, ek),
          () => requiredKeys(e, at, ek),
          () => numberIn(e.scale, joinPath(at, 'scale'), 0, L.edgeScale),
          () => numberIn(e.drift, joinPath(at, 'drift'), -L.speed, L.speed, 'radians per second'),
          () => unit(e.amount, joinPath(at, 'amount')),
        );
      }),
    () =>
      optional(v.radius, () => {
        const at = joinPath(path, 'radius');
        const r = v.radius;
        if (!Array.isArray(r) || r.length !== 2) return problem(at, 'must be [base, flicker]', r);
        return first(
          () => numberIn(r[0], joinPath(at, 0), L.radiusBase[0], L.radiusBase[1]),
          () => unit(r[1], joinPath(at, 1)),
        );
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
    () => numberIn(v.radiusCells, joinPath(path, 'radiusCells'), L.radiusCells[0], L.radiusCells[1], 'cells'),
    () => lightColorProblem(v.color, joinPath(path, 'color')),
    () => optional(v.innerColor, () => lightColorProblem(v.innerColor, joinPath(path, 'innerColor'))),
    () => unit(v.intensity, joinPath(path, 'intensity')),
    () => optional(v.basementIntensity, () => unit(v.basementIntensity, joinPath(path, 'basementIntensity'))),
    () => unit(v.illumination, joinPath(path, 'illumination')),
    () => optional(v.falloff, () => falloffProblem(v.falloff, joinPath(path, 'falloff'))),
    () => optional(v.pattern, () => patternProblem(v.pattern, joinPath(path, 'pattern'))),
    () => optional(v.motion, () => motionProblem(v.motion, joinPath(path, 'motion'))),
  );
}

export function gizmoLightError(value: unknown): string | null {
  return problemText(lightProblem(value, ''));
}
