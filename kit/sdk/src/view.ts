/**
 * View validation: standard fields, controls and choice bounds. The same bounded view contract is
 * used for bundled and uploaded definitions.
 *
 * `validObjectView(value)` checks the view alone. With a definition — `viewProblem(value, path,
 * definition)`, or `validObjectView(value, definition)` in an author's test — it also checks what
 * needs the definition: control actions name declared actions, preview controls name declared
 * previews, and a toggle switch drives a participant action.
 *
 * Errors are what the docs state (16 fields and 32 controls; selects of 1–64 unique values, each
 * value at most 128 characters and each label at most 240; the toggle and automatic-select rules;
 * 2 KiB payloads; the references into the definition) and what the types imply. Titles,
 * descriptions, labels and field values are any strings: newlines and other control characters
 * included, any length. VIEW_RULES keeps the former guesses as dropped rules, and reports the few
 * values that are almost certainly mistakes (an empty label, a select showing no choice, a field
 * naming nothing) as warnings.
 */
import type { ObjectView } from './api.js';
import { utf8Length } from './api.js';
import { arrayOf, booleanValue, fieldPath, fieldSet, finiteNumber, formatNumber, isPlainObject, knownKeys, oneOf, requiredKeys, stringIn, stringValue, type Problem } from './internal/checks.js';
import { keyProblem } from './internal/names.js';
import { jsonProblem } from './internal/json.js';
import { joinPath } from './internal/problem.js';
import { fail, rule, TYPE_RULES, type Rule } from './internal/rules.js';

export const VIEW_FIELD_LIMIT = 16;
export const VIEW_CONTROL_LIMIT = 32;
export const SELECT_OPTION_LIMIT = 64;
export const SELECT_VALUE_MAX = 128;
export const SELECT_LABEL_MAX = 240;
/** Action / configuration payloads: 2 KiB of JSON. */
export const PAYLOAD_BYTE_LIMIT = 2048;

const S = 'Views';
const CONTROLS_SECTION = 'Controls and configuration';
const VIEWS_ROW = `Limits and compatibility: "View fields / controls | 16 / 32"; ${CONTROLS_SECTION}: "Views allow at most 16 fields and 32 controls"`;
const SELECT_ROW = `Limits and compatibility: "Select choices | 1–64 unique values"; ${CONTROLS_SECTION}: "selects contain 1–64 unique values"`;
const CHANGE_SENTENCE = `${CONTROLS_SECTION}: "Automatic \`trigger: 'change'\` controls save when a select changes"`;

