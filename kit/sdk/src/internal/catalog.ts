/**
 * The catalog rules: everything the registry checks about a list of definitions, in one place.
 * The ObjectRegistry constructor, `reset` and `fork` use it, and the Go toolchain calls
 * `catalogProblems` directly to report every definition's first problem at once.
 *
 * A definition is checked statically first (shape, identity, static recipes), then through its
 * initial state: initial() must be valid JSON of at most 32 KiB that valid() accepts, and every
 * state-derived output of that state must be valid (view for an editor and for a participant,
 * sounds/soundBank, lighting linked and unlinked, step for a walk and a push, push, travel,
 * navigation, sprite, world text, audio, animate, sequence). Author code runs only through
 * callAuthor; a callback that throws becomes a problem naming it.
 *
 * CATALOG_RULES are what the docs state about a definition as a whole (unique types and emojis,
 * the reserved identities, soundBank as the alternative to static sounds, spin, an initial state
 * that passes valid(), editor fields of that state). The former guesses are kept there as a
 * record: label and hint lengths and characters, action and preview counts are dropped; an empty
 * label, a `Scape.` type and the emojis a built-in may use (🛤️, 🌀) are warnings.
 */
import { API_RULES, definedAt, PROJECT_OBJECT_LIMIT, type ObjectDefinition } from '../api.js';
import { ambienceCompositionProblem, ambienceProblem, audioTimelineProblem, soundsProblem } from '../audio.js';
import { configurationProblem } from '../configuration.js';
import { glowProblem } from '../glow.js';
import { lightProblem } from '../light.js';
import { lightingProblem } from '../lighting.js';
import { checkedNavigation, worldDestinationProblem, worldEditorProblem } from '../navigation.js';
import { presentationProblem, timelineProblem } from '../presentation.js';
import { checkedPush, pushWalkableProblem } from '../push.js';
import { areaRemovalProblem, checkedReaction, interactionProblem } from '../reaction.js';
import { sequenceStepProblem } from '../sequence.js';
import { spriteProblem } from '../sprite.js';
import { stepProbeProblem } from '../step.js';
import { textEditorProblem, worldTextProblem, worldTextRangeProblem } from '../text.js';
import { checkedTravel, linkProblem } from '../travel.js';
import { viewProblem } from '../view.js';
import { callAuthor, thrownRule, thrownStack } from './call.js';
import { booleanValue, fieldPath, fieldSet, formatNumber, isPlainObject, knownKeys, numberIn, oneOf, optional, requiredKeys, stringValue, type Problem } from './checks.js';
import { JSON_RULES, jsonProblem } from './json.js';
import { boundsProblem, RESULT_BYTE_BOUND } from './bounds.js';
import { emojiKey, emojiProblem, invisibleNote, keyProblem, typeProblem, versionProblem, withoutInvisibles } from './names.js';
import { GizmoProblem, joinPath, problem, reworded } from './problem.js';
import { collectWarnings, fail, recordWarning, rule, TYPE_RULES, type Rule } from './rules.js';
import { declaredActionProblem } from './references.js';
import { definitionSounds, effectResultProblem } from './sounds.js';
import { asyncCallbackProblem, pendingResultProblem, REACTION_REASON, REDUCER_REASON } from './synchronous.js';

/** One problem, located: which definition (index -1 for the project), where, what, and why. */
export interface CatalogProblem {
  index: number /* -1 for project-level */;
  type?: string;
  emoji?: string;
  label?: string;
  /** The author callback whose result (or throw) is the problem: 'initial', 'view', 'lighting'… */
  callback?: string;
  path: string;
  value: unknown;
  message: string;
  /** The stack defineObject recorded (maps to the TypeScript file:line through the source map). */
  definedAt?: string;
  /** The id of the rule broken (internal/rules.ts); absent for a thrown callback. */
  rule?: string;
  /** Set for a warning (a guess rule that reports): it never makes the catalog invalid. */
  severity?: 'warning';
}

export interface CatalogOptions {
  /**
   * Trusted bundled catalogs only: check the project-wide rules per definition (a duplicate
   * disables the later definition) and skip the 16-definition project limit.
   */
  isolateInvalidDefinitions?: boolean;
  /**
   * Trusted host catalogs of built-ins only: allow the reserved `scape.` namespace and the built-in
   * emojis. Uploaded projects never set this; they may still use the bundled examples' identities.
   */
  allowReservedIdentities?: boolean;
  /** Definitions already installed (fork): new types and emojis must not collide with them. */
  existing?: readonly { type: string; emoji: string; label?: string }[];
}

/**
 * The emoji of each built-in interactive Gizmo the docs name, where the built-in's name is an
 * emoji's name: Dice 🎲, Sign 🪧 (placard), Mushroom 🍄, Fire 🔥, Disco 🪩 (mirror ball), Piano 🎹
 * (musical keyboard), Bomb 💣. Reserved for the host's own catalog.
 */
