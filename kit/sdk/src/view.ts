/**
 * View validation: standard fields, controls and choice bounds. The same bounded view contract is
 * used for bundled and uploaded definitions.
 *
 * `validObjectView(value)` checks the view alone. `viewProblem(value, path, definition)` also
 * checks what needs the definition: control actions name declared actions, preview controls name
 * declared previews, and a toggle switch drives a participant action.
 */
import type { ObjectView } from './api.js';
import { arrayOf, booleanValue, first, integerIn, isPlainObject, knownKeys, oneOf, optional, plainString, requiredKeys, type Problem } from './internal/checks.js';
import { keyProblem } from './internal/names.js';
import { jsonProblem } from './internal/json.js';
import { joinPath, problem } from './internal/problem.js';

export const VIEW_FIELD_LIMIT = 16;
export const VIEW_CONTROL_LIMIT = 32;
export const SELECT_OPTION_LIMIT = 64;
export const SELECT_VALUE_MAX = 128;
export const SELECT_LABEL_MAX = 240;
/** Chosen bounds (LIMITS.md): title and labels 240, descriptions 1,000, text fields 1–1,024 units. */
export const VIEW_TITLE_MAX = 240;
export const VIEW_DESCRIPTION_MAX = 1000;
export const VIEW_LABEL_MAX = 240;
export const TEXT_FIELD_MAX_LENGTH = 1024;
/** Action / configuration payloads: 2 KiB of JSON. */
export const PAYLOAD_BYTE_LIMIT = 2048;

/** What the definition-aware checks need from a definition. */
export interface ViewDefinition {
  actions?: Record<string, { permission?: unknown }>;
  previews?: Record<string, unknown>;
}

const VIEW_KEYS = ['title', 'description', 'fields', 'controls'];
const TEXT_FIELD_KEYS = ['id', 'label', 'value', 'kind', 'maxLength'];
const SELECT_FIELD_KEYS = ['id', 'label', 'value', 'kind', 'options'];
const CONTROL_KEYS = ['id', 'label', 'action', 'disabled', 'pressed', 'confirm', 'fields', 'icon', 'placement', 'trigger', 'kind', 'preview'];

/** An action reference `{ name, payload }` with a JSON payload of at most 2 KiB. */
export function actionShapeProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['name', 'payload']),
    () => requiredKeys(value as Record<string, unknown>, path, ['name', 'payload']),
    () => keyProblem((value as Record<string, unknown>).name, joinPath(path, 'name')),
    () => payloadProblem((value as Record<string, unknown>).payload, joinPath(path, 'payload')),
  );
}

/** A payload: a plain object of JSON data, at most 2 KiB (depth 16). */
export function payloadProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  return jsonProblem(value, path, PAYLOAD_BYTE_LIMIT, '2 KiB');
}


function fieldProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  const kind = value.kind;
  if (kind === 'select') {
    return first(
      () => knownKeys(value, path, SELECT_FIELD_KEYS),
      () => requiredKeys(value, path, ['id', 'label', 'value', 'options']),
      () => keyProblem(value.id, joinPath(path, 'id')),
      () => plainString(value.label, joinPath(path, 'label'), VIEW_LABEL_MAX),
      () => plainString(value.value, joinPath(path, 'value'), SELECT_VALUE_MAX, { allowEmpty: true }),
      () => arrayOf(value.options, joinPath(path, 'options'), 1, SELECT_OPTION_LIMIT, (option, optionPath) =>
        first(
          () => knownKeys(option, optionPath, ['value', 'label']),
          () => requiredKeys(option as Record<string, unknown>, optionPath, ['value', 'label']),
          () => plainString((option as Record<string, unknown>).value, joinPath(optionPath, 'value'), SELECT_VALUE_MAX, { allowEmpty: true }),
          () => plainString((option as Record<string, unknown>).label, joinPath(optionPath, 'label'), SELECT_LABEL_MAX),
        ),
      ),
      () => {
        const options = value.options as { value: string }[];
        const seen = new Set<string>();
        for (let i = 0; i < options.length; i++) {
          if (seen.has(options[i].value)) return problem(joinPath(joinPath(joinPath(path, 'options'), i), 'value'), 'must be unique among the options', options[i].value);
          seen.add(options[i].value);
        }
        if (!seen.has(value.value as string)) return problem(joinPath(path, 'value'), 'must be one of the options\' values', value.value);
        return null;
      },
    );
  }
  return first(
    () => knownKeys(value, path, TEXT_FIELD_KEYS),
    () => optional(kind, () => oneOf(kind, joinPath(path, 'kind'), ['text', 'select'])),
    () => requiredKeys(value, path, ['id', 'label', 'value', 'maxLength']),
    () => keyProblem(value.id, joinPath(path, 'id')),
    () => plainString(value.label, joinPath(path, 'label'), VIEW_LABEL_MAX),
    () => integerIn(value.maxLength, joinPath(path, 'maxLength'), 1, TEXT_FIELD_MAX_LENGTH, 'characters'),
    () => plainString(value.value, joinPath(path, 'value'), value.maxLength as number, { allowEmpty: true }),
  );
}

function controlShapeProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  return first(
    () => knownKeys(value, path, CONTROL_KEYS),
    () => requiredKeys(value, path, ['id', 'label', 'action']),
    () => keyProblem(value.id, joinPath(path, 'id')),
    () => plainString(value.label, joinPath(path, 'label'), VIEW_LABEL_MAX),
    () => actionShapeProblem(value.action, joinPath(path, 'action')),
    () => optional(value.disabled, () => booleanValue(value.disabled, joinPath(path, 'disabled'))),
    () => optional(value.pressed, () => booleanValue(value.pressed, joinPath(path, 'pressed'))),
    () => optional(value.confirm, () => plainString(value.confirm, joinPath(path, 'confirm'), VIEW_LABEL_MAX)),
    () => optional(value.fields, () => arrayOf(value.fields, joinPath(path, 'fields'), 0, VIEW_FIELD_LIMIT, (id, idPath) => keyProblem(id, idPath))),
    () => optional(value.icon, () => oneOf(value.icon, joinPath(path, 'icon'), ['toggle'])),
    () => optional(value.placement, () => oneOf(value.placement, joinPath(path, 'placement'), ['action'])),
    () => optional(value.trigger, () => oneOf(value.trigger, joinPath(path, 'trigger'), ['change'])),
    () => optional(value.kind, () => oneOf(value.kind, joinPath(path, 'kind'), ['preview'])),
    () => optional(value.preview, () => keyProblem(value.preview, joinPath(path, 'preview'))),
  );
}

