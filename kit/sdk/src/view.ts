/**
 * View validation: standard fields, controls and choice bounds. The same bounded view contract is
 * used for bundled and uploaded definitions.
 *
 * `validObjectView(value)` checks the view alone. `viewProblem(value, path, definition)` also
 * checks what needs the definition: control actions name declared actions, preview controls name
 * declared previews, and a toggle switch drives a participant action.
 */
import type { ObjectView } from './api.js';
import { arrayOf, booleanValue, fieldPath, fieldSet, integerIn, isPlainObject, knownKeys, oneOf, plainString, requiredKeys, type Problem } from './internal/checks.js';
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

const VIEW_KEYS = fieldSet(['title', 'description', 'fields', 'controls']);
const VIEW_REQUIRED = ['title', 'description', 'controls'];
const TEXT_FIELD_KEYS = fieldSet(['id', 'label', 'value', 'kind', 'maxLength']);
const TEXT_FIELD_REQUIRED = ['id', 'label', 'value', 'maxLength'];
const SELECT_FIELD_KEYS = fieldSet(['id', 'label', 'value', 'kind', 'options']);
const SELECT_FIELD_REQUIRED = ['id', 'label', 'value', 'options'];
const OPTION_KEYS = ['value', 'label'];
const CONTROL_KEYS = fieldSet(['id', 'label', 'action', 'disabled', 'pressed', 'confirm', 'fields', 'icon', 'placement', 'trigger', 'kind', 'preview']);
const CONTROL_REQUIRED = ['id', 'label', 'action'];
const ACTION_KEYS = ['name', 'payload'];
const FIELD_KINDS = ['text', 'select'];
const TOGGLE = ['toggle'];
const ACTION_PLACEMENT = ['action'];
const CHANGE = ['change'];
const PREVIEW = ['preview'];
const ALLOW_EMPTY = { allowEmpty: true };

// The checks below run per field and per control of every view a build renders, so they are
// plain `if` chains (`first(...)` would allocate a dozen closures per item in goja). The order of
// the checks is the order of the messages: the first problem wins.

/** An action reference `{ name, payload }` with a JSON payload of at most 2 KiB. */
export function actionShapeProblem(value: unknown, path: string): Problem {
  let found: Problem;
  if ((found = knownKeys(value, path, ACTION_KEYS))) return found;
  const v = value as Record<string, unknown>;
  if ((found = requiredKeys(v, path, ACTION_KEYS))) return found;
  if ((found = keyProblem(v.name, fieldPath(path, 'name')))) return found;
  return payloadProblem(v.payload, fieldPath(path, 'payload'));
}

/** A payload: a plain object of JSON data, at most 2 KiB (depth 16). */
export function payloadProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  return jsonProblem(value, path, PAYLOAD_BYTE_LIMIT, '2 KiB');
}

function optionProblem(option: unknown, path: string): Problem {
  let found: Problem;
  if ((found = knownKeys(option, path, OPTION_KEYS))) return found;
  const o = option as Record<string, unknown>;
  if ((found = requiredKeys(o, path, OPTION_KEYS))) return found;
  if ((found = plainString(o.value, fieldPath(path, 'value'), SELECT_VALUE_MAX, ALLOW_EMPTY))) return found;
  return plainString(o.label, fieldPath(path, 'label'), SELECT_LABEL_MAX);
}

function fieldProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  const kind = value.kind;
  let found: Problem;
  if (kind === 'select') {
    if ((found = knownKeys(value, path, SELECT_FIELD_KEYS))) return found;
    if ((found = requiredKeys(value, path, SELECT_FIELD_REQUIRED))) return found;
    if ((found = keyProblem(value.id, fieldPath(path, 'id')))) return found;
    if ((found = plainString(value.label, fieldPath(path, 'label'), VIEW_LABEL_MAX))) return found;
    if ((found = plainString(value.value, fieldPath(path, 'value'), SELECT_VALUE_MAX, ALLOW_EMPTY))) return found;
    const optionsPath = fieldPath(path, 'options');
    if ((found = arrayOf(value.options, optionsPath, 1, SELECT_OPTION_LIMIT, optionProblem))) return found;
    const options = value.options as { value: string }[];
    const seen = new Set<string>();
    for (let i = 0; i < options.length; i++) {
      if (seen.has(options[i].value)) return problem(fieldPath(joinPath(optionsPath, i), 'value'), 'must be unique among the options', options[i].value);
      seen.add(options[i].value);
    }
    if (!seen.has(value.value as string)) return problem(fieldPath(path, 'value'), 'must be one of the options\' values', value.value);
    return null;
  }
  if ((found = knownKeys(value, path, TEXT_FIELD_KEYS))) return found;
  if (kind !== undefined && (found = oneOf(kind, fieldPath(path, 'kind'), FIELD_KINDS))) return found;
  if ((found = requiredKeys(value, path, TEXT_FIELD_REQUIRED))) return found;
  if ((found = keyProblem(value.id, fieldPath(path, 'id')))) return found;
  if ((found = plainString(value.label, fieldPath(path, 'label'), VIEW_LABEL_MAX))) return found;
  if ((found = integerIn(value.maxLength, fieldPath(path, 'maxLength'), 1, TEXT_FIELD_MAX_LENGTH, 'characters'))) return found;
  return plainString(value.value, fieldPath(path, 'value'), value.maxLength as number, ALLOW_EMPTY);
}

function controlShapeProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object', value);
  let found: Problem;
  if ((found = knownKeys(value, path, CONTROL_KEYS))) return found;
  if ((found = requiredKeys(value, path, CONTROL_REQUIRED))) return found;
  if ((found = keyProblem(value.id, fieldPath(path, 'id')))) return found;
  if ((found = plainString(value.label, fieldPath(path, 'label'), VIEW_LABEL_MAX))) return found;
  if ((found = actionShapeProblem(value.action, fieldPath(path, 'action')))) return found;
  if (value.disabled !== undefined && typeof value.disabled !== 'boolean') return booleanValue(value.disabled, fieldPath(path, 'disabled'));
  if (value.pressed !== undefined && typeof value.pressed !== 'boolean') return booleanValue(value.pressed, fieldPath(path, 'pressed'));
  if (value.confirm !== undefined && (found = plainString(value.confirm, fieldPath(path, 'confirm'), VIEW_LABEL_MAX))) return found;
  if (value.fields !== undefined && (found = arrayOf(value.fields, fieldPath(path, 'fields'), 0, VIEW_FIELD_LIMIT, keyProblem))) return found;
  if (value.icon !== undefined && value.icon !== 'toggle') return oneOf(value.icon, fieldPath(path, 'icon'), TOGGLE);
  if (value.placement !== undefined && value.placement !== 'action') return oneOf(value.placement, fieldPath(path, 'placement'), ACTION_PLACEMENT);
  if (value.trigger !== undefined && value.trigger !== 'change') return oneOf(value.trigger, fieldPath(path, 'trigger'), CHANGE);
  if (value.kind !== undefined && value.kind !== 'preview') return oneOf(value.kind, fieldPath(path, 'kind'), PREVIEW);
  if (value.preview !== undefined) return keyProblem(value.preview, fieldPath(path, 'preview'));
  return null;
}

