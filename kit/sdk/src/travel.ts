/**
 * Linking and travel: same-floor linked or offset travel; the host retains movement authority.
 *
 * The docs state: destination offsets are integers within ±64 cells; 1–9 exits, each within one
 * cell of the destination; cooldown 650–5,000 ms; a linked destination requires `link`. Arrival
 * cosmetics "respect host limits" with no numbers, so their durations, scale and trail take any
 * finite value (TRAVEL_RULES records the former guesses); a repeated exit is a warning. (The
 * navigation transition, whose bounds the docs do state, is navigation.ts's.)
 */
import type { ObjectDefinition } from './api.js';
import type { GizmoFeedback } from './reaction.js';
import { feedbackProblem } from './reaction.js';
import { arrayOf, booleanValue, colorString, finiteNumber, first, integerIn, isPlainObject, knownKeys, numberIn, oneOf, optional, requiredKeys, tuple, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText } from './internal/problem.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';
import { effectResultProblem } from './internal/sounds.js';
import type { GizmoSounds } from './audio.js';

/** Host-created groups are scoped to a definition/version and floor. Independent of travel. */
export interface GizmoLink {
  size: 2;
}
/** Read-only topology, supplied by the host; never persisted into authored state. */
export interface GizmoEnvironment {
  linked: boolean;
}
/** A bounded same-floor movement request when a player walks into this gizmo. */
export interface GizmoTravel {
  destination:
    | {
        kind: 'linked';
      }
    | {
        kind: 'offset';
        x: number;
        y: number;
      };
  /** Ordered landing offsets around the destination, in cells. */
  exits: [number, number][];
  /** Rotate offsets so +X follows the entering player's direction. */
  relative?: boolean;
  cooldownMs: number;
  feedback?: Pick<GizmoFeedback, 'durationMs' | 'audio' | 'haptic'>;
  /** Optional local-player arrival cosmetics; collision and camera remain host-owned. */
  arrival?: {
    durationMs: number;
    scale: number;
    trail?: {
      color: string;
      opacity: number;
    };
  };
}

export const TRAVEL_OFFSET_MAX = 64;
export const TRAVEL_EXITS_MAX = 9;
export const TRAVEL_COOLDOWN_MS: readonly [number, number] = [650, 5000];
/** A travel arrival and a navigation transition share these bounds: 1–1,000 ms, scale 0.02–1. */
export const MOTION_DURATION_MAX_MS = 1000;
export const MOTION_SCALE_MIN = 0.02;
/** Navigation and travel feedback accept only these fields of GizmoFeedback. */
export const MOVEMENT_FEEDBACK_KEYS = ['durationMs', 'audio', 'haptic'] as const;

const S = 'Travel and push';
const TRAVEL_ROW = 'Movement and travel: "Offsets are integers within ±64 cells; exit offsets are within one cell of the destination"';