/** The whole view; with `definition`, also the references into it. */
export function viewProblem(value: unknown, path: string, definition?: ViewDefinition): Problem {
  const shape = first(
    () => knownKeys(value, path, VIEW_KEYS),
    () => requiredKeys(value as Record<string, unknown>, path, ['title', 'description', 'controls']),
  );
  if (shape) return shape;
  const view = value as Record<string, unknown>;
  const fieldsPath = joinPath(path, 'fields');
  const controlsPath = joinPath(path, 'controls');
  const found = first(
    () => plainString(view.title, joinPath(path, 'title'), VIEW_TITLE_MAX),
    () => plainString(view.description, joinPath(path, 'description'), VIEW_DESCRIPTION_MAX, { allowEmpty: true }),
    () => optional(view.fields, () => arrayOf(view.fields, fieldsPath, 0, VIEW_FIELD_LIMIT, fieldProblem)),
    () => arrayOf(view.controls, controlsPath, 0, VIEW_CONTROL_LIMIT, controlShapeProblem),
  );
  if (found) return found;

  const fields = (view.fields ?? []) as { id: string; kind?: string }[];
  const fieldKinds = new Map<string, string>();
  for (let i = 0; i < fields.length; i++) {
    if (fieldKinds.has(fields[i].id)) return problem(joinPath(joinPath(fieldsPath, i), 'id'), 'must be unique among the view\'s fields', fields[i].id);
    fieldKinds.set(fields[i].id, fields[i].kind ?? 'text');
  }

  const controls = view.controls as {
    id: string;
    action: { name: string; payload: Record<string, unknown> };
    pressed?: boolean;
    confirm?: string;
    fields?: string[];
    icon?: string;
    placement?: string;
    trigger?: string;
    kind?: string;
    preview?: string;
  }[];
  const controlIds = new Set<string>();
  const automaticOwner = new Map<string, number>();
  for (let i = 0; i < controls.length; i++) {
    const control = controls[i];
    const at = joinPath(controlsPath, i);
    if (controlIds.has(control.id)) return problem(joinPath(at, 'id'), 'must be unique among the view\'s controls', control.id);
    controlIds.add(control.id);
    const referenced = control.fields ?? [];
    const seen = new Set<string>();
    for (let j = 0; j < referenced.length; j++) {
      const id = referenced[j];
      const idPath = joinPath(joinPath(at, 'fields'), j);
      if (!fieldKinds.has(id)) return problem(idPath, 'must name a field declared in the view\'s fields', id);
      if (seen.has(id)) return problem(idPath, 'must not repeat a field', id);
      seen.add(id);
      if (Object.prototype.hasOwnProperty.call(control.action.payload, id))
        return problem(idPath, 'must not also be a key of action.payload (the field\'s value would replace it)', id);
    }
    if (control.icon === 'toggle') {
      if (typeof control.pressed !== 'boolean') return problem(joinPath(at, 'pressed'), 'is required as true or false with icon: "toggle"', control.pressed);
      if (referenced.length > 0) return problem(joinPath(at, 'fields'), 'must be absent with icon: "toggle" (a switch submits no fields)', control.fields);
    }
    if (control.trigger === 'change') {
      if (referenced.length === 0) return problem(joinPath(at, 'fields'), 'must name at least one select with trigger: "change"', control.fields);
      for (let j = 0; j < referenced.length; j++) {
        const id = referenced[j];
        const idPath = joinPath(joinPath(at, 'fields'), j);
        if (fieldKinds.get(id) !== 'select') return problem(idPath, 'must name a select field with trigger: "change"', id);
        const owner = automaticOwner.get(id);
        if (owner !== undefined) return problem(idPath, `must not belong to two automatic controls (controls[${owner}] already saves it on change)`, id);
        automaticOwner.set(id, i);
      }
      if (control.confirm !== undefined) return problem(joinPath(at, 'confirm'), 'must be absent with trigger: "change"', control.confirm);
      if (control.icon !== undefined) return problem(joinPath(at, 'icon'), 'must be absent with trigger: "change"', control.icon);
      if (control.placement !== undefined) return problem(joinPath(at, 'placement'), 'must be absent with trigger: "change"', control.placement);
    }
    if (control.kind === 'preview') {
      if (control.preview !== undefined) return problem(joinPath(at, 'preview'), 'must be absent with kind: "preview" (action.name names the preview)', control.preview);
      if (control.trigger !== undefined) return problem(joinPath(at, 'trigger'), 'must be absent with kind: "preview"', control.trigger);
    }
    if (definition) {
      const actions = isPlainObject(definition.actions) ? definition.actions : {};
      const previews = isPlainObject(definition.previews) ? definition.previews : {};
      const name = control.action.name;
      if (control.kind === 'preview') {
        if (!Object.prototype.hasOwnProperty.call(previews, name)) return problem(joinPath(joinPath(at, 'action'), 'name'), 'must name a preview declared in definition.previews', name);
      } else {
        if (!Object.prototype.hasOwnProperty.call(actions, name)) return problem(joinPath(joinPath(at, 'action'), 'name'), 'must name an action declared in definition.actions', name);
        if (control.icon === 'toggle' && actions[name].permission !== 'participant')
          return problem(joinPath(joinPath(at, 'action'), 'name'), 'must name a participant action with icon: "toggle"', name);
      }
      if (control.preview !== undefined && !Object.prototype.hasOwnProperty.call(previews, control.preview))
        return problem(joinPath(at, 'preview'), 'must name a preview declared in definition.previews', control.preview);
    }
  }
  return null;
}

/** The same bounded view contract is used for bundled and uploaded definitions. */
export function validObjectView(value: unknown): value is ObjectView {
  return viewProblem(value, '') === null;
}
