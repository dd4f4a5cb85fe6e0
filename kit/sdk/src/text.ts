/**
 * World text: plain bounded text over a Gizmo and the host's anchored text editor.
 *
 * The docs state the size of world text — "512 Unicode characters and 1,024 UTF-16 units" (code
 * points, an unpaired surrogate counted as one) — and the optional label range (greater than 0, at
 * most 32 cells). "Plain text" means text is never interpreted as HTML; it does not forbid any
 * character, so newlines, tabs, other control characters and bidirectional marks are allowed
 * (Arabic and Hebrew signs need the marks). An unpaired surrogate, the mark of a string cut inside
 * an emoji, is a warning. Empty text is allowed (an unwritten sign). TEXT_RULES keeps the former
 * guesses as a record.
 */
import type { ObjectDefinition } from './api.js';
import { finiteNumber, first, formatNumber, isPlainObject, knownKeys, numberAboveUpTo, requiredKeys, stringValue, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { keyProblem } from './internal/names.js';
import { joinPath, problemText } from './internal/problem.js';
import { editorActionProblem } from './internal/references.js';
import { fail, rule, TYPE_RULES, type Rule } from './internal/rules.js';
import { maxLengthMistake } from './view.js';

/** A single text field rendered by Scape's existing anchored configuration popover. */
export interface GizmoTextEditor {
  field: string;
  action: string;
  label: string;
  maxLength: number;
}

export const WORLD_TEXT_CODE_POINTS = 512;
export const WORLD_TEXT_UTF16_UNITS = 1024;
export const WORLD_TEXT_RANGE_MAX = 32;

const S = 'Text';
const TEXT_ROW = 'Limits and compatibility: "World text | 512 Unicode characters and 1,024 UTF-16 units"';

/** The text rules: what the docs state, the guesses that warn, and the former guesses as a record. */
export const TEXT_RULES = {
  characters: rule({ id: 'text.worldText.characters', class: 'doc', section: S, item: 'World text (`worldText(state)`), in Unicode characters', bound: 'at most 512 code points', source: TEXT_ROW }),
  units: rule({ id: 'text.worldText.units', class: 'doc', section: S, item: 'World text (`worldText(state)`), in UTF-16 units', bound: 'at most 1,024 UTF-16 units', source: TEXT_ROW }),
  range: rule({ id: 'text.worldTextRange', class: 'doc', section: S, item: '`worldTextRange`', bound: 'greater than 0, at most 32 cells', min: 0, max: WORLD_TEXT_RANGE_MAX, unit: 'cells', source: 'Limits and compatibility: "Optional world text range | Greater than 0, at most 32 cells"; Controls and configuration: "a distance greater than zero and at most 32 cells"' }),
  editorAction: rule({ id: 'text.editor.action', class: 'doc', section: S, item: 'Text editor `action` (with the definition)', bound: 'an action declared with permission `editor`', source: 'Controls and configuration: "`textEditor` reuses the host\'s anchored editor for one string field; it targets an editor action"' }),
  surrogate: rule({ id: 'text.worldText.surrogate', class: 'guess', treatment: 'warning', section: S, item: 'World text', bound: 'no unpaired surrogates', was: 'an error', source: 'the docs are silent; an unpaired surrogate is what `text.slice(…)` leaves when it cuts an emoji in two, and hosts show it as �: almost certainly a mistake' }),
  editorMaxLength: rule({ id: 'text.editor.maxLength', class: 'guess', treatment: 'warning', section: S, item: 'Text editor `maxLength`', bound: 'a whole number from 1 to 2,048', was: 'integer 1–512, an error', source: 'the docs are silent; below 1 nothing can be typed, a fraction is not a length, and beyond 2,048 a full text no longer fits the documented 2 KiB payload the editor submits: almost certainly mistakes (a longer text than world text shows can still be a note)' }),
  editorLabel: rule({ id: 'text.editor.label', class: 'guess', treatment: 'warning', section: S, item: 'Editor `label` (`textEditor`, `worldEditor`)', bound: 'not empty', was: '1–240 characters without control characters, an error', source: 'the docs are silent; an empty label leaves the editor without a visible or accessible name, almost certainly a mistake; any other string is shown as given' }),
  plain: rule({ id: 'text.worldText.plain', class: 'guess', treatment: 'dropped', section: S, item: 'World text characters', bound: 'any (tabs, carriage returns, other control characters, bidirectional marks and overrides)', was: 'line feeds only; no other C0/C1 controls, no bidi overrides or isolates (U+202A–202E, U+2066–2069)', source: '"plain text" in the docs means not HTML ("hosts must never interpret this as HTML"), not a character set; right-to-left text needs the bidirectional marks' }),
};

const R = TEXT_RULES;

/** An editor label (textEditor, worldEditor): a string; an empty one is a warning. */
export function editorLabelProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string') return stringValue(value, path);
  if (value.length === 0) return fail(R.editorLabel, path, 'is empty, so the editor has no visible or accessible name', value);
  return null;
}

