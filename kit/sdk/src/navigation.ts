/**
 * World picking and navigation: a host-owned world picker and a request to navigate the entering
 * local player to another world. No URL, credentials or room authority.
 *
 * World ids are world codes: 1–64 ASCII letters, digits, `_` and `-`, starting with a letter or
 * digit (no dots, colons or slashes, so a URL can never pass). Destination names are display text
 * of 1–120 characters. Transition: 1–1,000 ms, scale and opacity 0.02–1, optional trail with a
 * six-digit hex color and opacity 0–1. Feedback: shared feedback restricted to durationMs, audio
 * and haptic, against the definition's sounds for that state.
 */
import type { ObjectDefinition } from './api.js';
import type { GizmoFeedback } from './reaction.js';
import { feedbackProblem } from './reaction.js';
import { first, knownKeys, optional, plainString, requiredKeys, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { keyProblem } from './internal/names.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import { editorActionProblem } from './internal/references.js';
import { effectResultProblem } from './internal/sounds.js';
import { EDITOR_LABEL_MAX } from './text.js';
import { motionProblem, MOVEMENT_FEEDBACK_KEYS } from './travel.js';
import type { GizmoSounds } from './audio.js';

/** Display metadata, never proof of access. The host checks admission on every visit. */
export interface GizmoWorldDestination {
  id: string;
  name: string;
}
/** Host-owned world picker. The selected destination or null is submitted to an editor action. */
export interface GizmoWorldEditor {
  field: string;
  action: string;
  label: string;
}
/** Request navigation for the entering local player; no URL, credentials or room authority. */
export interface GizmoNavigation {
  world: string;
  transition?: {
    durationMs: number;
    scale: number;
    opacity: number;
    trail?: {
      color: string;
      opacity: number;
    };
  };
  feedback?: Pick<GizmoFeedback, 'durationMs' | 'audio' | 'haptic'>;
}

export const WORLD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const WORLD_NAME_MAX = 120;

export function worldIdProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string' || !WORLD_ID_PATTERN.test(value))
    return problem(path, 'must be a world code of 1–64 ASCII letters, digits, "_" or "-" (not a URL)', value);
  return null;
}

export const validGizmoWorldId = (value: unknown): value is string => worldIdProblem(value, '') === null;

export function worldDestinationProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['id', 'name']),
    () => requiredKeys(value as Record<string, unknown>, path, ['id', 'name']),
    () => worldIdProblem((value as Record<string, unknown>).id, joinPath(path, 'id')),
    () => plainString((value as Record<string, unknown>).name, joinPath(path, 'name'), WORLD_NAME_MAX),
  );
}

export function validGizmoWorldDestination(value: unknown): value is GizmoWorldDestination {
  return worldDestinationProblem(value, '') === null;
}

/** The picker's own shape; with a definition, its action is a declared editor action. */
export function worldEditorProblem(value: unknown, path: string, definition?: Pick<ObjectDefinition, 'actions'>): Problem {
  return first(
    () => knownKeys(value, path, ['field', 'action', 'label']),
    () => requiredKeys(value as Record<string, unknown>, path, ['field', 'action', 'label']),
    () => keyProblem((value as Record<string, unknown>).field, joinPath(path, 'field')),
    () => keyProblem((value as Record<string, unknown>).action, joinPath(path, 'action')),
    () => plainString((value as Record<string, unknown>).label, joinPath(path, 'label'), EDITOR_LABEL_MAX),
    () => (definition ? editorActionProblem((value as Record<string, unknown>).action, joinPath(path, 'action'), definition) : null),
  );
}

export function validGizmoWorldEditor(value: unknown): value is GizmoWorldEditor {
  return worldEditorProblem(value, '') === null;
}

export function navigationProblem(value: unknown, sounds: GizmoSounds, path: string): Problem {
  const shape = first(
    () => knownKeys(value, path, ['world', 'transition', 'feedback']),
    () => requiredKeys(value as Record<string, unknown>, path, ['world']),
  );
  if (shape) return shape;
  const n = value as Record<string, unknown>;
  return first(
    () => worldIdProblem(n.world, joinPath(path, 'world')),
    () => optional(n.transition, () => motionProblem(n.transition, joinPath(path, 'transition'), true)),
    () => optional(n.feedback, () => feedbackProblem(n.feedback, sounds, joinPath(path, 'feedback'), MOVEMENT_FEEDBACK_KEYS)),
  );
}

/** The checks applied to a navigate(state) result (null is none). */
export function checkedNavigation(definition: ObjectDefinition, state: unknown, result: unknown, path = 'navigate'): Problem {
  return effectResultProblem(definition, state, result, path, 'a navigation request', navigationProblem);
}

export function gizmoNavigationError(value: unknown, definition: ObjectDefinition, state: unknown): string | null {
  return problemText(checkedNavigation(definition, state, value, ''));
}

export function resolveGizmoNavigation(definition: ObjectDefinition, state: unknown): GizmoNavigation | null {
  if (typeof definition.navigate !== 'function') return null;
  const result = callAuthor(definition, 'navigate', definition.navigate, state);
  const found = checkedNavigation(definition, state, result);
  if (found) throw new Error(problemText(found)!);
  return result === null ? null : (JSON.parse(JSON.stringify(result)) as GizmoNavigation);
}
