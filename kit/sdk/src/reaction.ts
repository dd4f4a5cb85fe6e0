/**
 * Accepted-action reactions: bounded shared feedback and permission-checked removal requests.
 *
 * Bounds the spec leaves open are chosen here and listed in LIMITS.md: burst radius (0, 8] cells,
 * 0–64 particles, 1–8 particle emojis; camera shake strength 0–1 and 1–2,000 ms within the
 * feedback; impulse scale 0.5–2, rotation −4..4 radians, 1–2,000 ms within the feedback.
 */
import type { ObjectAction, ObjectDefinition } from './api.js';
import type { GizmoAudioCommand, GizmoSounds } from './audio.js';
import type { GizmoLightingState } from './lighting.js';
import { audioCommandsProblem } from './audio.js';
import { lightingProblem } from './lighting.js';
import { arrayOf, first, formatNumber, hexColor, integerIn, isPlainObject, knownKeys, numberAboveUpTo, numberIn, oneOf, optional, requiredKeys, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { emojiProblem } from './internal/names.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import { declaredActionProblem } from './internal/references.js';
import { effectResultProblem } from './internal/sounds.js';
import { actionShapeProblem } from './view.js';

/** Bounded, short-lived cosmetics anchored by the host to an accepted action. */
export interface GizmoFeedback {
  durationMs: number;
  audio?: GizmoAudioCommand[];
  lighting?: GizmoLightingState;
  /** Only the initiating player receives this optional device feedback. */
  haptic?: 'light' | 'heavy';
  cameraShake?: {
    strength: number;
    durationMs: number;
  };
  burst?: {
    color: string;
    radiusCells: number;
    particles: number;
    flash?: string;
    particleEmojis?: string[];
  };
  impulse?: {
    scale: number;
    rotation: number;
    durationMs?: number;
  };
}
/** Requests are evaluated atomically by the host, which retains removal authority. */
export interface GizmoReaction {
  feedback?: GizmoFeedback;
  removeArea?: {
    radiusCells: number;
  };
}
export interface GizmoReactionContext {
  now: number;
}
export interface GizmoInteraction {
  tap?: ObjectAction;
  bump?: ObjectAction;
}

export const FEEDBACK_DURATION_MAX_MS = 2000;
export const AREA_REMOVAL_MAX_CELLS = 3;
export const BURST_RADIUS_MAX_CELLS = 8;
export const BURST_PARTICLES_MAX = 64;
export const BURST_EMOJIS_MAX = 8;
export const IMPULSE_SCALE: readonly [number, number] = [0.5, 2];
export const IMPULSE_ROTATION_MAX = 4;

const FEEDBACK_KEYS = ['durationMs', 'audio', 'lighting', 'haptic', 'cameraShake', 'burst', 'impulse'] as const;

/** A duration inside the feedback: 1–2,000 ms and not longer than the feedback itself. */
function innerDurationProblem(value: unknown, path: string, outer: number): Problem {
  return first(
    () => numberIn(value, path, 1, FEEDBACK_DURATION_MAX_MS, 'ms'),
    () => ((value as number) > outer ? problem(path, `must not outlast the feedback's durationMs (${formatNumber(outer)} ms)`, value) : null),
  );
}

/**
 * Shared feedback. `keys` are the accepted fields: navigation and travel accept only durationMs,
 * audio and haptic; step effects accept durationMs, lighting, audio and `animation`, which step.ts
 * checks itself. Audio must reference `sounds`, not loop, and start before expiry.
 */
export function feedbackProblem(value: unknown, sounds: GizmoSounds, path: string, keys: readonly string[] = FEEDBACK_KEYS): Problem {
  const shape = first(
    () => knownKeys(value, path, keys),
    () => requiredKeys(value as Record<string, unknown>, path, ['durationMs']),
    () => numberIn((value as Record<string, unknown>).durationMs, joinPath(path, 'durationMs'), 1, FEEDBACK_DURATION_MAX_MS, 'ms'),
  );
  if (shape) return shape;
  const f = value as Record<string, unknown>;
  const duration = f.durationMs as number;
  return first(
    () => optional(f.audio, () => audioCommandsProblem(f.audio, sounds, joinPath(path, 'audio'), duration)),
    () => optional(f.lighting, () => lightingProblem(f.lighting, joinPath(path, 'lighting'))),
    () => optional(f.haptic, () => oneOf(f.haptic, joinPath(path, 'haptic'), ['light', 'heavy'])),
    () =>
      optional(f.cameraShake, () => {
        const at = joinPath(path, 'cameraShake');
        const shake = f.cameraShake as Record<string, unknown>;
        return first(
          () => knownKeys(shake, at, ['strength', 'durationMs']),
          () => requiredKeys(shake, at, ['strength', 'durationMs']),
          () => numberIn(shake.strength, joinPath(at, 'strength'), 0, 1),
          () => innerDurationProblem(shake.durationMs, joinPath(at, 'durationMs'), duration),
        );
      }),
    () =>
      optional(f.burst, () => {
        const at = joinPath(path, 'burst');
        const burst = f.burst as Record<string, unknown>;
        return first(
          () => knownKeys(burst, at, ['color', 'radiusCells', 'particles', 'flash', 'particleEmojis']),
          () => requiredKeys(burst, at, ['color', 'radiusCells', 'particles']),
          () => hexColor(burst.color, joinPath(at, 'color')),
          () => numberAboveUpTo(burst.radiusCells, joinPath(at, 'radiusCells'), 0, BURST_RADIUS_MAX_CELLS, 'cells'),
          () => integerIn(burst.particles, joinPath(at, 'particles'), 0, BURST_PARTICLES_MAX),
          () => optional(burst.flash, () => hexColor(burst.flash, joinPath(at, 'flash'))),
          () => optional(burst.particleEmojis, () => arrayOf(burst.particleEmojis, joinPath(at, 'particleEmojis'), 1, BURST_EMOJIS_MAX, emojiProblem)),
        );
      }),
    () =>
      optional(f.impulse, () => {
        const at = joinPath(path, 'impulse');
        const impulse = f.impulse as Record<string, unknown>;
        return first(
          () => knownKeys(impulse, at, ['scale', 'rotation', 'durationMs']),
          () => requiredKeys(impulse, at, ['scale', 'rotation']),
          () => numberIn(impulse.scale, joinPath(at, 'scale'), IMPULSE_SCALE[0], IMPULSE_SCALE[1]),
          () => numberIn(impulse.rotation, joinPath(at, 'rotation'), -IMPULSE_ROTATION_MAX, IMPULSE_ROTATION_MAX, 'radians'),
          () => optional(impulse.durationMs, () => innerDurationProblem(impulse.durationMs, joinPath(at, 'durationMs'), duration)),
        );
      }),
  );
}

/** `areaRemoval: { radiusCells }`: an integer 0–3. */
export function areaRemovalProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['radiusCells']),
    () => requiredKeys(value as Record<string, unknown>, path, ['radiusCells']),
    () => integerIn((value as Record<string, unknown>).radiusCells, joinPath(path, 'radiusCells'), 0, AREA_REMOVAL_MAX_CELLS, 'cells'),
  );
}

