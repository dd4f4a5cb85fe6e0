/**
 * World picking and navigation: a host-owned world picker and a request to navigate the entering
 * local player to another world. No URL, credentials or room authority.
 *
 * The docs state: `world` is a world code, never a URL (so no `:`, `/`, `\\`, `?`, `#` or `@`);
 * the transition lasts 1–1,000 ms with scale and opacity 0.02–1, and its optional trail has a
 * six-digit hex color and an opacity 0–1; feedback is shared feedback restricted to durationMs,
 * audio and haptic (the Pick<> of the type), against the definition's sounds for that state; the
 * picker submits to an editor action. The world-code grammar (1–64 ASCII letters, digits, `_` and
 * `-`) is a warning: the docs do not spell a world code, but anything else is very likely a
 * display name where a code belongs. Destination names are any display text (an empty one warns).
 */
import type { ObjectDefinition } from './api.js';
import type { GizmoFeedback } from './reaction.js';
import { feedbackProblem } from './reaction.js';
import { first, hexColorOf, knownKeys, numberIn, optional, requiredKeys, stringValue, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { keyProblem } from './internal/names.js';
import { joinPath, problemText } from './internal/problem.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';
import { effectResultProblem } from './internal/sounds.js';
import { editorActionRuleProblem, editorLabelProblem } from './text.js';
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
/** What makes a string a URL, a path or credentials rather than a world code. */
const URL_CHARACTERS = /[:/\\?#@]/;
/** Navigation feedback accepts only these fields of GizmoFeedback (the type's Pick<>). */
export const NAVIGATION_FEEDBACK_KEYS = ['durationMs', 'audio', 'haptic'] as const;

const S = 'Navigation';
const TRANSITION_ROW = 'Limits and compatibility: "World navigation transition | 1–1,000 ms; scale/opacity 0.02–1; trail opacity 0–1 and six-digit hex color"';
const EFFECTS = 'World picking and navigation';

/** The navigation rules: what the docs state, the guesses that warn, and the former guesses as a record. */
export const NAVIGATION_RULES = {
  url: rule({ id: 'navigation.world.url', class: 'doc', section: S, item: 'World code (`navigate(state).world`, destination `id`)', bound: 'not a URL, path or credentials: no `:`, `/`, `\\`, `?`, `#` or `@`', source: `${EFFECTS}: "\`world\` is a world code, never an arbitrary URL"; GizmoNavigation: "no URL, credentials or room authority"` }),
  durationMs: rule({ id: 'navigation.transition.durationMs', class: 'doc', section: S, item: 'Navigation `transition.durationMs`', min: 1, max: 1000, unit: 'ms', source: `${TRANSITION_ROW}; ${EFFECTS}: "Duration is 1–1,000 ms"` }),
  scale: rule({ id: 'navigation.transition.scale', class: 'doc', section: S, item: 'Navigation `transition.scale`', min: 0.02, max: 1, source: `${TRANSITION_ROW}; ${EFFECTS}: "scale and opacity are 0.02–1"` }),
  opacity: rule({ id: 'navigation.transition.opacity', class: 'doc', section: S, item: 'Navigation `transition.opacity`', min: 0.02, max: 1, source: `${TRANSITION_ROW}; ${EFFECTS}: "scale and opacity are 0.02–1"` }),
  trailColor: rule({ id: 'navigation.transition.trail.color', class: 'doc', section: S, item: 'Navigation `transition.trail.color`', bound: '`#rrggbb`', source: `${TRANSITION_ROW}; ${EFFECTS}: "A trail uses a six-digit hex color and opacity 0–1"` }),
  trailOpacity: rule({ id: 'navigation.transition.trail.opacity', class: 'doc', section: S, item: 'Navigation `transition.trail.opacity`', min: 0, max: 1, source: `${TRANSITION_ROW}; ${EFFECTS}: "A trail uses a six-digit hex color and opacity 0–1"` }),
  editorAction: rule({ id: 'navigation.editor.action', class: 'doc', section: S, item: 'World editor `action` (with the definition)', bound: 'an action declared with permission `editor`', source: `${EFFECTS}: "then submits \`{ [field]: destination }\` to the declared editor action"; GizmoWorldEditor: "submitted to an editor action"` }),
  code: rule({ id: 'navigation.world.code', class: 'guess', treatment: 'warning', section: S, item: 'World code (`navigate(state).world`, destination `id`)', bound: '1–64 ASCII letters, digits, `_` and `-`, starting with a letter or digit', was: 'an error', source: 'the docs do not spell a world code; an empty one or one with spaces or other characters is very likely a display name where the code belongs, and the host would find no such world' }),
  name: rule({ id: 'navigation.destination.name', class: 'guess', treatment: 'warning', section: S, item: 'Destination `name`', bound: 'not empty', was: '1–120 characters without control characters, an error', source: 'the docs are silent ("Destination names are display metadata"); an empty one shows the picker nothing, almost certainly a mistake; any other text is shown as given' }),
};

const R = NAVIGATION_RULES;

export function worldIdProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string') return fail(TYPE_RULES.string, path, 'must be a world code (a string)', value);
  if (URL_CHARACTERS.test(value)) return fail(R.url, path, 'must be a world code, not a URL (no ":", "/", "\\", "?", "#" or "@")', value);
  if (!WORLD_ID_PATTERN.test(value)) fail(R.code, path, 'is not a world code of 1–64 ASCII letters, digits, "_" or "-" (starting with a letter or digit), so the host will likely find no such world', value);
  return null;
}

export const validGizmoWorldId = (value: unknown): value is string => worldIdProblem(value, '') === null;

export function worldDestinationProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['id', 'name']),
    () => requiredKeys(v, path, ['id', 'name']),
    () => worldIdProblem(v.id, joinPath(path, 'id')),
    () => {
      const at = joinPath(path, 'name');
      if (typeof v.name !== 'string') return stringValue(v.name, at);
      return v.name.length === 0 ? fail(R.name, at, 'is empty, so the picker shows the destination without a name', v.name) : null;
    },
  );
}

