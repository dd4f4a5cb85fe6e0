/**
 * Accepted-action reactions: bounded shared feedback and permission-checked removal requests.
 *
 * The docs state the feedback duration (1–2,000 ms), that audio is non-looping and starts before
 * expiry, the haptic kinds, and area removal (an integer maximum 0–3 cells, a request within it).
 * They say burst, impulse and camera shake "are bounded" without numbers, so those fields take any
 * finite value (REACTION_RULES keeps the former guesses as dropped rules); a few values that are
 * almost certainly mistakes are warnings.
 */
import type { ObjectAction, ObjectDefinition } from './api.js';
import type { GizmoAudioCommand, GizmoSounds } from './audio.js';
import type { GizmoLightingState } from './lighting.js';
import { audioCommandsProblem } from './audio.js';
import { lightingProblem } from './lighting.js';
import { arrayOf, colorString, finiteNumber, first, formatNumber, integerIn, isPlainObject, knownKeys, numberIn, oneOf, optional, requiredKeys, stringValue, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText } from './internal/problem.js';
import { fail, rule } from './internal/rules.js';
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

const S = 'Reactions and step feedback';
const DROPPED = 'the docs say only that these effects "are bounded" (Shared action reactions); the host applies its own limits';

export const REACTION_RULES = {
  durationMs: rule({ id: 'feedback.durationMs', class: 'doc', section: S, item: 'Feedback and step `durationMs`', min: 1, max: FEEDBACK_DURATION_MAX_MS, unit: 'ms', source: 'Limits and compatibility: "Step / shared feedback duration | 1–2,000 ms"; Shared action reactions: "Effects last 1–2,000 ms"' }),
  areaRemoval: rule({ id: 'reaction.areaRemoval', class: 'doc', section: S, item: '`areaRemoval.radiusCells`', min: 0, max: AREA_REMOVAL_MAX_CELLS, unit: 'cells', integer: true, source: 'Limits and compatibility: "Area-removal maximum radius | Integer 0–3 cells"' }),
  removeArea: rule({ id: 'reaction.removeArea', class: 'doc', section: S, item: '`removeArea.radiusCells`', bound: 'at most the definition\'s declared `areaRemoval.radiusCells`; requires `areaRemoval`', source: 'Shared action reactions: "`areaRemoval: { radiusCells }` declares a maximum from 0 to 3. A reaction may request `removeArea` within that maximum."' }),
  innerDuration: rule({ id: 'feedback.inner-duration', class: 'guess', treatment: 'warning', section: S, item: '`cameraShake.durationMs`, `impulse.durationMs`', bound: 'greater than 0 and not longer than the feedback', was: '1–2,000 ms within the feedback', source: 'the docs are silent; an effect cannot outlast the feedback that carries it (the host ends it at `durationMs`), so a longer one is almost certainly a mistake' }),
  color: rule({ id: 'feedback.burst.color', class: 'guess', treatment: 'warning', section: S, item: '`burst.color`, `burst.flash`', bound: 'a hex color (`#rgb` or `#rrggbb`)', was: '`#rrggbb`', source: 'the type is `string`; every color the docs show is hex, and a renderer may not draw another form' }),
  radius: rule({ id: 'feedback.burst.radiusCells', class: 'guess', treatment: 'warning', section: S, item: '`burst.radiusCells`', bound: 'greater than 0', was: 'greater than 0, at most 8 cells', source: 'the docs are silent; a burst of radius 0 or less shows nothing' }),
  particles: rule({ id: 'feedback.burst.particles', class: 'guess', treatment: 'warning', section: S, item: '`burst.particles`', bound: 'a whole number, 0 or more', was: 'integer 0–64', source: 'the docs are silent; a negative or fractional particle count is a mistake' }),
  bounded: rule({ id: 'feedback.effects.ranges', class: 'guess', treatment: 'dropped', section: S, item: 'Camera shake strength, impulse scale and rotation, burst particle and emoji counts', bound: 'any finite numbers; any number of particle emojis', was: 'strength 0–1; scale 0.5–2; rotation −4–4 radians; particles ≤ 64; 1–8 emojis, each a single emoji', source: DROPPED }),
};

const R = REACTION_RULES;