/** A reaction (null is none): feedback against `sounds`, removeArea within definition.areaRemoval. */
export function reactionProblem(value: unknown, definition: Pick<ObjectDefinition, 'areaRemoval'>, sounds: GizmoSounds, path: string): Problem {
  if (value === null) return null;
  const shape = knownKeys(value, path, ['feedback', 'removeArea']);
  if (shape) return shape;
  const r = value as Record<string, unknown>;
  return first(
    () => optional(r.feedback, () => feedbackProblem(r.feedback, sounds, joinPath(path, 'feedback'))),
    () =>
      optional(r.removeArea, () => {
        const at = joinPath(path, 'removeArea');
        const found = areaRemovalProblem(r.removeArea, at);
        if (found) return found;
        const radius = (r.removeArea as { radiusCells: number }).radiusCells;
        const declared = isPlainObject(definition.areaRemoval) ? definition.areaRemoval.radiusCells : undefined;
        if (typeof declared !== 'number') return problem(joinPath(at, 'radiusCells'), 'requires the definition to declare areaRemoval', radius);
        if (radius > declared) return problem(joinPath(at, 'radiusCells'), `must be at most the definition's areaRemoval.radiusCells (${declared} cells)`, radius);
        return null;
      }),
  );
}

/** `interaction: { tap?, bump? }`, each a declared action with a JSON payload of at most 2 KiB. */
export function interactionProblem(value: unknown, definition: Pick<ObjectDefinition, 'actions'>, path: string): Problem {
  const shape = knownKeys(value, path, ['tap', 'bump']);
  if (shape) return shape;
  const v = value as Record<string, unknown>;
  for (const key of ['tap', 'bump']) {
    if (v[key] === undefined) continue;
    const at = joinPath(path, key);
    const found = actionShapeProblem(v[key], at) ?? declaredActionProblem((v[key] as ObjectAction).name, joinPath(at, 'name'), definition);
    if (found) return found;
  }
  return null;
}

export function validGizmoInteraction(value: unknown, definition: ObjectDefinition): boolean {
  return interactionProblem(value, definition, '') === null;
}

export function gizmoFeedbackError(value: unknown, sounds: GizmoSounds): string | null {
  return problemText(feedbackProblem(value, sounds, ''));
}

/**
 * Runs `react(state, previous, action, { now })` and validates the result against the sounds of
 * `state` and the definition's areaRemoval. Null when the definition has no react. Throws an Error
 * naming the field when the reaction is invalid.
 */
export function resolveGizmoReaction(definition: ObjectDefinition, state: unknown, previous: unknown, action: ObjectAction, now: number): GizmoReaction | null {
  if (typeof definition.react !== 'function') return null;
  const result = callAuthor(definition, 'react', definition.react, state, previous, action, { now });
  const found = checkedReaction(definition, state, result);
  if (found) throw new Error(problemText(found)!);
  return result === null ? null : (JSON.parse(JSON.stringify(result)) as GizmoReaction);
}

/** The checks resolveGizmoReaction and the registry apply to a react result. */
export function checkedReaction(definition: ObjectDefinition, state: unknown, result: unknown, path = 'react'): Problem {
  return effectResultProblem(definition, state, result, path, 'a reaction', (value, sounds, at) => reactionProblem(value, definition, sounds, at));
}