/** The whole view; with `definition`, also the references into it. */
export function viewProblem(value: unknown, path: string, definition?: ViewDefinition): Problem {
  let found: Problem;
  if ((found = knownKeys(value, path, VIEW_KEYS))) return found;
  if ((found = requiredKeys(value as Record<string, unknown>, path, VIEW_REQUIRED))) return found;
  const view = value as Record<string, unknown>;
  const fieldsPath = fieldPath(path, 'fields');
  const controlsPath = fieldPath(path, 'controls');
  if ((found = plainString(view.title, fieldPath(path, 'title'), VIEW_TITLE_MAX))) return found;
  if ((found = plainString(view.description, fieldPath(path, 'description'), VIEW_DESCRIPTION_MAX, ALLOW_EMPTY))) return found;
  if (view.fields !== undefined && (found = arrayOf(view.fields, fieldsPath, 0, VIEW_FIELD_LIMIT, fieldProblem))) return found;
  if ((found = arrayOf(view.controls, controlsPath, 0, VIEW_CONTROL_LIMIT, controlShapeProblem))) return found;

  const fields = (view.fields ?? []) as { id: string; kind?: string }[];
  const fieldKinds = new Map<string, string>();
  for (let i = 0; i < fields.length; i++) {
    if (fieldKinds.has(fields[i].id)) return problem(fieldPath(joinPath(fieldsPath, i), 'id'), 'must be unique among the view\'s fields', fields[i].id);
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
  const actions = definition && isPlainObject(definition.actions) ? definition.actions : {};
  const previews = definition && isPlainObject(definition.previews) ? definition.previews : {};
  const controlIds = new Set<string>();
  const automaticOwner = new Map<string, number>();
  for (let i = 0; i < controls.length; i++) {
    const control = controls[i];
    const at = joinPath(controlsPath, i);
    if (controlIds.has(control.id)) return problem(fieldPath(at, 'id'), 'must be unique among the view\'s controls', control.id);
    controlIds.add(control.id);
    const referenced = control.fields ?? [];
    const seen = new Set<string>();
    for (let j = 0; j < referenced.length; j++) {
      const id = referenced[j];
      const idPath = joinPath(fieldPath(at, 'fields'), j);
      if (!fieldKinds.has(id)) return problem(idPath, 'must name a field declared in the view\'s fields', id);
      if (seen.has(id)) return problem(idPath, 'must not repeat a field', id);
      seen.add(id);
      if (Object.prototype.hasOwnProperty.call(control.action.payload, id))
        return problem(idPath, 'must not also be a key of action.payload (the field\'s value would replace it)', id);
    }
    if (control.icon === 'toggle') {
      if (typeof control.pressed !== 'boolean') return problem(fieldPath(at, 'pressed'), 'is required as true or false with icon: "toggle"', control.pressed);
      if (referenced.length > 0) return problem(fieldPath(at, 'fields'), 'must be absent with icon: "toggle" (a switch submits no fields)', control.fields);
    }
    if (control.trigger === 'change') {
      if (referenced.length === 0) return problem(fieldPath(at, 'fields'), 'must name at least one select with trigger: "change"', control.fields);
      for (let j = 0; j < referenced.length; j++) {
        const id = referenced[j];
        const idPath = joinPath(fieldPath(at, 'fields'), j);
        if (fieldKinds.get(id) !== 'select') return problem(idPath, 'must name a select field with trigger: "change"', id);
        const owner = automaticOwner.get(id);
        if (owner !== undefined) return problem(idPath, `must not belong to two automatic controls (controls[${owner}] already saves it on change)`, id);
        automaticOwner.set(id, i);
      }
      if (control.confirm !== undefined) return problem(fieldPath(at, 'confirm'), 'must be absent with trigger: "change"', control.confirm);
      if (control.icon !== undefined) return problem(fieldPath(at, 'icon'), 'must be absent with trigger: "change"', control.icon);
      if (control.placement !== undefined) return problem(fieldPath(at, 'placement'), 'must be absent with trigger: "change"', control.placement);
    }
    if (control.kind === 'preview') {
      if (control.preview !== undefined) return problem(fieldPath(at, 'preview'), 'must be absent with kind: "preview" (action.name names the preview)', control.preview);
      if (control.trigger !== undefined) return problem(fieldPath(at, 'trigger'), 'must be absent with kind: "preview"', control.trigger);
    }
    if (definition) {
      const name = control.action.name;
      if (control.kind === 'preview') {
        if (!Object.prototype.hasOwnProperty.call(previews, name)) return problem(fieldPath(fieldPath(at, 'action'), 'name'), 'must name a preview declared in definition.previews', name);
      } else {
        if (!Object.prototype.hasOwnProperty.call(actions, name)) return problem(fieldPath(fieldPath(at, 'action'), 'name'), 'must name an action declared in definition.actions', name);
        if (control.icon === 'toggle' && actions[name].permission !== 'participant')
          return problem(fieldPath(fieldPath(at, 'action'), 'name'), 'must name a participant action with icon: "toggle"', name);
      }
      if (control.preview !== undefined && !Object.prototype.hasOwnProperty.call(previews, control.preview))
        return problem(fieldPath(at, 'preview'), 'must name a preview declared in definition.previews', control.preview);
    }
  }
  return null;
}

/** The same bounded view contract is used for bundled and uploaded definitions. */
export function validObjectView(value: unknown): value is ObjectView {
  return viewProblem(value, '') === null;
}