/** `name` is an editor action of the definition, reported under `r` (text or world editor). */
export function editorActionRuleProblem(name: unknown, path: string, definition: Pick<ObjectDefinition, 'actions'>, r: Rule): Problem {
  const found = editorActionProblem(name, path, definition);
  return found ? fail(r, found.path, found.message, found.value) : null;
}

/** Code points of a string, counting an unpaired surrogate as one. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** Index of the first unpaired surrogate, or -1. */
function loneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (code >= 0xdc00 && code <= 0xdfff) return i;
  }
  return -1;
}

export function worldTextProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string') return fail(TYPE_RULES.string, path, 'must be a string', value);
  if (value.length > WORLD_TEXT_UTF16_UNITS) return fail(R.units, path, `must be at most 1,024 UTF-16 units (is ${formatNumber(value.length)})`, value);
  const points = codePointLength(value);
  if (points > WORLD_TEXT_CODE_POINTS) return fail(R.characters, path, `must be at most 512 characters (is ${formatNumber(points)})`, value);
  if (loneSurrogate(value) >= 0) fail(R.surrogate, path, 'has an unpaired surrogate (a string cut inside an emoji?), which hosts show as �', value);
  return null;
}

/** Optional world label range: greater than 0, at most 32 cells. */
export function worldTextRangeProblem(value: unknown, path: string): Problem {
  return numberAboveUpTo(value, path, R.range);
}

/** The editor's own shape; with a definition, its action is a declared editor action. */
export function textEditorProblem(value: unknown, path: string, definition?: Pick<ObjectDefinition, 'actions'>): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['field', 'action', 'label', 'maxLength']),
    () => requiredKeys(v, path, ['field', 'action', 'label', 'maxLength']),
    () => keyProblem(v.field, joinPath(path, 'field')),
    () => keyProblem(v.action, joinPath(path, 'action')),
    () => editorLabelProblem(v.label, joinPath(path, 'label')),
    () => {
      const at = joinPath(path, 'maxLength');
      const found = finiteNumber(v.maxLength, at);
      if (found) return found;
      const why = maxLengthMistake(v.maxLength as number);
      return why === null ? null : fail(R.editorMaxLength, at, why, v.maxLength);
    },
    () => (definition ? editorActionRuleProblem(v.action, joinPath(path, 'action'), definition, R.editorAction) : null),
  );
}

/** With the definition (an optional argument, beyond the published signature), its action is checked too. */
export function validGizmoTextEditor(value: unknown, definition?: Pick<ObjectDefinition, 'actions'>): value is GizmoTextEditor {
  return textEditorProblem(value, '', definition) === null;
}

/**
 * Plain, bounded text only: hosts must never interpret this as HTML. With the definition (an
 * optional argument, beyond the published signature), its `worldTextRange` — the distance the
 * text is visible from — is checked too.
 */
export function validGizmoWorldText(value: unknown, definition?: Pick<ObjectDefinition, 'worldTextRange'>): value is string {
  if (worldTextProblem(value, '') !== null) return false;
  return !(isPlainObject(definition) && definition.worldTextRange !== undefined && worldTextRangeProblem(definition.worldTextRange, 'worldTextRange') !== null);
}

/** The definition's world text for `state` ('' without worldText); throws when it is invalid. */
export function gizmoWorldText(definition: ObjectDefinition, state: unknown): string {
  if (!isPlainObject(definition) || typeof definition.worldText !== 'function') return '';
  const text = callAuthor(definition, 'worldText', definition.worldText, state);
  const found = worldTextProblem(text, 'worldText');
  if (found) throw new Error(problemText(found)!);
  return text;
}
