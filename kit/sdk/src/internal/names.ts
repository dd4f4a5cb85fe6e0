/**
 * Identifier rules shared by the definition-level validators. One place, so a field id, an action
 * name and a preview name are judged by the same rule everywhere.
 *
 * The docs state little about identifiers: a type is a namespaced identifier (`my-game.counter`,
 * the reserved `scape.` namespace), a version is a positive integer. Everything else the SDK once
 * required (character sets, lengths, an emoji grammar) was a guess: NAMES_RULES keeps those as
 * dropped rules, and the few values that are almost certainly mistakes (an empty name, a type with
 * a space, an emoji that is plain text) are warnings.
 */
import { stringValue, type Problem } from './checks.js';
import { fail, rule, TYPE_RULES } from './rules.js';

const S = 'Definitions, state and actions';

/** The largest version kept exactly: a JSON number, and the toolchain's and host's 64-bit ints. */
export const VERSION_MAX = Number.MAX_SAFE_INTEGER;

export const NAMES_RULES = {
  type: rule({
    id: 'names.type',
    class: 'doc',
    section: S,
    item: 'Definition `type` (and an envelope\'s or configuration\'s)',
    bound: 'namespaced: dot-separated segments, at least two, none empty (`my-game.counter`)',
    source:
      'Projects, state and actions: "Types are namespaced identifiers, not display labels"; Build your first Gizmo: "Use your own namespace … The `scape.` namespace … reserved" (a namespace is the part before the dot)',
  }),
  typeGrammar: rule({
    id: 'names.type.grammar',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'Definition `type` characters and length',
    bound: 'any characters, any length',
    was: '`^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$`, at most 64 characters',
    source: 'the docs state the namespace, not a character set, case or length; `My-Game.Counter` or a long namespace is harmless',
  }),
  typeSpace: rule({
    id: 'names.type.space',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Definition `type` whitespace',
    bound: 'no whitespace or control characters',
    source: 'the docs are silent; an identifier with a space, tab or line break is almost certainly a label typed in the wrong field',
  }),
  version: rule({
    id: 'names.version',
    class: 'doc',
    section: S,
    item: 'Definition `version` (and an envelope\'s or configuration\'s)',
    bound: 'a positive integer',
    source: 'Projects, state and actions: "A state version is a positive integer"',
  }),
  versionSafe: rule({
    id: 'names.version.safe',
    class: 'cost',
    section: S,
    item: 'Definition `version` size',
    bound: 'at most 9,007,199,254,740,991 (`Number.MAX_SAFE_INTEGER`)',
    source: 'larger integers are not exact as JSON numbers (2^53 and 2^53 + 1 are one number), and the toolchain and host keep versions as 64-bit integers',
  }),
  emojiGrammar: rule({
    id: 'names.emoji.grammar',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'Emoji grammar (a definition\'s `emoji`, burst `particleEmojis`)',
    bound: 'any string',
    was: '1–16 UTF-16 units, no letters, spaces or control characters, one character ≥ U+00A9',
    source: 'the docs name no emoji grammar, and the SDK carries no Unicode tables to check one; long ZWJ sequences and new emojis must not be refused. Uniqueness and the reserved built-ins are the doc rules (catalog.unique.emoji, catalog.reserved.emoji)',
  }),
  emojiText: rule({
    id: 'names.emoji.text',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Emoji that is plain text',
    bound: 'not empty; no ASCII letters, whitespace or control characters; some character beyond ASCII',
    source: 'the docs are silent; no emoji is empty, contains an ASCII letter or a space, or is ASCII only, so `"lamp"` or `""` is almost certainly a mistake (the palette would show it as text)',
  }),
  keyGrammar: rule({
    id: 'names.key.grammar',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'Action, preview, field, control and sound names',
    bound: 'any string',
    was: '`^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,63}$`',
    source: 'the docs give names no grammar (`Record<string, …>`, `id: string`); `"F#4"` or `"set color"` is harmless',
  }),
  keyEmpty: rule({
    id: 'names.key.empty',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Empty action, preview, field, control or sound name',
    bound: 'not empty',
    source: 'the docs are silent; an empty name is almost certainly a mistake (a missing id or a template placeholder)',
  }),
};

const R = NAMES_RULES;

/**
 * Names authors choose (action and preview names, view field and control ids, state field names
 * in configuration/editors, sound names): any string; an empty one is a warning.
 */
export function keyProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string') return fail(TYPE_RULES.string, path, 'must be a string (a name)', value);
  if (value.length === 0) return fail(R.keyEmpty, path, 'is an empty name (almost certainly a missing id)', value);
  return null;
}

// Whitespace and control characters, written as explicit ranges (regex property escapes
// misbehave in goja): C0 and space, DEL, C1 and no-break space, the Unicode spaces, separators
// and the BOM.
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Namespaced: `namespace.name`, dot-separated segments, at least two, none empty. */
function namespaced(value: string): boolean {
  const dot = value.indexOf('.');
  if (dot <= 0 || value.charCodeAt(value.length - 1) === 0x2e) return false;
  return value.indexOf('..') < 0;
}

/** A definition type: namespaced (the doc rule); whitespace in it is a warning. */
export function typeProblem(value: unknown, path: string): Problem {
  const text = 'must be a namespaced type like "my-game.counter" (a namespace, a dot and a name, no empty segment)';
  if (typeof value !== 'string') return fail(TYPE_RULES.string, path, text, value);
  if (!namespaced(value)) return fail(R.type, path, text, value);
  if (SPACE_OR_CONTROL.test(value)) return fail(R.typeSpace, path, 'contains whitespace or control characters (a type is an identifier, not a label)', value);
  return null;
}

/** A definition version (and an envelope's or configuration's): a positive integer, kept exactly. */
export function versionProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return fail(R.version, path, 'must be a positive integer', value);
  if (value > VERSION_MAX) return fail(R.versionSafe, path, 'must be at most 9,007,199,254,740,991 (larger integers are not exact)', value);
  return null;
}

const TEXT_IN_EMOJI = /[\u0000-\u0020\u007f-\u00a0A-Za-z\u2028\u2029]/;
const BEYOND_ASCII = /[\u00a9-\uffff]/;

/**
 * An emoji (a definition's identity, a burst particle): any string. One that cannot be an emoji
 * (empty, with ASCII letters, whitespace or control characters, or ASCII only) is a warning; the
 * SDK carries no Unicode tables, and hosts render whatever glyph the platform has.
 */
export function emojiProblem(value: unknown, path: string): Problem {
  const found = stringValue(value, path);
  if (found) return found;
  const text = value as string;
  if (text.length === 0 || TEXT_IN_EMOJI.test(text) || !BEYOND_ASCII.test(text))
    return fail(R.emojiText, path, 'does not look like an emoji (it is empty, has letters, spaces or control characters, or is ASCII only), so it shows as text', value);
  return null;
}

/** Emoji identity for uniqueness: variation selectors (U+FE0E, U+FE0F) do not make a new emoji. */
export function emojiKey(emoji: string): string {
  // Most emojis carry no selector: skip the regex replace (slow in goja, run per definition).
  if (emoji.indexOf('\ufe0f') < 0 && emoji.indexOf('\ufe0e') < 0) return emoji;
  return emoji.replace(/[\ufe0e\ufe0f]/g, '');
}
