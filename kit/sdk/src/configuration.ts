/**
 * Portable configuration: which state fields an editor action may copy to later placements.
 *
 * Shape: `action` a name, `fields` a list of state field names, optional booleans `remember` and
 * `open`. With a definition: the action is declared with permission "editor"; with the initial
 * state: every field is a key of it (the registry checks both, which has the state). The docs give
 * no count: an empty list and a repeated field are warnings, not errors.
 */
import type { ObjectDefinition } from './api.js';
import { arrayOf, booleanValue, first, isPlainObject, knownKeys, optional, requiredKeys, type Problem } from './internal/checks.js';
import { keyProblem } from './internal/names.js';
import { joinPath } from './internal/problem.js';
import { editorActionProblem } from './internal/references.js';
import { fail, rule } from './internal/rules.js';

/** Copy only these state fields through an editor reducer; never copy identity or other live state. */
export interface GizmoConfiguration {
  action: string;
  fields: string[];
  /** Reuse successfully saved configuration for later placements in this session. */
  remember?: boolean;
  /** Open Configure initially for a settings-first gizmo. Defaults to closed. */
  open?: boolean;
}

const S = 'Configuration';

export const CONFIGURATION_RULES = {
  fieldsState: rule({
    id: 'configuration.fields.state',
    class: 'doc',
    section: S,
    item: 'Configuration `fields`',
    bound: 'each a key of the initial state (an object)',
    source:
      'GizmoConfiguration: "Copy only these state fields through an editor reducer"; Projects, state and actions: "Portable configuration copies only declared editor settings for a new placement"',
  }),
  fieldsCount: rule({
    id: 'configuration.fields.count',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'Number of configuration `fields`',
    bound: 'any number',
    was: '1–16',
    source: 'the docs give no count (`fields: string[]`); what is copied is bounded by the 2 KiB configuration payload when it is applied',
  }),
  fieldsEmpty: rule({
    id: 'configuration.fields.empty',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Configuration without `fields`',
    bound: 'at least one field',
    source: 'the docs are silent; a configuration with no fields copies nothing, almost certainly a mistake',
  }),
  fieldsRepeat: rule({
    id: 'configuration.fields.repeat',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Repeated configuration field',
    bound: 'each field once',
    was: 'refused',
    source: 'the docs are silent; a repeated field is copied once, so the repeat is harmless but almost certainly a slip',
  }),
};

const R = CONFIGURATION_RULES;

export function configurationProblem(value: unknown, path: string, definition?: Pick<ObjectDefinition, 'actions'>, state?: unknown): Problem {
  const shape = first(
    () => knownKeys(value, path, ['action', 'fields', 'remember', 'open']),
    () => requiredKeys(value as Record<string, unknown>, path, ['action', 'fields']),
  );
  if (shape) return shape;
  const c = value as Record<string, unknown>;
  const at = joinPath(path, 'fields');
  return first(
    () => keyProblem(c.action, joinPath(path, 'action')),
    () => arrayOf(c.fields, at, null, keyProblem),
    () => ((c.fields as unknown[]).length === 0 ? fail(R.fieldsEmpty, at, 'is empty, so the configuration copies nothing', c.fields) : null),
    () => {
      const fields = c.fields as string[];
      const dup = fields.findIndex((f, i) => fields.indexOf(f) !== i);
      return dup >= 0 ? fail(R.fieldsRepeat, joinPath(at, dup), 'repeats a field (it is copied once)', fields[dup]) : null;
    },
    () => optional(c.remember, () => booleanValue(c.remember, joinPath(path, 'remember'))),
    () => optional(c.open, () => booleanValue(c.open, joinPath(path, 'open'))),
    () => (definition ? editorActionProblem(c.action, joinPath(path, 'action'), definition) : null),
    () => {
      if (state === undefined) return null;
      if (!isPlainObject(state)) return fail(R.fieldsState, at, 'requires the state to be an object with these fields', state);
      const fields = c.fields as string[];
      for (let i = 0; i < fields.length; i++)
        if (!Object.prototype.hasOwnProperty.call(state, fields[i]))
          return fail(R.fieldsState, joinPath(at, i), `must name a field of the initial state (${Object.keys(state).join(', ') || 'it has none'})`, fields[i]);
      return null;
    },
  );
}

export function validGizmoConfiguration(value: unknown): value is GizmoConfiguration {
  return configurationProblem(value, '') === null;
}