export const RESERVED_EMOJIS: readonly string[] = ['🎲', '🪧', '🍄', '🔥', '🪩', '🎹', '💣'];
/** Conveyor and Portal are built-ins too, but no emoji bears their name: these are guesses (a warning). */
export const GUESSED_RESERVED_EMOJIS: Readonly<Record<string, string>> = { '🛤️': 'Conveyor', '🌀': 'Portal' };
// The reserved emojis are compared with every invisible character removed, on both sides: 🎹
// followed by a zero-width space, a variation selector or a tag is still the piano's emoji to
// anyone who sees it. (An emoji that joins a reserved one to another, ❤️‍🔥, is another emoji.)
const RESERVED_EMOJI_KEYS: ReadonlySet<string> = new Set(RESERVED_EMOJIS.map(withoutInvisibles));
const GUESSED_EMOJI_KEYS: ReadonlyMap<string, string> = new Map(Object.keys(GUESSED_RESERVED_EMOJIS).map((e) => [withoutInvisibles(e), GUESSED_RESERVED_EMOJIS[e]]));
/** The bundled examples that keep their `scape.` identities (type and emoji together). */
export const BUNDLED_IDENTITIES: Readonly<Record<string, string>> = { 'scape.counter': '🔢', 'scape.voting-booth': '🗳️' };
export const RESERVED_NAMESPACE = 'scape.';

export const OBJECT_STATE_BYTE_LIMIT = 32768;
export const SPIN_MAX = 4;

const S = 'Definitions, state and actions';
const RESERVED_SOURCE =
  'Build your first Gizmo: "Use your own namespace and a unique emoji for a new definition. The `scape.` namespace and built-in interactive emojis are reserved; bundled examples may retain their existing identities on compatible hosts"';
const BUILT_INS =
  'Examples: "Scape\'s built-in Gizmos use the same SDK. Dice …; Sign …; Mushroom and Fire …; Disco …; Conveyor …; Piano …; Bomb …; Portal …"';

/** The catalog's rules: identity, the definition's own fields, and the checks of its initial state. */
export const CATALOG_RULES = {
  uniqueType: rule({ id: 'catalog.unique.type', class: 'doc', section: S, item: 'Types in a project (or against an installed catalog)', bound: 'unique, compared without invisible characters (`t.a` and `t.a` with a zero-width space are one type)', source: 'Projects, state and actions: "Types and emojis must be unique within a project"; Limits and compatibility: "Definitions per project | 16; unique types and emojis"' }),
  uniqueEmoji: rule({
    id: 'catalog.unique.emoji',
    class: 'doc',
    section: S,
    item: 'Emojis in a project (or against an installed catalog)',
    bound: 'unique, compared without invisible characters other than the joiner and tags that build an emoji: 🗳 and 🗳️ are one emoji, and so are 🎸 and 🎸 with a zero-width space; 👩‍💻 and 👩💻 are two',
    source: 'Projects, state and actions: "Types and emojis must be unique within a project" (a variation selector only chooses text or emoji presentation of the same emoji; a zero-width or bidi character changes nothing a reader sees)',
  }),
  reservedNamespace: rule({
    id: 'catalog.reserved.namespace',
    class: 'doc',
    section: S,
    item: 'Reserved types',
    bound: '`scape.*` once invisible characters (zero-width, bidi controls, variation selectors, tags, the soft hyphen) are removed, except the bundled examples `scape.counter` 🔢 and `scape.voting-booth` 🗳️ (type and emoji together, the type written exactly); a host\'s own catalog (`allowReservedIdentities`) may use them',
    source: RESERVED_SOURCE,
  }),
  reservedNamespaceCase: rule({
    id: 'catalog.reserved.namespace.case',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Types in the reserved namespace in other letter case (`Scape.dice`)',
    bound: 'not `scape.` in any case',
    source: 'the docs reserve `scape.`; `Scape.` is another namespace, but it looks like the reserved one to every reader, almost certainly a mistake',
  }),
  reservedEmoji: rule({
    id: 'catalog.reserved.emoji',
    class: 'doc',
    section: S,
    item: 'Reserved emojis',
    bound: '🎲 dice, 🪧 sign, 🍄 mushroom, 🔥 fire, 🪩 disco, 🎹 piano, 💣 bomb (compared with every invisible character removed: variation selectors, zero-width characters and joiners, bidi controls, tags)',
    source: `${RESERVED_SOURCE}; ${BUILT_INS} (the built-ins whose name is an emoji's name)`,
  }),
  guessedReservedEmoji: rule({
    id: 'catalog.reserved.emoji.guessed',
    class: 'guess',
    treatment: 'warning',
    section: S,
    item: 'Emojis a built-in may use: 🛤️ (Conveyor), 🌀 (Portal)',
    bound: 'not used',
    was: 'refused, with 🚪 (door, which the docs do not name as a built-in)',
    source: `${BUILT_INS}: no emoji bears the name Conveyor or Portal, so which one they use is a guess; a host that reserves it refuses the upload, so the build says so`,
  }),
  label: rule({ id: 'catalog.label', class: 'guess', treatment: 'dropped', section: S, item: 'Definition `label` length and characters', bound: 'any string', was: '1–60 characters, no control characters', source: 'the docs give no length ("Keep labels concise" is advice); a 70-character label is harmless, and the host lays out what it shows' }),
  labelEmpty: rule({ id: 'catalog.label.empty', class: 'guess', treatment: 'warning', section: S, item: 'Empty definition `label`', bound: 'not empty', source: 'the docs are silent; a Gizmo without a label has no name in the palette or for a screen reader, almost certainly a mistake' }),
  hint: rule({ id: 'catalog.hint', class: 'guess', treatment: 'dropped', section: S, item: 'Definition `hint` length and characters', bound: 'any string (empty allowed)', was: '0–240 characters, no control characters', source: 'the docs give no length; a 300-character hint or a line break is harmless' }),
  handlers: rule({ id: 'catalog.handlers.count', class: 'guess', treatment: 'dropped', section: S, item: 'Actions / previews per definition', bound: 'any number', was: '64 / 32', source: 'the docs give no count; the catalog\'s react probe is bounded by the host\'s deadline, not by a count' }),
  soundBankSounds: rule({
    id: 'catalog.soundBank.sounds',
    class: 'doc',
    section: S,
    item: '`soundBank` with static `sounds`',
    bound: 'not both (`soundBank` with `ambience`: audio.ts\'s rule)',
    source: 'Sound and lighting: "It is an alternative to static `sounds` and cannot be combined with static ambience"; ObjectDefinition.soundBank: "Alternative to static sounds"',
  }),
  spin: rule({ id: 'catalog.spin', class: 'doc', section: S, item: 'Decorative `spin`', min: -SPIN_MAX, max: SPIN_MAX, unit: 'radians per second', source: 'Limits and compatibility: "Decorative spin | −4 to 4 radians per second"' }),
  initialValid: rule({
    id: 'catalog.initial.valid',
    class: 'doc',
    section: S,
    item: '`initial()`',
    bound: 'passes `valid()`',
    source: 'Projects, state and actions: "A placed instance combines one definition with its own identity and validated state"; "`valid(value)` must verify every field and bound"',
  }),
  textEditorField: rule({
    id: 'catalog.textEditor.field',
    class: 'doc',
    section: 'Text',
    item: '`textEditor.field`',
    bound: 'a key of the initial state holding a string',
    source: 'Controls and configuration: "`textEditor` reuses the host\'s anchored editor for one string field"; GizmoTextEditor: "A single text field"',
  }),
  worldEditorField: rule({
    id: 'catalog.worldEditor.field',
    class: 'doc',
    section: 'Navigation',
    item: '`worldEditor.field`',
    bound: 'a key of the initial state holding a world destination `{ id, name }` or null',
    source: 'GizmoWorldEditor: "Host-owned world picker. The selected destination or null is submitted to an editor action"',
  }),
};