/** The view rules: what the docs state, the guesses that warn, and the former guesses as a record. */
export const VIEW_RULES = {
  fields: rule({ id: 'view.fields', class: 'doc', section: S, item: 'View `fields`', bound: 'at most 16 fields', min: 0, max: VIEW_FIELD_LIMIT, source: VIEWS_ROW }),
  controls: rule({ id: 'view.controls', class: 'doc', section: S, item: 'View `controls`', bound: 'at most 32 controls', min: 0, max: VIEW_CONTROL_LIMIT, source: VIEWS_ROW }),
  selectOptions: rule({ id: 'view.select.options', class: 'doc', section: S, item: 'Select `options`', bound: '1–64 choices', min: 1, max: SELECT_OPTION_LIMIT, source: SELECT_ROW }),
  selectUnique: rule({ id: 'view.select.unique', class: 'doc', section: S, item: 'Select option values', bound: 'unique within the select', source: SELECT_ROW }),
  selectValue: rule({ id: 'view.select.value', class: 'doc', section: S, item: "Select values (each option's `value` and the select's own `value`)", bound: 'at most 128 characters', min: 0, max: SELECT_VALUE_MAX, source: 'Limits and compatibility: "Select value / label | 128 / 240 characters"' }),
  selectLabel: rule({ id: 'view.select.label', class: 'doc', section: S, item: "Select option `label`", bound: 'at most 240 characters', min: 0, max: SELECT_LABEL_MAX, source: 'Limits and compatibility: "Select value / label | 128 / 240 characters"' }),
  togglePressed: rule({ id: 'view.control.toggle.pressed', class: 'doc', section: S, item: "Control with `icon: 'toggle'`: `pressed`", bound: 'true or false (required)', source: `${CONTROLS_SECTION}: "A participant switch uses \`icon: 'toggle'\` with a boolean \`pressed\`"; ObjectControl.icon: "requires boolean pressed state"` }),
  toggleFields: rule({ id: 'view.control.toggle.fields', class: 'doc', section: S, item: "Control with `icon: 'toggle'`: `fields`", bound: 'absent or empty', source: 'ObjectControl.icon: "Host action-row switch for a participant action without fields"' }),
  toggleParticipant: rule({ id: 'view.control.toggle.participant', class: 'doc', section: S, item: "Control with `icon: 'toggle'`: `action.name` (with the definition)", bound: 'an action with permission `participant`', source: `ObjectControl.icon: "Host action-row switch for a participant action"; ${CONTROLS_SECTION}: "A participant switch uses \`icon: 'toggle'\`"` }),
  changeSelects: rule({ id: 'view.control.change.selects', class: 'doc', section: S, item: "Control with `trigger: 'change'`: `fields`", bound: 'each names a select field of the view', source: `${CONTROLS_SECTION}: "All referenced fields must be selects"; ObjectControl.trigger: "All referenced fields must be selects"` }),
  changeOwner: rule({ id: 'view.control.change.owner', class: 'doc', section: S, item: "Select fields of `trigger: 'change'` controls", bound: 'each in at most one automatic control', source: `${CONTROLS_SECTION}: "a field can belong to only one automatic control"` }),
  changeExclusive: rule({ id: 'view.control.change.exclusive', class: 'doc', section: S, item: "Control with `trigger: 'change'`: `confirm`, `icon`, `placement`", bound: 'absent', source: `${CONTROLS_SECTION}: "These controls cannot also request confirmation, a toggle icon, or action-row placement"; Gizmo troubleshooting: "Automatic select controls cannot also be action-row buttons"` }),
  action: rule({ id: 'view.control.action', class: 'doc', section: S, item: 'Control `action.name` (with the definition)', bound: 'an action declared in `definition.actions`', source: `${CONTROLS_SECTION}: "A control names an action and payload. The reducer still validates the request."` }),
  preview: rule({ id: 'view.control.preview', class: 'doc', section: S, item: "Control `preview`, and `action.name` with `kind: 'preview'` (with the definition)", bound: 'a preview declared in `definition.previews`', source: `ObjectControl.kind: "A local preview control resolves its action through definition.previews"; ObjectControl.preview: "Audition this named local preview"; ${CONTROLS_SECTION}: "A control with \`kind: 'preview'\` resolves through \`previews\`"` }),
  payload: rule({ id: 'view.payload', class: 'doc', section: 'Definitions, state and actions', item: 'Action payloads (controls, presentation taps, reactions) and configuration values', bound: 'at most 2 KiB (2,048 UTF-8 bytes) of JSON', source: 'Limits and compatibility: "Action / configuration payload | 2 KiB of JSON"' }),

  emptyText: rule({ id: 'view.text.empty', class: 'guess', treatment: 'warning', section: S, item: 'View `title`, field, control and option labels, `confirm`', bound: 'not empty', was: 'title, labels and confirm 1–240 characters, an error', source: 'the docs are silent; an empty title leaves the panel unnamed, an empty label leaves a control without a visible or accessible name ("Its label remains the accessible name"), an empty confirm asks nothing: almost certainly mistakes' }),
  selectMember: rule({ id: 'view.select.member', class: 'guess', treatment: 'warning', section: S, item: "A select's own `value`", bound: "one of its options' values", was: 'an error', source: 'the docs are silent; a select whose value is none of its options shows no choice, almost certainly a mistake' }),
  maxLength: rule({ id: 'view.field.maxLength', class: 'guess', treatment: 'warning', section: S, item: 'Text field `maxLength`', bound: 'a whole number from 1 to 2,048', was: 'integer 1–1,024, an error', source: 'the docs are silent; below 1 nothing can be typed, a fraction is not a length, and beyond 2,048 a full field no longer fits the documented 2 KiB payload: almost certainly mistakes' }),
  valueLength: rule({ id: 'view.field.value.length', class: 'guess', treatment: 'warning', section: S, item: 'Text field `value`', bound: 'at most `maxLength` characters', was: 'an error', source: 'the docs are silent; a value longer than its own field allows is almost certainly a mistake (the state and the field disagree)' }),
  uniqueIds: rule({ id: 'view.ids.unique', class: 'guess', treatment: 'warning', section: S, item: 'Field ids and control ids of a view', bound: 'unique among the fields / the controls', was: 'an error', source: "the docs are silent; two fields with one id submit one value, two controls with one id share the host's pending and error state: almost certainly mistakes" }),
  fieldDeclared: rule({ id: 'view.control.fields.declared', class: 'guess', treatment: 'warning', section: S, item: 'Control `fields` (without `trigger`)', bound: "each names a field of the view", was: 'an error', source: 'the docs are silent ("A control can reference field IDs; the host collects their values"); an id naming no field submits nothing, almost certainly a mistake' }),
  fieldRepeat: rule({ id: 'view.control.fields.repeat', class: 'guess', treatment: 'warning', section: S, item: 'Control `fields`', bound: 'no field named twice', was: 'an error', source: 'the docs are silent; a repeated id submits its field once, so the repeat is almost certainly a typo for another field' }),
  fieldPayload: rule({ id: 'view.control.fields.payload', class: 'guess', treatment: 'warning', section: S, item: 'Control `fields` and `action.payload`', bound: 'no field id is also a payload key', was: 'an error', source: 'the docs are silent ("the host collects their values into the submitted payload"); a key in both loses one of its two values, almost certainly a mistake' }),
  changeEmpty: rule({ id: 'view.control.change.empty', class: 'guess', treatment: 'warning', section: S, item: "Control with `trigger: 'change'`: `fields`", bound: 'at least one select', was: 'at least one field, an error', source: `the docs are silent (${CHANGE_SENTENCE}); one naming no select never saves, almost certainly a mistake` }),

  hostControl: rule({ id: 'view.control.host', class: 'guess', treatment: 'warning', section: S, item: 'Control `label`', bound: 'not just "Configure", "Close" or "Delete"', source: `${CONTROLS_SECTION}: "Do not add duplicate Configure, Close or Delete controls. Scape owns those affordances and the removal permission checks." A label alone cannot prove a duplicate (deleting an entry of the state is legitimate), so a warning, not an error` }),
  textForms: rule({ id: 'view.text.forms', class: 'guess', treatment: 'dropped', section: S, item: 'View `title`, `description`, labels, `confirm`, field values', bound: 'any string (newlines and other control characters included, any length)', was: 'no control characters; title 1–240, description 0–1,000, labels and confirm 1–240 characters', source: 'the docs are silent ("Keep labels concise" is advice); a scoreboard\'s "Home: 0\\nAway: 0" is a natural description, and the host lays out what it shows' }),
  fieldCount: rule({ id: 'view.control.fields.count', class: 'guess', treatment: 'dropped', section: S, item: 'Control `fields` count', bound: 'any number', was: '0–16', source: 'the docs are silent; a control can only name the view\'s (at most 16) fields, so a count adds nothing' }),
  previewExclusive: rule({ id: 'view.control.preview.exclusive', class: 'guess', treatment: 'dropped', section: S, item: "Control with `kind: 'preview'`: `preview`, `trigger`", bound: 'allowed', was: 'both absent, an error', source: 'the docs are silent; a preview control that also names a preview to audition, or auditions on a select change, is redundant at most, not contradictory' }),
};

