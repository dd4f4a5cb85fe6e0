/**
 * Step feedback: temporary cosmetics for observed arrivals (walk or push). Feedback lasts
 * 1–2,000 ms (the docs); audio must reference declared sounds, not loop and start before expiry;
 * lighting and the sprite animation use their own validators. An animation naming no layer of
 * the state's sprite animates nothing: a warning (STEP_RULES), since the docs are silent.
 */
import type { GizmoSpriteAnimation } from './sprite.js';
import type { ObjectDefinition } from './api.js';
import type { GizmoAudioCommand, GizmoSounds } from './audio.js';
import type { GizmoLightingState } from './lighting.js';
import { feedbackProblem } from './reaction.js';
import { spriteAnimationProblem, spriteProblem } from './sprite.js';
import { first, finiteNumber, knownKeys, oneOf, optional, requiredKeys, stringValue, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText, reworded } from './internal/problem.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';
import { effectResultProblem } from './internal/sounds.js';

/** Host-observed arrival, not authority to change saved state. IDs are local to a viewer. */
export interface GizmoStepEvent {
  id: string;
  at: number;
  movement: 'walk' | 'push';
}
/** Temporary feedback. The host restores state-driven lighting when durationMs expires. */
export interface GizmoStepEffects {
  durationMs: number;
  lighting?: GizmoLightingState;
  audio?: GizmoAudioCommand[];
  animation?: GizmoSpriteAnimation;
}

export const STEP_RULES = {
  layer: rule({ id: 'step.animation.layer', class: 'guess', treatment: 'warning', section: 'Reactions and step feedback', item: 'Step `animation.layer`', bound: 'a layer of `sprite(state)` when the definition has a sprite', source: 'the docs are silent; an animation of a layer the sprite does not have animates nothing' }),
  eventId: rule({ id: 'step.event.id', class: 'guess', treatment: 'dropped', section: 'Reactions and step feedback', item: 'Step event `id`', bound: 'any string', was: '1–128 characters, no control characters', source: 'the type is `string` and the host supplies it ("IDs are local to a viewer")' }),
};

/** Step effects are shared feedback (1–2,000 ms, lighting, audio) plus a sprite animation. */
const STEP_EFFECT_KEYS = ['durationMs', 'lighting', 'audio', 'animation'] as const;

export function stepEffectsProblem(value: unknown, sounds: GizmoSounds, path: string): Problem {
  const found = feedbackProblem(value, sounds, path, STEP_EFFECT_KEYS);
  if (found) return found;
  const animation = (value as Record<string, unknown>).animation;
  return optional(animation, () => spriteAnimationProblem(animation, joinPath(path, 'animation')));
}

export function stepEventProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['id', 'at', 'movement']),
    () => requiredKeys(value as Record<string, unknown>, path, ['id', 'at', 'movement']),
    () => stringValue((value as Record<string, unknown>).id, joinPath(path, 'id')),
    () => finiteNumber((value as Record<string, unknown>).at, joinPath(path, 'at')),
    () => oneOf((value as Record<string, unknown>).movement, joinPath(path, 'movement'), ['walk', 'push']),
  );
}

export function gizmoStepError(value: unknown, sounds: GizmoSounds): string | null {
  return problemText(stepEffectsProblem(value, sounds, ''));
}

/** The checks applied to a step(state, event) result (null is no feedback). */
export function checkedStep(definition: ObjectDefinition, state: unknown, result: unknown): Problem {
  const found = effectResultProblem(definition, state, result, 'step', 'step effects', stepEffectsProblem);
  if (found || result === null) return found;
  const animation = (result as GizmoStepEffects).animation;
  if (animation && typeof definition.sprite === 'function') {
    const sprite = callAuthor(definition, 'sprite', definition.sprite, state);
    if (spriteProblem(sprite, 'sprite') === null) {
      const layers = (sprite as { layers: { id: string }[] }).layers.map((layer) => layer.id);
      if (!layers.includes(animation.layer)) return fail(STEP_RULES.layer, 'step.animation.layer', `names no layer of sprite(state) (${layers.join(', ')}), so nothing animates`, animation.layer);
    }
  }
  return null;
}

/** Runs step(state, event) and validates it; null without step. Throws when the result is invalid. */
export function resolveGizmoStep(definition: ObjectDefinition, state: unknown, event: GizmoStepEvent): GizmoStepEffects | null {
  if (typeof definition.step !== 'function') return null;
  const eventProblem = stepEventProblem(event, 'event');
  if (eventProblem) throw new TypeError(`resolveGizmoStep: ${eventProblem}`);
  const result = callAuthor(definition, 'step', definition.step, state, event);
  const found = checkedStep(definition, state, result);
  if (found) throw new Error(problemText(found)!);
  return result === null ? null : (JSON.parse(JSON.stringify(result)) as GizmoStepEffects);
}

/** Probe both movement types at catalog/state validation; every live result is checked too. */
export function validateGizmoSteps(definition: ObjectDefinition, state: unknown): void {
  const found = stepProbeProblem(definition, state);
  if (found) throw new Error(problemText(found)!);
}

/** The first problem of step(state, …) for a walk and a push arrival, or null. */
export function stepProbeProblem(definition: ObjectDefinition, state: unknown): Problem {
  if (definition.step === undefined) return null;
  if (typeof definition.step !== 'function') return fail(TYPE_RULES.function, 'step', 'must be a function (state, event) => GizmoStepEffects | null', definition.step);
  for (const movement of ['walk', 'push'] as const) {
    const event: GizmoStepEvent = { id: `probe-${movement}`, at: 0, movement };
    const result = callAuthor(definition, 'step', definition.step, state, event);
    const found = checkedStep(definition, state, result);
    if (found) return reworded(found, found.path, `${found.message} (for a ${movement} arrival)`);
  }
  return null;
}