const R = CATALOG_RULES;

export const DEFINITION_KEYS = [
  'type', 'version', 'emoji', 'label', 'hint', 'initial', 'valid', 'actions', 'interaction', 'areaRemoval', 'react', 'view',
  'editPolicy', 'textEditor', 'worldEditor', 'worldTextRange', 'navigate', 'configuration', 'worldText', 'presentation',
  'sprite', 'sounds', 'soundBank', 'previews', 'audio', 'ambience', 'sequence', 'glow', 'light', 'lighting', 'walkable',
  'link', 'travel', 'spin', 'push', 'step', 'animate',
] as const;
const REQUIRED_KEYS = ['type', 'version', 'emoji', 'label', 'hint', 'initial', 'valid', 'actions'];
const CALLBACK_SIGNATURES: Record<string, string> = {
  initial: '() => state',
  valid: '(state) => boolean',
  react: '(state, previous, action, context) => GizmoReaction | null',
  view: '(state, viewer) => ObjectView',
  navigate: '(state) => GizmoNavigation | null',
  worldText: '(state) => string',
  sprite: '(state) => GizmoSpriteRecipe',
  soundBank: '(state) => GizmoSounds',
  audio: '(state, previous) => GizmoAudioTimeline | null',
  sequence: '(context) => GizmoSequenceStep',
  lighting: '(state, environment) => GizmoLightingState',
  travel: '(state) => GizmoTravel | null',
  push: '(state) => GizmoPush | null',
  step: '(state, event) => GizmoStepEffects | null',
  animate: '(state, previous) => GizmoTimeline',
};

/** A problem whose text is just `path: message` (a thrown error has no "got" value). */
export class ThrownProblem extends GizmoProblem {
  /** The thrown error's stack (call.ts thrownStack): the toolchain places the problem at its top author frame. */
  readonly thrownAt: string;
  constructor(path: string, message: string, err: unknown) {
    super(path, message, undefined);
    this.thrownAt = thrownStack(err);
  }
  toString(): string {
    return `${this.path ? `${this.path}: ` : ''}${this.message}`;
  }
}

/** Found problem plus the callback it came from. */
export interface Located {
  problem: GizmoProblem;
  callback?: string;
}

/** Runs one author-facing check; a throw from author code becomes a problem naming `callback`. */
export function guarded(callback: string, check: () => Problem): Located | null {
  try {
    const found = check();
    return found ? { problem: found, callback } : null;
  } catch (err) {
    return { problem: new ThrownProblem(callback, thrownRule(err), err), callback };
  }
}

const DEFINITION_KEY_SET = fieldSet(DEFINITION_KEYS);
const CALLBACK_NAMES = Object.keys(CALLBACK_SIGNATURES);
const ACTION_PERMISSIONS = ['participant', 'editor', 'remover'];
const PREVIEW_PERMISSIONS = ['participant', 'editor'];
const EDIT_POLICIES = ['placer', 'placer-admin'];
const HANDLER_KEYS = ['permission', 'run'];