const R = VIEW_RULES;

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
/** The host's own affordances ("Do not add duplicate Configure, Close or Delete controls"). */
const HOST_LABELS = new Set(['configure', 'close', 'delete']);

// The checks below run per field and per control of every view a build renders, so they are
// plain `if` chains (`first(...)` would allocate a dozen closures per item in goja). The order of
// the checks is the order of the messages: the first problem wins. Warnings wait in `pending`
// until the whole view has passed, so a refused view reports its error alone.

type Pending = [Rule, string, string, unknown][];

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
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be an object', value);
  const found = jsonProblem(value, path);
  if (found) return found;
  // A UTF-16 unit is at most 3 UTF-8 bytes, so a short text is within the limit uncounted.
  const text = JSON.stringify(value);
  if (text.length * 3 <= PAYLOAD_BYTE_LIMIT) return null;
  const bytes = utf8Length(text);
  if (bytes > PAYLOAD_BYTE_LIMIT) return fail(R.payload, path, `must be at most 2 KiB of JSON (is ${formatNumber(bytes)} bytes)`, value);
  return null;
}

/** A string; an empty one is recorded as a warning with `why`. */
function labelProblem(value: unknown, path: string, why: string, pending: Pending): Problem {
  if (typeof value !== 'string') return stringValue(value, path);
  if (value.length === 0) pending.push([R.emptyText, path, why, value]);
  return null;
}