export const TRAVEL_RULES = {
  offset: rule({ id: 'travel.destination.offset', class: 'doc', section: S, item: 'Offset destination `x`, `y`', min: -TRAVEL_OFFSET_MAX, max: TRAVEL_OFFSET_MAX, unit: 'cells', integer: true, source: `Limits and compatibility: "Travel destination offset | Integer coordinates within ±64 cells"; ${TRAVEL_ROW}` }),
  exits: rule({ id: 'travel.exits', class: 'doc', section: S, item: '`exits`', min: 1, max: TRAVEL_EXITS_MAX, unit: 'offsets', source: 'Limits and compatibility: "Travel exits | 1–9 offsets, each within one cell"' }),
  exit: rule({ id: 'travel.exits.offset', class: 'doc', section: S, item: 'Each exit `[dx, dy]`', min: -1, max: 1, unit: 'cells', integer: true, source: `Limits and compatibility: "Travel exits | 1–9 offsets, each within one cell"; ${TRAVEL_ROW}` }),
  cooldown: rule({ id: 'travel.cooldownMs', class: 'doc', section: S, item: '`cooldownMs`', min: TRAVEL_COOLDOWN_MS[0], max: TRAVEL_COOLDOWN_MS[1], unit: 'ms', source: 'Limits and compatibility: "Travel cooldown | 650–5,000 ms"' }),
  linked: rule({ id: 'travel.linked', class: 'doc', section: S, item: 'Linked destination', bound: 'requires `link: { size: 2 }`', source: 'Movement and travel: "A linked recipe uses `destination: { kind: \'linked\' }` and requires `link`."' }),
  repeatedExit: rule({ id: 'travel.exits.repeated', class: 'guess', treatment: 'warning', section: S, item: 'Repeated exits', bound: 'each exit once', source: 'the docs are silent; exits are tried in order, so a repeated one is tried twice and is almost certainly a mistake' }),
  arrival: rule({ id: 'travel.arrival', class: 'guess', treatment: 'warning', section: S, item: 'Arrival `durationMs`, `scale`, trail color', bound: 'duration and scale greater than 0; trail color hex (`#rgb` or `#rrggbb`)', was: 'durationMs 1–1,000; scale 0.02–1; trail six-digit hex, opacity 0–1 (the navigation transition\'s bounds)', source: 'the docs say only that arrival cosmetics "respect host limits"; a zero or negative duration or scale shows nothing, and a renderer may not draw a non-hex color' }),
  arrivalRanges: rule({ id: 'travel.arrival.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Arrival upper bounds, trail opacity', bound: 'any finite numbers', was: 'durationMs ≤ 1,000; scale ≤ 1; opacity 0–1', source: 'the docs say only that arrival cosmetics "respect host limits": the host clamps' }),
};

const R = TRAVEL_RULES;

export function linkProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['size']),
    () => requiredKeys(value as Record<string, unknown>, path, ['size']),
    () => oneOf((value as Record<string, unknown>).size, joinPath(path, 'size'), [2]),
  );
}

export const validGizmoLink = (value: unknown): value is GizmoLink => linkProblem(value, '') === null;

const ARRIVAL_KEYS = ['durationMs', 'scale', 'trail'];

/** A travel `arrival`: its types; a non-positive duration or scale, or a non-hex trail, warns. */
export function arrivalProblem(value: unknown, path: string): Problem {
  const m = value as Record<string, unknown>;
  const positive = (key: string): Problem => {
    const at = joinPath(path, key);
    const found = finiteNumber(m[key], at);
    if (found) return found;
    return (m[key] as number) <= 0 ? fail(R.arrival, at, 'is not positive, so the arrival shows nothing', m[key]) : null;
  };
  return first(
    () => knownKeys(value, path, ARRIVAL_KEYS),
    () => requiredKeys(m, path, ['durationMs', 'scale']),
    () => positive('durationMs'),
    () => positive('scale'),
    () =>
      optional(m.trail, () => {
        const at = joinPath(path, 'trail');
        const t = m.trail as Record<string, unknown>;
        return first(
          () => knownKeys(t, at, ['color', 'opacity']),
          () => requiredKeys(t, at, ['color', 'opacity']),
          () => colorString(t.color, joinPath(at, 'color'), R.arrival, 'is not a hex color like "#8fd3ff"; a renderer may not draw it'),
          () => finiteNumber(t.opacity, joinPath(at, 'opacity')),
        );
      }),
  );
}