// A plain `if` chain (not `first(...)`): it runs for every definition of every build, and each
// closure is an allocation in goja. The order is the order of the messages.
function staticProblem(def: Record<string, unknown>, options: CatalogOptions): Problem {
  let found: Problem;
  if ((found = knownKeys(def, '', DEFINITION_KEY_SET))) return found;
  if ((found = requiredKeys(def, '', REQUIRED_KEYS))) return found;
  if ((found = typeProblem(def.type, 'type'))) return found;
  if ((found = reservedTypeProblem(def, options))) return found;
  if ((found = versionProblem(def.version, 'version'))) return found;
  if ((found = emojiProblem(def.emoji, 'emoji'))) return found;
  if ((found = reservedEmojiProblem(def, options))) return found;
  if ((found = stringValue(def.label, 'label'))) return found;
  if (def.label === '' && (found = fail(R.labelEmpty, 'label', 'is empty, so the Gizmo has no name in the palette or for a screen reader', def.label))) return found;
  if ((found = stringValue(def.hint, 'hint'))) return found;
  for (let i = 0; i < CALLBACK_NAMES.length; i++) {
    const key = CALLBACK_NAMES[i];
    if (def[key] !== undefined && typeof def[key] !== 'function') return fail(TYPE_RULES.function, key, `must be a function ${CALLBACK_SIGNATURES[key]}`, def[key]);
  }
  if ((found = handlersProblem(def.actions, 'actions', ACTION_PERMISSIONS))) return found;
  if ((found = synchronousProblem(def))) return found;
  if (def.previews !== undefined && (found = handlersProblem(def.previews, 'previews', PREVIEW_PERMISSIONS))) return found;
  const withActions = def as Pick<ObjectDefinition, 'actions'>;
  if (def.interaction !== undefined && (found = interactionProblem(def.interaction, withActions, 'interaction'))) return found;
  if (def.areaRemoval !== undefined && (found = areaRemovalProblem(def.areaRemoval, 'areaRemoval'))) return found;
  if (def.editPolicy !== undefined && (found = oneOf(def.editPolicy, 'editPolicy', EDIT_POLICIES))) return found;
  if (def.textEditor !== undefined && (found = textEditorProblem(def.textEditor, 'textEditor', withActions))) return found;
  if (def.worldEditor !== undefined && (found = worldEditorProblem(def.worldEditor, 'worldEditor', withActions))) return found;
  if (def.worldTextRange !== undefined && (found = worldTextRangeProblem(def.worldTextRange, 'worldTextRange'))) return found;
  if (def.configuration !== undefined && (found = configurationProblem(def.configuration, 'configuration', withActions))) return found;
  if (def.presentation !== undefined) {
    if ((found = presentationProblem(def.presentation, 'presentation'))) return found;
    const tap = (def.presentation as { tap?: { name?: unknown } }).tap;
    if (isPlainObject(tap) && (found = declaredActionProblem(tap.name, 'presentation.tap.name', def))) return found;
  }
  if (def.sounds !== undefined && (found = soundsProblem(def.sounds, 'sounds'))) return found;
  if (def.soundBank !== undefined && def.sounds !== undefined) return fail(R.soundBankSounds, 'soundBank', 'must not be combined with static sounds (declare one or the other)', def.soundBank);
  // How ambience composes with soundBank and sequence is audio.ts's rule; before the ambience's own
  // shape, since with a soundBank there are no static sounds for it to name.
  if ((found = ambienceCompositionProblem(def))) return found;
  if (def.ambience !== undefined && (found = ambienceProblem(def.ambience, isPlainObject(def.sounds) ? def.sounds : {}, 'ambience'))) return found;
  if (def.light !== undefined && (found = lightProblem(def.light, 'light'))) return found;
  if (def.glow !== undefined && (found = glowProblem(def.glow, 'glow'))) return found;
  if (def.walkable !== undefined && (found = booleanValue(def.walkable, 'walkable'))) return found;
  if (def.link !== undefined && (found = linkProblem(def.link, 'link'))) return found;
  if (def.spin !== undefined && (found = numberIn(def.spin, 'spin', R.spin))) return found;
  if (def.push !== undefined && (found = pushWalkableProblem(def))) return found;
  return null;
}

// The reserved namespace is judged on the type as a reader sees it, without its invisible
// characters: `scape\u200b.piano` would otherwise pass as another namespace while every list,
// log and palette shows `scape.piano`. The message shows the invisible characters as escapes.
function reservedTypeProblem(def: Record<string, unknown>, options: CatalogOptions): Problem {
  const type = def.type as string;
  if (options.allowReservedIdentities) return null;
  const seen = withoutInvisibles(type);
  const hidden = invisibleNote(type, seen, false);
  if (!seen.startsWith(RESERVED_NAMESPACE)) {
    if (seen.slice(0, RESERVED_NAMESPACE.length).toLowerCase() === RESERVED_NAMESPACE)
      return fail(R.reservedNamespaceCase, 'type', `looks like the reserved "scape." namespace in other letter case${hidden} (choose your own, like "my-game.counter")`, type);
    return null;
  }
  // A bundled example keeps its identity as written: a look-alike of its type is not it.
  const bundled = seen === type ? BUNDLED_IDENTITIES[type] : undefined;
  if (bundled !== undefined && typeof def.emoji === 'string' && emojiKey(def.emoji) === emojiKey(bundled)) return null;
  if (bundled !== undefined) return fail(R.reservedNamespace, 'type', `is the bundled example's identity and keeps its emoji ${bundled}`, type);
  return fail(R.reservedNamespace, 'type', `uses the reserved "scape." namespace${hidden} (choose your own, like "my-game.counter")`, type);
}

function reservedEmojiProblem(def: Record<string, unknown>, options: CatalogOptions): Problem {
  if (options.allowReservedIdentities) return null;
  const emoji = def.emoji as string;
  const seen = withoutInvisibles(emoji);
  if (RESERVED_EMOJI_KEYS.has(seen)) return fail(R.reservedEmoji, 'emoji', `is reserved for a built-in Gizmo${invisibleNote(emoji, seen, true)} (choose another emoji)`, emoji);
  const builtIn = GUESSED_EMOJI_KEYS.get(seen);
  if (builtIn !== undefined)
    return fail(R.guessedReservedEmoji, 'emoji', `may be the emoji of the built-in ${builtIn}, which hosts reserve${invisibleNote(emoji, seen, true)} (choose another emoji to be safe)`, emoji);
  return null;
}