const CONTROL_LABEL = 'is empty, so the control has no visible or accessible name';
const FIELD_LABEL = 'is empty, so the field has no visible or accessible name';

function optionProblem(option: unknown, path: string, pending: Pending): Problem {
  let found: Problem;
  if ((found = knownKeys(option, path, OPTION_KEYS))) return found;
  const o = option as Record<string, unknown>;
  if ((found = requiredKeys(o, path, OPTION_KEYS))) return found;
  if ((found = stringIn(o.value, fieldPath(path, 'value'), R.selectValue))) return found;
  const labelPath = fieldPath(path, 'label');
  if ((found = stringIn(o.label, labelPath, R.selectLabel))) return found;
  if ((o.label as string).length === 0) pending.push([R.emptyText, labelPath, 'is empty, so the choice shows no text', o.label]);
  return null;
}

function selectProblem(value: Record<string, unknown>, path: string, pending: Pending): Problem {
  let found: Problem;
  if ((found = knownKeys(value, path, SELECT_FIELD_KEYS))) return found;
  if ((found = requiredKeys(value, path, SELECT_FIELD_REQUIRED))) return found;
  if ((found = keyProblem(value.id, fieldPath(path, 'id')))) return found;
  if ((found = labelProblem(value.label, fieldPath(path, 'label'), FIELD_LABEL, pending))) return found;
  const valuePath = fieldPath(path, 'value');
  if ((found = stringIn(value.value, valuePath, R.selectValue))) return found;
  const optionsPath = fieldPath(path, 'options');
  if ((found = arrayOf(value.options, optionsPath, R.selectOptions, (o, p) => optionProblem(o, p, pending)))) return found;
  const options = value.options as { value: string }[];
  const seen = new Set<string>();
  for (let i = 0; i < options.length; i++) {
    if (seen.has(options[i].value)) return fail(R.selectUnique, fieldPath(joinPath(optionsPath, i), 'value'), 'must be unique among the options', options[i].value);
    seen.add(options[i].value);
  }
  if (!seen.has(value.value as string)) pending.push([R.selectMember, valuePath, "is not one of the options' values, so the select shows no choice", value.value]);
  return null;
}

function fieldProblem(value: unknown, path: string, pending: Pending): Problem {
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be an object', value);
  if (value.kind === 'select') return selectProblem(value, path, pending);
  let found: Problem;
  // The kind first: it decides which keys are known, so `kind: 'dropdown'` with `options` is a
  // wrong kind, not an unknown `options` key.
  if (value.kind !== undefined && (found = oneOf(value.kind, fieldPath(path, 'kind'), FIELD_KINDS))) return found;
  if ((found = knownKeys(value, path, TEXT_FIELD_KEYS))) return found;
  if ((found = requiredKeys(value, path, TEXT_FIELD_REQUIRED))) return found;
  if ((found = keyProblem(value.id, fieldPath(path, 'id')))) return found;
  if ((found = labelProblem(value.label, fieldPath(path, 'label'), FIELD_LABEL, pending))) return found;
  const maxPath = fieldPath(path, 'maxLength');
  if ((found = finiteNumber(value.maxLength, maxPath))) return found;
  const max = value.maxLength as number;
  const why = maxLengthMistake(max);
  if (why !== null) pending.push([R.maxLength, maxPath, why, max]);
  const valuePath = fieldPath(path, 'value');
  if ((found = stringValue(value.value, valuePath))) return found;
  const text = value.value as string;
  if (why === null && text.length > max) pending.push([R.valueLength, valuePath, `is longer than its maxLength (${formatNumber(text.length)} characters, maxLength ${formatNumber(max)}), so the field starts beyond its own limit`, text]);
  return null;
}

/**
 * Why a text length limit is almost certainly a mistake, or null: shared by view text fields and
 * the text editor (text.ts), which submit their text the same way.
 */
