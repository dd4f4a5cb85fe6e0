/**
 * World text: plain bounded text over a Gizmo and the host's anchored text editor.
 *
 * World text is plain text, never HTML: at most 512 Unicode code points AND 1,024 UTF-16 units;
 * line feeds are allowed (a sign has lines), other control characters (U+0000–U+001F except
 * U+000A, U+007F–U+009F), bidirectional overrides (U+202A–U+202E, U+2066–U+2069) and unpaired
 * surrogates are not. Empty text is allowed (an unwritten sign).
 */
import type { ObjectDefinition } from './api.js';
import { first, formatNumber, integerIn, isPlainObject, knownKeys, numberAboveUpTo, plainString, requiredKeys, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { keyProblem } from './internal/names.js';
import { joinPath, problem, problemText } from './internal/problem.js';
import { editorActionProblem } from './internal/references.js';

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
export const EDITOR_LABEL_MAX = 240;

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
  if (typeof value !== 'string') return problem(path, 'must be a string', value);
  if (value.length > WORLD_TEXT_UTF16_UNITS) return problem(path, `must be at most 1,024 UTF-16 units (is ${formatNumber(value.length)})`, value);
  const points = codePointLength(value);
  if (points > WORLD_TEXT_CODE_POINTS) return problem(path, `must be at most 512 characters (is ${formatNumber(points)})`, value);
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(value)) return problem(path, 'must be plain text: no control characters other than line feeds', value);
  if (/[\u202a-\u202e\u2066-\u2069]/.test(value)) return problem(path, 'must be plain text: no bidirectional override characters', value);
  if (loneSurrogate(value) >= 0) return problem(path, 'must be valid Unicode (no unpaired surrogates)', value);
  return null;
}

/** Optional world label range: greater than 0, at most 32 cells. */
export function worldTextRangeProblem(value: unknown, path: string): Problem {
  return numberAboveUpTo(value, path, 0, WORLD_TEXT_RANGE_MAX, 'cells');
}

/** The editor's own shape; with a definition, its action is a declared editor action. */
export function textEditorProblem(value: unknown, path: string, definition?: Pick<ObjectDefinition, 'actions'>): Problem {
  return first(
    () => knownKeys(value, path, ['field', 'action', 'label', 'maxLength']),
    () => requiredKeys(value as Record<string, unknown>, path, ['field', 'action', 'label', 'maxLength']),
    () => keyProblem((value as Record<string, unknown>).field, joinPath(path, 'field')),
    () => keyProblem((value as Record<string, unknown>).action, joinPath(path, 'action')),
    () => plainString((value as Record<string, unknown>).label, joinPath(path, 'label'), EDITOR_LABEL_MAX),
    () => integerIn((value as Record<string, unknown>).maxLength, joinPath(path, 'maxLength'), 1, WORLD_TEXT_CODE_POINTS, 'characters'),
    () => (definition ? editorActionProblem((value as Record<string, unknown>).action, joinPath(path, 'action'), definition) : null),
  );
}

export function validGizmoTextEditor(value: unknown): value is GizmoTextEditor {
  return textEditorProblem(value, '') === null;
}

/** Plain, bounded text only: hosts must never interpret this as HTML. */
export function validGizmoWorldText(value: unknown): value is string {
  return worldTextProblem(value, '') === null;
}

/** The definition's world text for `state` ('' without worldText); throws when it is invalid. */
export function gizmoWorldText(definition: ObjectDefinition, state: unknown): string {
  if (!isPlainObject(definition) || typeof definition.worldText !== 'function') return '';
  const text = callAuthor(definition, 'worldText', definition.worldText, state);
  const found = worldTextProblem(text, 'worldText');
  if (found) throw new Error(problemText(found)!);
  return text;
}