export function validGizmoWorldDestination(value: unknown): value is GizmoWorldDestination {
  return worldDestinationProblem(value, '') === null;
}

/** The picker's own shape; with a definition, its action is a declared editor action. */
export function worldEditorProblem(value: unknown, path: string, definition?: Pick<ObjectDefinition, 'actions'>): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['field', 'action', 'label']),
    () => requiredKeys(v, path, ['field', 'action', 'label']),
    () => keyProblem(v.field, joinPath(path, 'field')),
    () => keyProblem(v.action, joinPath(path, 'action')),
    () => editorLabelProblem(v.label, joinPath(path, 'label')),
    () => (definition ? editorActionRuleProblem(v.action, joinPath(path, 'action'), definition, R.editorAction) : null),
  );
}

/** With the definition (an optional argument, beyond the published signature), its action is checked too. */
export function validGizmoWorldEditor(value: unknown, definition?: Pick<ObjectDefinition, 'actions'>): value is GizmoWorldEditor {
  return worldEditorProblem(value, '', definition) === null;
}

const TRANSITION_KEYS = ['durationMs', 'scale', 'opacity', 'trail'];
const TRANSITION_REQUIRED = ['durationMs', 'scale', 'opacity'];
const TRAIL_KEYS = ['color', 'opacity'];

/** `{ durationMs, scale, opacity, trail? }` under the documented bounds. */
function transitionProblem(value: unknown, path: string): Problem {
  const t = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, TRANSITION_KEYS),
    () => requiredKeys(t, path, TRANSITION_REQUIRED),
    () => numberIn(t.durationMs, joinPath(path, 'durationMs'), R.durationMs),
    () => numberIn(t.scale, joinPath(path, 'scale'), R.scale),
    () => numberIn(t.opacity, joinPath(path, 'opacity'), R.opacity),
    () =>
      optional(t.trail, () => {
        const at = joinPath(path, 'trail');
        const trail = t.trail as Record<string, unknown>;
        return first(
          () => knownKeys(trail, at, TRAIL_KEYS),
          () => requiredKeys(trail, at, TRAIL_KEYS),
          () => hexColorOf(trail.color, joinPath(at, 'color'), R.trailColor, true),
          () => numberIn(trail.opacity, joinPath(at, 'opacity'), R.trailOpacity),
        );
      }),
  );
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
    () => optional(n.transition, () => transitionProblem(n.transition, joinPath(path, 'transition'))),
    () => optional(n.feedback, () => feedbackProblem(n.feedback, sounds, joinPath(path, 'feedback'), NAVIGATION_FEEDBACK_KEYS)),
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