export function maxLengthMistake(max: number): string | null {
  if (max < 1) return 'is below 1, so nothing can be typed';
  if (!Number.isInteger(max)) return 'is not a whole number of characters';
  if (max > PAYLOAD_BYTE_LIMIT) return 'is more than an action payload can carry (2 KiB of JSON), so a full field cannot be submitted';
  return null;
}

function controlShapeProblem(value: unknown, path: string, pending: Pending): Problem {
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be an object', value);
  let found: Problem;
  if ((found = knownKeys(value, path, CONTROL_KEYS))) return found;
  if ((found = requiredKeys(value, path, CONTROL_REQUIRED))) return found;
  if ((found = keyProblem(value.id, fieldPath(path, 'id')))) return found;
  if ((found = labelProblem(value.label, fieldPath(path, 'label'), CONTROL_LABEL, pending))) return found;
  if ((value.label as string).length <= 16 && HOST_LABELS.has((value.label as string).trim().toLowerCase()))
    pending.push([R.hostControl, fieldPath(path, 'label'), "names one of the host's own controls (Scape already shows Configure, Close and Delete)", value.label]);
  if ((found = actionShapeProblem(value.action, fieldPath(path, 'action')))) return found;
  if (value.disabled !== undefined && typeof value.disabled !== 'boolean') return booleanValue(value.disabled, fieldPath(path, 'disabled'));
  if (value.pressed !== undefined && typeof value.pressed !== 'boolean') return booleanValue(value.pressed, fieldPath(path, 'pressed'));
  if (value.confirm !== undefined && (found = labelProblem(value.confirm, fieldPath(path, 'confirm'), 'is empty, so the confirmation asks nothing (leave confirm out for none)', pending))) return found;
  if (value.fields !== undefined && (found = arrayOf(value.fields, fieldPath(path, 'fields'), null, keyProblem))) return found;
  if (value.icon !== undefined && value.icon !== 'toggle') return oneOf(value.icon, fieldPath(path, 'icon'), TOGGLE);
  if (value.placement !== undefined && value.placement !== 'action') return oneOf(value.placement, fieldPath(path, 'placement'), ACTION_PLACEMENT);
  if (value.trigger !== undefined && value.trigger !== 'change') return oneOf(value.trigger, fieldPath(path, 'trigger'), CHANGE);
  if (value.kind !== undefined && value.kind !== 'preview') return oneOf(value.kind, fieldPath(path, 'kind'), PREVIEW);
  if (value.preview !== undefined) return keyProblem(value.preview, fieldPath(path, 'preview'));
  return null;
}

type Control = {
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
};