/** "Reducers are synchronous" (spec, Actions); react returns `GizmoReaction | null` (its type). */
function synchronousProblem(def: Record<string, unknown>): Problem {
  const actions = def.actions as Record<string, { run: unknown }>;
  const names = Object.keys(actions);
  let found: Problem;
  for (let i = 0; i < names.length; i++) if ((found = asyncCallbackProblem(actions[names[i]].run, fieldPath(joinPath('actions', names[i]), 'run'), REDUCER_REASON))) return found;
  return asyncCallbackProblem(def.react, 'react', REACTION_REASON);
}

function handlersProblem(value: unknown, path: string, permissions: string[]): Problem {
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be an object of named handlers', value);
  const names = Object.keys(value);
  let found: Problem;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const at = joinPath(path, name);
    if ((found = keyProblem(name, at))) return found;
    const handler = value[name];
    if ((found = knownKeys(handler, at, HANDLER_KEYS))) return found;
    const h = handler as Record<string, unknown>;
    if ((found = requiredKeys(h, at, HANDLER_KEYS))) return found;
    if ((found = oneOf(h.permission, fieldPath(at, 'permission'), permissions))) return found;
    if (typeof h.run !== 'function') return fail(TYPE_RULES.function, fieldPath(at, 'run'), 'must be a function (state, payload, context) => state', h.run);
  }
  return null;
}


const EDITOR_VIEWER = { actorId: 'catalog-editor', canEdit: true };
const PARTICIPANT_VIEWER = { actorId: 'catalog-participant', canEdit: false };

/** One named check of a state: the callback it runs (for a thrown error) and the check. */
export type StateCheck = [callback: string, check: () => Problem];

/** The viewers the catalog renders the initial state's view for. */
export const CATALOG_VIEWERS: readonly { viewer: { actorId: string; canEdit: boolean }; who: string }[] = [
  { viewer: EDITOR_VIEWER, who: 'an editor' },
  { viewer: PARTICIPANT_VIEWER, who: 'a participant' },
];

/**
 * The checks of one state's derived outputs, shared by the initial state (the catalog) and every
 * state exploration reaches (internal/explore.ts): configuration and the editors' fields, the
 * views, the sound bank,
 * lighting linked and unlinked, step for a walk and a push, push, travel, navigation, sprite,
 * world text, the audio timeline and animate from `previous`. `copy` and `previous` return a
 * fresh copy of each state per call. Run in order; each check returns its first problem.
 * `initial` is the catalog's full set; without it (an explored state) the views are left to the
 * explorer, which renders them for its own viewers, and lighting is asked for `linked: true`
 * only when the definition has a link.
 */
export function stateChecks(d: ObjectDefinition, copy: () => unknown, previous: () => unknown, initial: boolean, outputs?: OutputChecks): StateCheck[] {
  const checks: StateCheck[] = [
    ['configuration', () => optional(d.configuration, () => configurationProblem(d.configuration, 'configuration', d, copy()))],
    ['textEditor', () => optional(d.textEditor, () => stringFieldProblem(d.textEditor!.field, 'textEditor.field', copy()))],
    ['worldEditor', () => optional(d.worldEditor, () => destinationFieldProblem(d.worldEditor!.field, 'worldEditor.field', copy()))],
  ];
  if (initial) for (const { viewer, who } of CATALOG_VIEWERS) checks.push(['view', () => viewCheck(d, copy(), viewer, who)]);
  checks.push(
    ['soundBank', () => definitionSounds(d, copy()).problem],
    ['lighting', () => lightingCheck(d, copy(), false, outputs)],
  );
  // A definition without a link is never linked: only the catalog asks for both anyway.
  if (initial || d.link !== undefined) checks.push(['lighting', () => lightingCheck(d, copy(), true, outputs)]);
  checks.push(
    ['step', () => stepProbeProblem(d, copy())],
    ['push', () => (typeof d.push === 'function' ? checkedPush(d, callAuthor(d, 'push', d.push, copy())) : null)],
    ['travel', () => (typeof d.travel === 'function' ? checkedTravel(d, copy(), callAuthor(d, 'travel', d.travel, copy())) : null)],
    ['navigate', () => (typeof d.navigate === 'function' ? checkedNavigation(d, copy(), callAuthor(d, 'navigate', d.navigate, copy())) : null)],
    ['sprite', () => (typeof d.sprite === 'function' ? rememberedResultProblem(callAuthor(d, 'sprite', d.sprite, copy()), 'sprite', spriteProblem, outputs) : null)],
    ['worldText', () => (typeof d.worldText === 'function' ? worldTextProblem(callAuthor(d, 'worldText', d.worldText, copy()), 'worldText') : null)],
    ['audio', () => audioCheck(d, copy(), previous())],
    ['animate', () => (typeof d.animate === 'function' ? resultProblem(callAuthor(d, 'animate', d.animate, copy(), previous()), 'animate', timelineProblem) : null)],
  );
  return checks;
}