const FEEDBACK_KEYS = ['durationMs', 'audio', 'lighting', 'haptic', 'cameraShake', 'burst', 'impulse'] as const;

/** A duration inside the feedback: a warning when it is not positive or outlasts the feedback. */
function innerDurationProblem(value: unknown, path: string, outer: number): Problem {
  const found = finiteNumber(value, path);
  if (found) return found;
  if ((value as number) <= 0) return fail(R.innerDuration, path, 'is not positive, so the effect never shows', value);
  if ((value as number) > outer) return fail(R.innerDuration, path, `outlasts the feedback's durationMs (${formatNumber(outer)} ms), which ends it`, value);
  return null;
}

function burstColorProblem(value: unknown, path: string): Problem {
  return colorString(value, path, R.color, 'is not a hex color like "#a9e8ff"; a renderer may not draw it');
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
    () => numberIn((value as Record<string, unknown>).durationMs, joinPath(path, 'durationMs'), R.durationMs),
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
          () => finiteNumber(shake.strength, joinPath(at, 'strength')),
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
          () => burstColorProblem(burst.color, joinPath(at, 'color')),
          () => {
            const radius = joinPath(at, 'radiusCells');
            const found = finiteNumber(burst.radiusCells, radius);
            if (found) return found;
            return (burst.radiusCells as number) <= 0 ? fail(R.radius, radius, 'is not positive, so the burst shows nothing', burst.radiusCells) : null;
          },
          () => {
            const count = joinPath(at, 'particles');
            const found = finiteNumber(burst.particles, count);
            if (found) return found;
            const n = burst.particles as number;
            return n < 0 || !Number.isInteger(n) ? fail(R.particles, count, 'is not a whole number of particles', n) : null;
          },
          () => optional(burst.flash, () => burstColorProblem(burst.flash, joinPath(at, 'flash'))),
          () => optional(burst.particleEmojis, () => arrayOf(burst.particleEmojis, joinPath(at, 'particleEmojis'), null, stringValue)),
        );
      }),
    () =>
      optional(f.impulse, () => {
        const at = joinPath(path, 'impulse');
        const impulse = f.impulse as Record<string, unknown>;
        return first(
          () => knownKeys(impulse, at, ['scale', 'rotation', 'durationMs']),
          () => requiredKeys(impulse, at, ['scale', 'rotation']),
          () => finiteNumber(impulse.scale, joinPath(at, 'scale')),
          () => finiteNumber(impulse.rotation, joinPath(at, 'rotation')),
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
    () => integerIn((value as Record<string, unknown>).radiusCells, joinPath(path, 'radiusCells'), R.areaRemoval),
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
        if (typeof declared !== 'number') return fail(R.removeArea, joinPath(at, 'radiusCells'), 'requires the definition to declare areaRemoval', radius);
        if (radius > declared) return fail(R.removeArea, joinPath(at, 'radiusCells'), `must be at most the definition's areaRemoval.radiusCells (${declared} cells)`, radius);
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

/** Reactions longer than this much JSON are not remembered (checkedReactionRemembered). */
const REMEMBERED_REACTION_CHARS = 16 * 1024;

/**
 * checkedReaction for state exploration, which meets the same reaction after many actions: the
 * value is still checked itself (JSON data: getters, classes and the rest refused) and the bank
 * still derived, but the reaction's own check, which depends only on its JSON, the definition and
 * the sounds, is remembered in `memo` by that JSON (and by the state's, when a soundBank callback
 * derives the sounds from it).
 */
export function checkedReactionRemembered(definition: ObjectDefinition, state: unknown, stateText: string, result: unknown, memo: Map<string, Problem>): Problem {
  return effectResultProblem(definition, state, result, 'react', 'a reaction', (value, sounds, at) => {
    // value passed jsonProblem: plain data, so its JSON is exactly what was checked.
    const text = JSON.stringify(value);
    const key = text.length <= REMEMBERED_REACTION_CHARS ? `${typeof definition.soundBank === 'function' ? stateText : ''}\u0000${text}` : '';
    if (key) {
      const known = memo.get(key);
      if (known !== undefined) return known;
    }
    const found = reactionProblem(value, definition, sounds, at);
    if (key) memo.set(key, found);
    return found;
  });
}