/** The whole view; with `definition`, also the references into it. */
export function viewProblem(value: unknown, path: string, definition?: ViewDefinition): Problem {
  let found: Problem;
  if ((found = knownKeys(value, path, VIEW_KEYS))) return found;
  if ((found = requiredKeys(value as Record<string, unknown>, path, VIEW_REQUIRED))) return found;
  const view = value as Record<string, unknown>;
  const fieldsPath = fieldPath(path, 'fields');
  const controlsPath = fieldPath(path, 'controls');
  const pending: Pending = [];
  if ((found = labelProblem(view.title, fieldPath(path, 'title'), 'is empty, so the panel has no title', pending))) return found;
  if ((found = stringValue(view.description, fieldPath(path, 'description')))) return found;
  if (view.fields !== undefined && (found = arrayOf(view.fields, fieldsPath, R.fields, (f, p) => fieldProblem(f, p, pending)))) return found;
  if ((found = arrayOf(view.controls, controlsPath, R.controls, (c, p) => controlShapeProblem(c, p, pending)))) return found;

  const fields = (view.fields ?? []) as { id: string; kind?: string }[];
  const fieldKinds = new Map<string, string>();
  for (let i = 0; i < fields.length; i++) {
    if (fieldKinds.has(fields[i].id)) pending.push([R.uniqueIds, fieldPath(joinPath(fieldsPath, i), 'id'), "repeats another field's id, so the host submits only one of them", fields[i].id]);
    else fieldKinds.set(fields[i].id, fields[i].kind ?? 'text');
  }

  const controls = view.controls as Control[];
  const actions = definition && isPlainObject(definition.actions) ? definition.actions : {};
  const previews = definition && isPlainObject(definition.previews) ? definition.previews : {};
  const controlIds = new Set<string>();
  const automaticOwner = new Map<string, number>();
  for (let i = 0; i < controls.length; i++) {
    const control = controls[i];
    const at = joinPath(controlsPath, i);
    const referenced = control.fields ?? [];
    const fieldsAt = fieldPath(at, 'fields');
    if (control.trigger === 'change') {
      if (referenced.length === 0) pending.push([R.changeEmpty, fieldsAt, 'names no select, so the control never saves (trigger: "change" saves when a select changes)', control.fields]);
      for (let j = 0; j < referenced.length; j++) {
        const id = referenced[j];
        const idPath = joinPath(fieldsAt, j);
        if (fieldKinds.get(id) !== 'select') return fail(R.changeSelects, idPath, "must name a select field of the view's fields with trigger: \"change\"", id);
        const owner = automaticOwner.get(id);
        if (owner === i) continue;
        if (owner !== undefined) return fail(R.changeOwner, idPath, `must not belong to two automatic controls (controls[${owner}] already saves it on change)`, id);
        automaticOwner.set(id, i);
      }
      if (control.confirm !== undefined) return fail(R.changeExclusive, fieldPath(at, 'confirm'), 'must be absent with trigger: "change"', control.confirm);
      if (control.icon !== undefined) return fail(R.changeExclusive, fieldPath(at, 'icon'), 'must be absent with trigger: "change"', control.icon);
      if (control.placement !== undefined) return fail(R.changeExclusive, fieldPath(at, 'placement'), 'must be absent with trigger: "change" (an automatic select control is not an action-row button)', control.placement);
    }
    if (control.icon === 'toggle') {
      if (typeof control.pressed !== 'boolean') return fail(R.togglePressed, fieldPath(at, 'pressed'), 'is required as true or false with icon: "toggle"', control.pressed);
      if (referenced.length > 0) return fail(R.toggleFields, fieldsAt, 'must be absent with icon: "toggle" (a switch submits no fields)', control.fields);
    }
    if (definition) {
      const name = control.action.name;
      const namePath = fieldPath(fieldPath(at, 'action'), 'name');
      if (control.kind === 'preview') {
        if (!Object.prototype.hasOwnProperty.call(previews, name)) return fail(R.preview, namePath, 'must name a preview declared in definition.previews', name);
      } else {
        if (!Object.prototype.hasOwnProperty.call(actions, name)) return fail(R.action, namePath, 'must name an action declared in definition.actions', name);
        const declared: unknown = actions[name];
        if (control.icon === 'toggle' && !(isPlainObject(declared) && declared.permission === 'participant'))
          return fail(R.toggleParticipant, namePath, 'must name a participant action with icon: "toggle"', name);
      }
      if (control.preview !== undefined && !Object.prototype.hasOwnProperty.call(previews, control.preview))
        return fail(R.preview, fieldPath(at, 'preview'), 'must name a preview declared in definition.previews', control.preview);
    }

    if (controlIds.has(control.id)) pending.push([R.uniqueIds, fieldPath(at, 'id'), "repeats another control's id, so the host cannot tell the two apart", control.id]);
    controlIds.add(control.id);
    for (let j = 0; j < referenced.length; j++) {
      const id = referenced[j];
      const idPath = joinPath(fieldsAt, j);
      if (referenced.indexOf(id) < j) pending.push([R.fieldRepeat, idPath, 'names a field this control already submits', id]);
      else if (!fieldKinds.has(id)) pending.push([R.fieldDeclared, idPath, "names no field of the view's fields, so nothing is submitted for it", id]);
      else if (Object.prototype.hasOwnProperty.call(control.action.payload, id)) pending.push([R.fieldPayload, idPath, 'is also a key of action.payload, so one of the two values is lost', id]);
    }
  }
  for (let i = 0; i < pending.length; i++) fail(pending[i][0], pending[i][1], pending[i][2], pending[i][3]);
  return null;
}

/**
 * The same bounded view contract is used for bundled and uploaded definitions. With the
 * definition (an optional argument, beyond the published signature), the view's references into
 * it are checked as a build checks them.
 */
export function validObjectView(value: unknown, definition?: ViewDefinition): value is ObjectView {
  return viewProblem(value, '', definition) === null;
}
