/**
 * Portable configuration: which state fields an editor action may copy to later placements.
 *
 * Shape: `action` a name, `fields` 1–16 unique state field names, optional booleans `remember`
 * and `open`. With a definition: the action is declared with permission "editor" and every field
 * is a key of the initial state (checked by the registry, which has the state).
 */
import type { ObjectDefinition } from './api.js';
import { arrayOf, booleanValue, first, isPlainObject, knownKeys, optional, requiredKeys, type Problem } from './internal/checks.js';
import { keyProblem } from './internal/names.js';
import { joinPath, problem } from './internal/problem.js';
import { editorActionProblem } from './internal/references.js';

/** Copy only these state fields through an editor reducer; never copy identity or other live state. */
export interface GizmoConfiguration {
  action: string;
  fields: string[];
  /** Reuse successfully saved configuration for later placements in this session. */
  remember?: boolean;
  /** Open Configure initially for a settings-first gizmo. Defaults to closed. */
  open?: boolean;
}

export const CONFIGURATION_FIELDS_MAX = 16;

export function configurationProblem(value: unknown, path: string, definition?: Pick<ObjectDefinition, 'actions'>, state?: unknown): Problem {
  const shape = first(
    () => knownKeys(value, path, ['action', 'fields', 'remember', 'open']),
    () => requiredKeys(value as Record<string, unknown>, path, ['action', 'fields']),
  );
  if (shape) return shape;
  const c = value as Record<string, unknown>;
  return first(
    () => keyProblem(c.action, joinPath(path, 'action')),
    () => arrayOf(c.fields, joinPath(path, 'fields'), 1, CONFIGURATION_FIELDS_MAX, keyProblem),
    () => {
      const fields = c.fields as string[];
      const dup = fields.findIndex((f, i) => fields.indexOf(f) !== i);
      return dup >= 0 ? problem(joinPath(joinPath(path, 'fields'), dup), 'must not repeat a field', fields[dup]) : null;
    },
    () => optional(c.remember, () => booleanValue(c.remember, joinPath(path, 'remember'))),
    () => optional(c.open, () => booleanValue(c.open, joinPath(path, 'open'))),
    () => (definition ? editorActionProblem(c.action, joinPath(path, 'action'), definition) : null),
    () => {
      if (state === undefined) return null;
      if (!isPlainObject(state)) return problem(joinPath(path, 'fields'), 'requires the state to be an object with these fields', state);
      const fields = c.fields as string[];
      for (let i = 0; i < fields.length; i++)
        if (!Object.prototype.hasOwnProperty.call(state, fields[i]))
          return problem(joinPath(joinPath(path, 'fields'), i), `must name a field of the initial state (${Object.keys(state).join(', ') || 'it has none'})`, fields[i]);
      return null;
    },
  );
}

export function validGizmoConfiguration(value: unknown): value is GizmoConfiguration {
  return configurationProblem(value, '') === null;
}