/** Checks of the initial state and everything derived from it. */
function stateProblem(d: ObjectDefinition): Located | null {
  let state: unknown;
  const init = guarded('initial', () => {
    state = callAuthor(d, 'initial', d.initial);
    return boundsProblem(state, 'initial()', OBJECT_STATE_BYTE_LIMIT, '32 KiB') ?? jsonProblem(state, 'initial()', JSON_RULES.stateBytes);
  });
  if (init) return init;
  // Each callback gets its own copy (a callback mutating its argument must not change what the
  // next one sees); the state is serialised once for all of them.
  const stateText = JSON.stringify(state);
  const copy = () => JSON.parse(stateText) as unknown;
  const checks: StateCheck[] = [
    ['valid', () => (callAuthor(d, 'valid', d.valid, copy()) === true ? null : fail(R.initialValid, 'initial()', 'must pass valid() (valid returned false for the initial state)', state))],
    ...stateChecks(d, copy, copy, true),
    [
      'sequence',
      () =>
        typeof d.sequence === 'function'
          ? resultProblem(callAuthor(d, 'sequence', d.sequence, { step: 0, sources: [{ x: 0, y: 0, gain: 1, pan: 0 }] }), 'sequence', (v, p) => sequenceStepProblem(v, 1, p))
          : null,
    ],
    ['react', () => reactProbeProblem(d, copy)],
  ];
  for (let i = 0; i < checks.length; i++) {
    const found = guarded(checks[i][0], checks[i][1]);
    if (found) return found;
  }
  return null;
}

/**
 * react needs an accepted action, which registration does not have; no action is invented. The
 * probe calls `react(initial, initial, { name, payload: {} }, { now: 0 })` for each declared
 * action, in declaration order. A throw is not a problem (the payload is synthetic: a react that
 * reads payload fields may fairly throw on it); a returned reaction is checked as the registry
 * checks it after an action, and the first invalid one is the problem, at
 * `react(action "name").field`. A runaway react is still stopped by the host's deadline.
 */
function reactProbeProblem(d: ObjectDefinition, copy: () => unknown): Problem {
  if (typeof d.react !== 'function' || !isPlainObject(d.actions)) return null;
  const names = Object.keys(d.actions);
  for (let i = 0; i < names.length; i++) {
    const state = copy();
    let result: unknown;
    try {
      result = callAuthor(d, 'react', d.react, state, copy(), { name: names[i], payload: {} }, { now: 0 });
    } catch {
      continue;
    }
    const pending = pendingResultProblem(result, `react(action ${JSON.stringify(names[i])})`, REACTION_REASON);
    if (pending) return pending;
    const found = checkedReaction(d, state, result, `react(action ${JSON.stringify(names[i])})`);
    if (found) return reworded(found, found.path, `${found.message} (react probed with the initial state and an empty payload)`);
  }
  return null;
}

/** A callback's result checked as every derived output is: bounds, then JSON, then its own rule. */
export function resultProblem(value: unknown, path: string, check: (value: unknown, path: string) => Problem): Problem {
  return boundsProblem(value, path) ?? jsonProblem(value, path) ?? check(value, path);
}

/**
 * The problems of derived outputs already checked, by the output's JSON text: see
 * rememberedResultProblem. One per explored definition (internal/explore.ts).
 */
export type OutputChecks = Map<string, Problem>;

/** Outputs up to this much JSON are remembered (a state is at most 32 KiB; its outputs rarely more). */
const OUTPUT_MEMO_CHARS = 64 * 1024;

/**
 * resultProblem, with the result's own check (`check`: a function of the value alone, such as
 * lightingProblem) remembered by the result's JSON text in `outputs`. The bounds and JSON data
 * checks still run on every result: they are what makes the text stand for the value (JSON data
 * round-trips without loss: no getter, function, undefined, class instance or NaN), so a later
 * result with the same text is the same data and gets the same problem. That problem was reported
 * the first time, with the shorter trail (exploration is breadth first), and the check's warnings
 * were collected then; a remembered problem reported again is deduplicated by the explorer, as a
 * remembered view's is. Without `outputs` (the catalog) it is resultProblem.
 */
function rememberedResultProblem(value: unknown, path: string, check: (value: unknown, path: string) => Problem, outputs: OutputChecks | undefined): Problem {
  if (outputs === undefined) return resultProblem(value, path, check);
  const found = boundsProblem(value, path) ?? jsonProblem(value, path);
  if (found) return found;
  const text = JSON.stringify(value);
  const key = text.length <= OUTPUT_MEMO_CHARS ? `${path}\u0000${text}` : '';
  const known = key ? outputs.get(key) : undefined;
  if (known !== undefined) return known;
  const problem = check(value, path);
  if (key) outputs.set(key, problem);
  return problem;
}

/** The view for `viewer` checked with the definition; `who` names the viewer in the message. */
function viewCheck(d: ObjectDefinition, state: unknown, viewer: { actorId: string; canEdit: boolean }, who: string): Problem {
  return typeof d.view === 'function' ? checkedView(d, state, viewer, who).problem : null;
}

/** view(state, viewer) and its problem (checked with the definition); `who` names the viewer. */
export function checkedView(d: ObjectDefinition, state: unknown, viewer: { actorId: string; canEdit: boolean }, who: string): { view: unknown; problem: Problem } {
  const view = callAuthor(d, 'view', d.view!, state, { ...viewer });
  return viewResultProblem(d, view, who);
}

/** A view's problem (checked with the definition), with `who` named in the message. */
export function viewResultProblem(d: ObjectDefinition, view: unknown, who: string): { view: unknown; problem: Problem } {
  const found = resultProblem(view, 'view', (v, p) => viewProblem(v, p, d));
  return { view, problem: found ? reworded(found, found.path, `${found.message} (in the view for ${who})`) : null };
}

