/**
 * Linking and travel: same-floor linked or offset travel; the host retains movement authority.
 *
 * Bounds: destination offsets are integers within ±64 cells; 1–9 exits, each an integer offset
 * within one cell of the destination (−1..1 on both axes), no exit repeated; cooldown 650–5,000 ms;
 * a linked destination requires definition.link. Chosen (LIMITS.md): arrival durationMs 1–1,000,
 * scale 0.02–1, trail a six-digit hex color with opacity 0–1 (the navigation transition's bounds);
 * feedback as shared feedback restricted to durationMs, audio and haptic.
 */
import type { ObjectDefinition } from './api.js';
import type { GizmoFeedback } from './reaction.js';
import { feedbackProblem } from './reaction.js';
import { arrayOf, booleanValue, first, hexColor, integerIn, isPlainObject, knownKeys, numberIn, oneOf, optional, requiredKeys, tuple, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problem, problemText } from './internal/problem.js';
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

export function linkProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['size']),
    () => requiredKeys(value as Record<string, unknown>, path, ['size']),
    () => oneOf((value as Record<string, unknown>).size, joinPath(path, 'size'), [2]),
  );
}

export const validGizmoLink = (value: unknown): value is GizmoLink => linkProblem(value, '') === null;

/** `{ color, opacity }`: a six-digit hex color and an opacity 0–1. */
function trailProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['color', 'opacity']),
    () => requiredKeys(value as Record<string, unknown>, path, ['color', 'opacity']),
    () => hexColor((value as Record<string, unknown>).color, joinPath(path, 'color')),
    () => numberIn((value as Record<string, unknown>).opacity, joinPath(path, 'opacity'), 0, 1),
  );
}

const ARRIVAL_KEYS = ['durationMs', 'scale', 'trail'];
const ARRIVAL_REQUIRED = ['durationMs', 'scale'];
const TRANSITION_KEYS = ['durationMs', 'scale', 'opacity', 'trail'];
const TRANSITION_REQUIRED = ['durationMs', 'scale', 'opacity'];

/**
 * A travel `arrival` or, `withOpacity`, a navigation `transition`: durationMs 1–1,000, scale (and
 * opacity) 0.02–1, an optional trail.
 */
export function motionProblem(value: unknown, path: string, withOpacity: boolean): Problem {
  const m = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, withOpacity ? TRANSITION_KEYS : ARRIVAL_KEYS),
    () => requiredKeys(m, path, withOpacity ? TRANSITION_REQUIRED : ARRIVAL_REQUIRED),
    () => numberIn(m.durationMs, joinPath(path, 'durationMs'), 1, MOTION_DURATION_MAX_MS, 'ms'),
    () => numberIn(m.scale, joinPath(path, 'scale'), MOTION_SCALE_MIN, 1),
    () => (withOpacity ? numberIn(m.opacity, joinPath(path, 'opacity'), MOTION_SCALE_MIN, 1) : null),
    () => optional(m.trail, () => trailProblem(m.trail, joinPath(path, 'trail'))),
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
      if (!isPlainObject(destination)) return problem(destPath, 'must be an object', destination);
      const kind = destination.kind;
      if (kind === 'linked') {
        return knownKeys(destination, destPath, ['kind']) ?? (hasLink ? null : problem(joinPath(destPath, 'kind'), 'requires the definition to declare link: { size: 2 }', kind));
      }
      if (kind === 'offset') {
        return first(
          () => knownKeys(destination, destPath, ['kind', 'x', 'y']),
          () => requiredKeys(destination, destPath, ['x', 'y']),
          () => integerIn(destination.x, joinPath(destPath, 'x'), -TRAVEL_OFFSET_MAX, TRAVEL_OFFSET_MAX, 'cells'),
          () => integerIn(destination.y, joinPath(destPath, 'y'), -TRAVEL_OFFSET_MAX, TRAVEL_OFFSET_MAX, 'cells'),
        );
      }
      return oneOf(kind, joinPath(destPath, 'kind'), ['linked', 'offset']);
    },
    () =>
      arrayOf(t.exits, joinPath(path, 'exits'), 1, TRAVEL_EXITS_MAX, (exit, exitPath) =>
        tuple(exit, exitPath, 2, (n, nPath) => integerIn(n, nPath, -1, 1, 'cells')),
      ),
    () => {
      const exits = t.exits as [number, number][];
      const seen = new Set<string>();
      for (let i = 0; i < exits.length; i++) {
        const key = `${exits[i][0]},${exits[i][1]}`;
        if (seen.has(key)) return problem(joinPath(joinPath(path, 'exits'), i), 'must not repeat an exit', exits[i]);
        seen.add(key);
      }
      return null;
    },
    () => optional(t.relative, () => booleanValue(t.relative, joinPath(path, 'relative'))),
    () => numberIn(t.cooldownMs, joinPath(path, 'cooldownMs'), TRAVEL_COOLDOWN_MS[0], TRAVEL_COOLDOWN_MS[1], 'ms'),
    () => optional(t.feedback, () => feedbackProblem(t.feedback, sounds, joinPath(path, 'feedback'), MOVEMENT_FEEDBACK_KEYS)),
    () => optional(t.arrival, () => motionProblem(t.arrival, joinPath(path, 'arrival'), false)),
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