/** A travel recipe's own bounds; `linked` says whether the definition declares link. */
export function travelProblem(value: unknown, sounds: GizmoSounds, path: string, hasLink: boolean): Problem {
  const shape = first(
    () => knownKeys(value, path, ['destination', 'exits', 'relative', 'cooldownMs', 'feedback', 'arrival']),
    () => requiredKeys(value as Record<string, unknown>, path, ['destination', 'exits', 'cooldownMs']),
  );
  if (shape) return shape;
  const t = value as Record<string, unknown>;
  const destination = t.destination;
  const destPath = joinPath(path, 'destination');
  return first(
    () => {
      if (!isPlainObject(destination)) return fail(TYPE_RULES.object, destPath, 'must be an object', destination);
      const kind = destination.kind;
      if (kind === 'linked') {
        return knownKeys(destination, destPath, ['kind']) ?? (hasLink ? null : fail(R.linked, joinPath(destPath, 'kind'), 'requires the definition to declare link: { size: 2 }', kind));
      }
      if (kind === 'offset') {
        return first(
          () => knownKeys(destination, destPath, ['kind', 'x', 'y']),
          () => requiredKeys(destination, destPath, ['x', 'y']),
          () => integerIn(destination.x, joinPath(destPath, 'x'), R.offset),
          () => integerIn(destination.y, joinPath(destPath, 'y'), R.offset),
        );
      }
      return oneOf(kind, joinPath(destPath, 'kind'), ['linked', 'offset']);
    },
    () =>
      arrayOf(t.exits, joinPath(path, 'exits'), R.exits, (exit, exitPath) => tuple(exit, exitPath, 2, (n, nPath) => integerIn(n, nPath, R.exit))),
    () => {
      const exits = t.exits as [number, number][];
      const seen = new Set<string>();
      for (let i = 0; i < exits.length; i++) {
        const key = `${exits[i][0]},${exits[i][1]}`;
        if (seen.has(key)) {
          const found = fail(R.repeatedExit, joinPath(joinPath(path, 'exits'), i), 'repeats an earlier exit, which is then tried twice', exits[i]);
          if (found) return found;
        }
        seen.add(key);
      }
      return null;
    },
    () => optional(t.relative, () => booleanValue(t.relative, joinPath(path, 'relative'))),
    () => numberIn(t.cooldownMs, joinPath(path, 'cooldownMs'), R.cooldown),
    () => optional(t.feedback, () => feedbackProblem(t.feedback, sounds, joinPath(path, 'feedback'), MOVEMENT_FEEDBACK_KEYS)),
    () => optional(t.arrival, () => arrivalProblem(t.arrival, joinPath(path, 'arrival'))),
  );
}

/** The checks applied to a travel(state) result (null is inert) for `definition` at `state`. */
export function checkedTravel(definition: ObjectDefinition, state: unknown, result: unknown, path = 'travel'): Problem {
  const hasLink = definition.link !== undefined && linkProblem(definition.link, 'link') === null;
  return effectResultProblem(definition, state, result, path, 'a travel recipe', (value, sounds, at) => travelProblem(value, sounds, at, hasLink));
}

/** Checks `value` as the travel recipe of `definition` at `state` (sounds from that state). */
export function gizmoTravelError(value: unknown, definition: ObjectDefinition, state: unknown): string | null {
  return problemText(checkedTravel(definition, state, value, ''));
}

export function resolveGizmoTravel(definition: ObjectDefinition, state: unknown): GizmoTravel | null {
  if (typeof definition.travel !== 'function') return null;
  const result = callAuthor(definition, 'travel', definition.travel, state);
  const found = checkedTravel(definition, state, result);
  if (found) throw new Error(problemText(found)!);
  return result === null ? null : (JSON.parse(JSON.stringify(result)) as GizmoTravel);
}

/**
 * Rotate authored cell offsets; no scene access or movement authority. With `relative`, +X turns
 * to the entering direction (dx, dy) — the dominant axis of the movement, y growing downwards as
 * in push directions — so an exit [1, 0] lands one cell further along the player's way. Without
 * `relative`, or without movement, offsets are returned unchanged (as copies).
 */
export function travelExitOffsets(travel: Pick<GizmoTravel, 'exits' | 'relative'>, dx: number, dy: number): [number, number][] {
  let ux = 1;
  let uy = 0;
  if (travel.relative === true && Number.isFinite(dx) && Number.isFinite(dy) && (dx !== 0 || dy !== 0)) {
    if (Math.abs(dx) >= Math.abs(dy)) {
      ux = Math.sign(dx);
      uy = 0;
    } else {
      ux = 0;
      uy = Math.sign(dy);
    }
  }
  // (x, y) rotated so (1, 0) maps to (ux, uy); `+ 0` turns -0 into 0.
  return travel.exits.map(([x, y]) => [x * ux - y * uy + 0, x * uy + y * ux + 0]);
}