/**
 * viewResultProblem's problem for `view`, which is JSON.parse(text): plain data as large as its
 * text, so the bounds walk (there to stop a deep or huge author value before anything else reads
 * it) has nothing to stop while the text is within the result bound. `plain` says the text is
 * the serialisation of a value already walked within the depth bound (bounds.ts
 * serialisedBoundsProblem): the copy has that value's shape, so JSON data (all JSON.parse makes)
 * within the depth bound, and jsonProblem has nothing left to find either. State exploration
 * checks each view's copy this way (the two walks were a third of its time in goja).
 */
export function parsedViewProblem(d: ObjectDefinition, view: unknown, text: string, who: string, plain: boolean): Problem {
  if (text.length * 3 > RESULT_BYTE_BOUND) return viewResultProblem(d, view, who).problem;
  const found = (plain ? null : jsonProblem(view, 'view')) ?? viewProblem(view, 'view', d);
  return found ? reworded(found, found.path, `${found.message} (in the view for ${who})`) : null;
}

function lightingCheck(d: ObjectDefinition, state: unknown, linked: boolean, outputs?: OutputChecks): Problem {
  if (typeof d.lighting !== 'function') return null;
  // Linked and unlinked lighting share the memo: the check reads the result alone.
  const found = rememberedResultProblem(callAuthor(d, 'lighting', d.lighting, state, { linked }), 'lighting', lightingProblem, outputs);
  return found && d.link !== undefined ? reworded(found, found.path, `${found.message} (with linked: ${linked})`) : found;
}

function audioCheck(d: ObjectDefinition, state: unknown, previous: unknown): Problem {
  if (typeof d.audio !== 'function') return null;
  const timeline = callAuthor(d, 'audio', d.audio, state, previous);
  return effectResultProblem(d, state, timeline, 'audio', 'an audio timeline', audioTimelineProblem);
}

function stateFieldProblem(field: string, path: string, state: unknown, r: Rule): Problem {
  if (!isPlainObject(state) || !Object.prototype.hasOwnProperty.call(state, field)) return fail(r, path, 'must name a field of the initial state', field);
  return null;
}

/** The picker's field holds a destination or null (the picker submits one or the other). */
function destinationFieldProblem(field: string, path: string, state: unknown): Problem {
  const found = stateFieldProblem(field, path, state, R.worldEditorField);
  if (found) return found;
  const value = (state as Record<string, unknown>)[field];
  if (value === null || worldDestinationProblem(value, '') === null) return null;
  return fail(R.worldEditorField, path, 'must name a field holding a world destination { id, name } or null in the initial state', field);
}

function stringFieldProblem(field: string, path: string, state: unknown): Problem {
  return (
    stateFieldProblem(field, path, state, R.textEditorField) ??
    (typeof (state as Record<string, unknown>)[field] === 'string' ? null : fail(R.textEditorField, path, 'must name a string field of the initial state', field))
  );
}

/** The first problem of one definition (static checks, then its initial state), or null. */
export function definitionProblem(definition: unknown, options: CatalogOptions = {}): Located | null {
  if (!isPlainObject(definition)) return { problem: fail(TYPE_RULES.object, '', 'must be a definition object (made with defineObject)', definition) as GizmoProblem };
  const found = guarded('', () => staticProblem(definition, options));
  if (found) return { problem: found.problem };
  return stateProblem(definition as unknown as ObjectDefinition);
}

/** Identity fields of a definition for reports (only when they are strings). */
function identity(definition: unknown): Pick<CatalogProblem, 'type' | 'emoji' | 'label' | 'definedAt'> {
  const out: Pick<CatalogProblem, 'type' | 'emoji' | 'label' | 'definedAt'> = {};
  if (!isPlainObject(definition)) return out;
  try {
    // Author objects may have throwing getters; a report must still be produced.
    if (typeof definition.type === 'string') out.type = definition.type;
    if (typeof definition.emoji === 'string') out.emoji = definition.emoji;
    if (typeof definition.label === 'string') out.label = definition.label;
    const at = definedAt(definition);
    if (at !== undefined) out.definedAt = at;
  } catch {
    // Keep what was read.
  }
  return out;
}

function located(index: number, definition: unknown, found: Located): CatalogProblem {
  const out: CatalogProblem = { index, ...identity(definition), path: found.problem.path, value: found.problem.value, message: found.problem.message };
  if (found.callback) out.callback = found.callback;
  if (found.problem.rule !== undefined) out.rule = found.problem.rule.id;
  if (found.problem.severity === 'warning') out.severity = 'warning';
  // Keep the exact text (a thrown error has no "got" part).
  Object.defineProperty(out, 'text', { value: found.problem.toString(), enumerable: false });
  if (found.problem instanceof ThrownProblem && found.problem.thrownAt !== '') Object.defineProperty(out, 'thrownAt', { value: found.problem.thrownAt, enumerable: false });
  return out;
}

/** `example.lamp (🏮 Lamp)`, or `objects[2]` when the definition has no usable identity. */
export function definitionName(definition: unknown, index: number): string {
  const id = identity(definition);
  if (id.type === undefined) return `objects[${index}]`;
  const decoration = [id.emoji, id.label].filter((s) => s !== undefined && s !== '').join(' ');
  return decoration ? `${id.type} (${decoration})` : id.type;
}

