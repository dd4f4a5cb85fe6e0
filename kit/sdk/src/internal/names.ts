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
  typeInvisible: rule({
    id: 'names.type.invisible',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Definition `type` invisible characters',
    bound: 'none (zero-width characters, bidi controls, variation selectors, tags, the soft hyphen: Unicode\'s default-ignorable characters)',
    source: 'the docs are silent; an identifier with a character no one can see reads as another type (`my-game.lamp` and `my-game\\u200b.lamp` look the same in every list and log), almost certainly a paste accident or a look-alike',
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
  const plain = withoutInvisibles(value);
  if (plain !== value) return fail(R.typeInvisible, path, `contains invisible characters: ${quotedVisibly(value)} reads ${JSON.stringify(plain)} (a type is an identifier: it looks like another one)`, value);
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

/*
 * Invisible characters: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), the
 * characters a renderer shows as nothing: the soft hyphen U+00AD, the combining grapheme joiner
 * U+034F, the Arabic letter mark U+061C, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the
 * Khmer inherent vowels U+17B4–U+17B5, the Mongolian selectors U+180B–U+180F, zero-width
 * characters and bidi marks U+200B–U+200F, bidi embeddings and overrides U+202A–U+202E, the word
 * joiner, invisible operators and bidi isolates U+2060–U+206F, variation selectors U+FE00–U+FE0F,
 * the byte order mark U+FEFF, U+FFF0–U+FFF8, the shorthand format controls U+1BCA0–U+1BCA3, the
 * musical format controls U+1D173–U+1D17A, and tags and supplementary variation selectors
 * U+E0000–U+E0FFF. Written as comparisons over UTF-16 units, not a regex: property escapes
 * misbehave in goja, and this runs for every definition's type and emoji.
 */

/** The length in UTF-16 units (1, or 2 for a pair) of the invisible character at s[i], or 0. */
function invisibleAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xad) return 0; // ASCII and Latin-1 up to the soft hyphen: the common case
  if (c < 0xd800) {
    return c === 0xad || c === 0x34f || c === 0x61c || c === 0x115f || c === 0x1160 || c === 0x17b4 || c === 0x17b5 ||
      (c >= 0x180b && c <= 0x180f) || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) || c === 0x3164
      ? 1
      : 0;
  }
  if (c <= 0xdbff) {
    const d = s.charCodeAt(i + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) return 0;
    const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
    return (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff) ? 2 : 0;
  }
  return (c >= 0xfe00 && c <= 0xfe0f) || c === 0xfeff || c === 0xffa0 || (c >= 0xfff0 && c <= 0xfff8) ? 1 : 0;
}

/** True for the joiner and the tag characters, which build one emoji of several (👩‍💻, 🏴󠁧󠁢󠁳󠁣󠁴󠁿). */
function buildsEmoji(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c === 0x200d || (c === 0xdb40 && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdc7f);
}

/** s without the invisible characters `drop(s, i)` accepts; s itself when it has none. */
function withoutSome(s: string, drop: (s: string, i: number) => boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; ) {
    const n = invisibleAt(s, i);
    if (n === 0 || !drop(s, i)) {
      i += n === 0 ? 1 : n;
      continue;
    }
    out += s.slice(from, i);
    i += n;
    from = i;
  }
  return from === 0 ? s : out + s.slice(from);
}

const ALL = (): boolean => true;

/**
 * s without its invisible characters: what a reader sees. The reserved identities are compared
 * this way on both sides (`scape\u200b.piano` is `scape.piano`, `🎹\u200b` and `🎹\ufe0f` are 🎹),
 * and so are types for uniqueness.
 */
export function withoutInvisibles(s: string): string {
  return withoutSome(s, ALL);
}

/**
 * s quoted as JSON with its invisible characters written as escapes, for messages:
 * `"scape\u200b.piano"`, `"🎹\u{e0041}"` (JSON.stringify leaves them raw, so a message would
 * show the value as the look-alike it is).
 */
export function quotedVisibly(s: string): string {
  const text = JSON.stringify(s);
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const n = invisibleAt(text, i);
    if (n === 0) {
      i++;
      continue;
    }
    const cp = n === 2 ? (text.charCodeAt(i) - 0xd800) * 0x400 + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000 : text.charCodeAt(i);
    out += text.slice(from, i) + (n === 2 ? `\\u{${cp.toString(16)}}` : `\\u${('000' + cp.toString(16)).slice(-4)}`);
    i += n;
    from = i;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * ` once its invisible characters are removed ("scape\u200b.piano" reads "scape.piano")` when a
 * reserved identity was written with invisible characters, else ''. For an `emoji`, variation
 * selectors alone (🪧️ for 🪧) are its presentation, not worth a word.
 */
export function invisibleNote(value: string, plain: string, emoji: boolean): string {
  if (value === plain) return '';
  if (emoji && withoutSome(value, (s, i) => s.charCodeAt(i) === 0xfe0e || s.charCodeAt(i) === 0xfe0f) === plain) return '';
  return ` once its invisible characters are removed (${quotedVisibly(value)} reads ${JSON.stringify(plain)})`;
}

/**
 * Emoji identity for uniqueness and lookup: invisible characters do not make a new emoji (🗳 and
 * 🗳️ are one, and so are 🎸 and 🎸 followed by a zero-width space), except the joiner and the tag
 * characters, which build another one (👩‍💻 is not 👩💻; the flags of England and Scotland are
 * not 🏴).
 */
export function emojiKey(emoji: string): string {
  return withoutSome(emoji, (s, i) => !buildsEmoji(s, i));
}