/** The one-line text of a CatalogProblem: `example.lamp (🏮 Lamp): lighting.light.radiusCells: must be 0.25–12 cells (got 13)`. */
export function catalogProblemText(found: CatalogProblem, definitions?: readonly unknown[]): string {
  const who = found.index < 0 ? 'project' : definitionName(definitions ? definitions[found.index] : found, found.index);
  const text = (found as unknown as { text?: string }).text ?? new GizmoProblem(found.path, found.message, found.value).toString();
  return `${who}: ${text}`;
}

/** The result of reviewing a catalog: per-definition problems and project-wide ones. */
export interface CatalogReview {
  /** One entry per definition: its first problem or null. */
  definitions: (CatalogProblem | null)[];
  /** Project-level problems (index -1): size, duplicate types and emojis. */
  project: CatalogProblem[];
  /** For each project-level duplicate, the index of the later definition (isolate mode disables it). */
  duplicateOf: Map<CatalogProblem, number>;
  /**
   * Warnings (guess rules that report, internal/rules.ts), per definition in order, each once.
   * They never disable a definition or fail a catalog.
   */
  warnings: CatalogProblem[];
}

/** A project-level problem (index -1) under an error rule. */
function projectProblem(r: Rule, path: string, message: string, value: unknown): CatalogProblem {
  const found = fail(r, path, message, value) as GizmoProblem;
  return { index: -1, path, value, message: found.message, rule: r.id };
}

export function reviewCatalog(definitions: readonly unknown[], options: CatalogOptions = {}): CatalogReview {
  const review: CatalogReview = { definitions: [], project: [], duplicateOf: new Map(), warnings: [] };
  if (!Array.isArray(definitions)) {
    review.project.push(projectProblem(TYPE_RULES.array, 'objects', 'must be an array of definitions', definitions));
    return review;
  }
  if (!options.isolateInvalidDefinitions && definitions.length > PROJECT_OBJECT_LIMIT)
    review.project.push(projectProblem(API_RULES.projectDefinitions, 'objects', `must have at most ${PROJECT_OBJECT_LIMIT} definitions (has ${formatNumber(definitions.length)})`, definitions.length));
  const types = new Map<string, { index: number; name: string }>();
  const emojis = new Map<string, { index: number; name: string }>();
  for (const existing of options.existing ?? []) {
    const name = `installed ${existing.type} (${existing.emoji}${existing.label ? ` ${existing.label}` : ''})`;
    types.set(withoutInvisibles(existing.type), { index: -1, name });
    emojis.set(emojiKey(existing.emoji), { index: -1, name });
  }
  for (let i = 0; i < definitions.length; i++) {
    const def = definitions[i];
    const { result: found, warnings } = collectWarnings(() => definitionProblem(def, options));
    review.definitions.push(found ? located(i, def, found) : null);
    const seen = new Set<string>();
    for (let w = 0; w < warnings.length; w++) {
      const key = `${warnings[w].path}\u0000${warnings[w].message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      review.warnings.push(located(i, def, { problem: warnings[w] }));
      // Passed up to a caller's collectWarnings (the conformance runner's, an author test's).
      recordWarning(warnings[w]);
    }
    if (!isPlainObject(def)) continue;
    const id = identity(def);
    const name = `${definitionName(def, i)} at objects[${i}]`;
    const duplicate = (field: 'type' | 'emoji', map: Map<string, { index: number; name: string }>, key: string) => {
      const earlier = map.get(key);
      if (earlier === undefined) {
        map.set(key, { index: i, name });
        return;
      }
      const found = projectProblem(field === 'type' ? R.uniqueType : R.uniqueEmoji, `objects[${i}].${field}`, `must be unique in the catalog: ${earlier.name} and ${name} both use it`, id[field]);
      const entry: CatalogProblem = { index: -1, ...id, path: found.path, value: found.value, message: found.message, rule: found.rule };
      review.project.push(entry);
      review.duplicateOf.set(entry, i);
    };
    if (id.type !== undefined) duplicate('type', types, withoutInvisibles(id.type));
    if (id.emoji !== undefined) duplicate('emoji', emojis, emojiKey(id.emoji));
  }
  return review;
}

/**
 * Every definition's first problem plus the project-level problems (too many definitions,
 * duplicate types or emojis naming both definitions). Empty when the catalog is valid. Warnings
 * are not problems: see reviewCatalog's `warnings`.
 */
export function catalogProblems(definitions: readonly unknown[], options: CatalogOptions = {}): CatalogProblem[] {
  const review = reviewCatalog(definitions, options);
  const out: CatalogProblem[] = [];
  for (const found of review.definitions) if (found) out.push(found);
  out.push(...review.project);
  return out;
}

/** The Error the registry throws for a catalog problem; it carries the CatalogProblem fields. */
export class CatalogError extends Error {
  index: number;
  type?: string;
  emoji?: string;
  label?: string;
  callback?: string;
  path: string;
  value: unknown;
  definedAt?: string;
  /** The rule alone (the Error's message is the full located text). */
  rule: string;
  constructor(found: CatalogProblem, definitions?: readonly unknown[]) {
    super(catalogProblemText(found, definitions));
    this.name = 'CatalogError';
    this.index = found.index;
    if (found.type !== undefined) this.type = found.type;
    if (found.emoji !== undefined) this.emoji = found.emoji;
    if (found.label !== undefined) this.label = found.label;
    if (found.callback !== undefined) this.callback = found.callback;
    if (found.definedAt !== undefined) this.definedAt = found.definedAt;
    this.path = found.path;
    this.value = found.value;
    this.rule = found.message;
  }
}

