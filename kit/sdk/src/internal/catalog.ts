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
 */
import { definedAt, PROJECT_OBJECT_LIMIT, type ObjectDefinition } from '../api.js';
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
import { callAuthor, thrownRule } from './call.js';
import { booleanValue, fieldPath, fieldSet, formatNumber, isPlainObject, knownKeys, numberIn, oneOf, optional, plainString, requiredKeys, type Problem } from './checks.js';
import { boundsProblem } from './bounds.js';
import { jsonProblem } from './json.js';
import { emojiKey, emojiProblem, keyProblem, typeProblem, versionProblem } from './names.js';
import { GizmoProblem, joinPath, problem, reworded } from './problem.js';
import { collectWarnings } from './rules.js';
import { declaredActionProblem } from './references.js';
import { definitionSounds, effectResultProblem } from './sounds.js';

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

/** The emoji of each built-in interactive Gizmo, reserved for the host's own catalog. */
export const RESERVED_EMOJIS: readonly string[] = ['🎲', '🪧', '🍄', '🔥', '🪩', '🛤️', '🎹', '💣', '🌀', '🚪'];
const RESERVED_EMOJI_KEYS: ReadonlySet<string> = new Set(RESERVED_EMOJIS.map(emojiKey));
/** The bundled examples that keep their `scape.` identities (type and emoji together). */
export const BUNDLED_IDENTITIES: Readonly<Record<string, string>> = { 'scape.counter': '🔢', 'scape.voting-booth': '🗳️' };
export const RESERVED_NAMESPACE = 'scape.';

export const OBJECT_STATE_BYTE_LIMIT = 32768;
export const ACTIONS_MAX = 64;
export const PREVIEWS_MAX = 32;
export const LABEL_MAX = 60;
export const HINT_MAX = 240;
export const SPIN_MAX = 4;

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
class ThrownProblem extends GizmoProblem {
  toString(): string {
    return `${this.path ? `${this.path}: ` : ''}${this.message}`;
  }
}

/** Found problem plus the callback it came from. */
interface Located {
  problem: GizmoProblem;
  callback?: string;
}

/** Runs one author-facing check; a throw from author code becomes a problem naming `callback`. */
function guarded(callback: string, check: () => Problem): Located | null {
  try {
    const found = check();
    return found ? { problem: found, callback } : null;
  } catch (err) {
    return { problem: new ThrownProblem(callback, thrownRule(err), undefined), callback };
  }
}

const DEFINITION_KEY_SET = fieldSet(DEFINITION_KEYS);
const CALLBACK_NAMES = Object.keys(CALLBACK_SIGNATURES);
const ACTION_PERMISSIONS = ['participant', 'editor', 'remover'];
const PREVIEW_PERMISSIONS = ['participant', 'editor'];
const EDIT_POLICIES = ['placer', 'placer-admin'];
const HANDLER_KEYS = ['permission', 'run'];
const ALLOW_EMPTY = { allowEmpty: true };

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
  if ((found = plainString(def.label, 'label', LABEL_MAX))) return found;
  if ((found = plainString(def.hint, 'hint', HINT_MAX, ALLOW_EMPTY))) return found;
  for (let i = 0; i < CALLBACK_NAMES.length; i++) {
    const key = CALLBACK_NAMES[i];
    if (def[key] !== undefined && typeof def[key] !== 'function') return problem(key, `must be a function ${CALLBACK_SIGNATURES[key]}`, def[key]);
  }
  if ((found = handlersProblem(def.actions, 'actions', ACTION_PERMISSIONS, ACTIONS_MAX))) return found;
  if (def.previews !== undefined && (found = handlersProblem(def.previews, 'previews', PREVIEW_PERMISSIONS, PREVIEWS_MAX))) return found;
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
  if (def.soundBank !== undefined && def.sounds !== undefined) return problem('soundBank', 'must not be combined with static sounds (declare one or the other)', def.soundBank);
  // How ambience composes with soundBank and sequence is audio.ts's rule; before the ambience's own
  // shape, since with a soundBank there are no static sounds for it to name.
  if ((found = ambienceCompositionProblem(def))) return found;
  if (def.ambience !== undefined && (found = ambienceProblem(def.ambience, isPlainObject(def.sounds) ? def.sounds : {}, 'ambience'))) return found;
  if (def.light !== undefined && (found = lightProblem(def.light, 'light'))) return found;
  if (def.glow !== undefined && (found = glowProblem(def.glow, 'glow'))) return found;
  if (def.walkable !== undefined && (found = booleanValue(def.walkable, 'walkable'))) return found;
  if (def.link !== undefined && (found = linkProblem(def.link, 'link'))) return found;
  if (def.spin !== undefined && (found = numberIn(def.spin, 'spin', -SPIN_MAX, SPIN_MAX, 'radians per second'))) return found;
  if (def.push !== undefined && (found = pushWalkableProblem(def))) return found;
  return null;
}

function reservedTypeProblem(def: Record<string, unknown>, options: CatalogOptions): Problem {
  const type = def.type as string;
  if (options.allowReservedIdentities || !type.startsWith(RESERVED_NAMESPACE)) return null;
  const bundled = BUNDLED_IDENTITIES[type];
  if (bundled !== undefined && typeof def.emoji === 'string' && emojiKey(def.emoji) === emojiKey(bundled)) return null;
  if (bundled !== undefined) return problem('type', `is the bundled example's identity and keeps its emoji ${bundled}`, type);
  return problem('type', 'uses the reserved "scape." namespace (choose your own, like "my-game.counter")', type);
}

function reservedEmojiProblem(def: Record<string, unknown>, options: CatalogOptions): Problem {
  if (options.allowReservedIdentities) return null;
  if (RESERVED_EMOJI_KEYS.has(emojiKey(def.emoji as string))) return problem('emoji', 'is reserved for a built-in Gizmo (choose another emoji)', def.emoji);
  return null;
}

function handlersProblem(value: unknown, path: string, permissions: string[], max: number): Problem {
  if (!isPlainObject(value)) return problem(path, 'must be an object of named handlers', value);
  const names = Object.keys(value);
  if (names.length > max) return problem(path, `must declare at most ${max} entries (declares ${names.length})`, names.length);
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
    if (typeof h.run !== 'function') return problem(fieldPath(at, 'run'), 'must be a function (state, payload, context) => state', h.run);
  }
  return null;
}

const EDITOR_VIEWER = { actorId: 'catalog-editor', canEdit: true };
const PARTICIPANT_VIEWER = { actorId: 'catalog-participant', canEdit: false };

/** Checks of the initial state and everything derived from it. */
function stateProblem(d: ObjectDefinition): Located | null {
  let state: unknown;
  const init = guarded('initial', () => {
    state = callAuthor(d, 'initial', d.initial);
    return boundsProblem(state, 'initial()', OBJECT_STATE_BYTE_LIMIT, '32 KiB') ?? jsonProblem(state, 'initial()', OBJECT_STATE_BYTE_LIMIT, '32 KiB');
  });
  if (init) return init;
  // Each callback gets its own copy (a callback mutating its argument must not change what the
  // next one sees); the state is serialised once for all of them.
  const stateText = JSON.stringify(state);
  const copy = () => JSON.parse(stateText) as unknown;
  const checks: [string, () => Problem][] = [
    ['valid', () => (callAuthor(d, 'valid', d.valid, copy()) === true ? null : problem('initial()', 'must pass valid() (valid returned false for the initial state)', state))],
    ['configuration', () => optional(d.configuration, () => configurationProblem(d.configuration, 'configuration', d, state))],
    ['textEditor', () => optional(d.textEditor, () => stringFieldProblem(d.textEditor!.field, 'textEditor.field', state))],
    ['worldEditor', () => optional(d.worldEditor, () => destinationFieldProblem(d.worldEditor!.field, 'worldEditor.field', state))],
    ['view', () => viewCheck(d, copy(), EDITOR_VIEWER, 'an editor')],
    ['view', () => viewCheck(d, copy(), PARTICIPANT_VIEWER, 'a participant')],
    ['soundBank', () => definitionSounds(d, copy()).problem],
    ['lighting', () => lightingCheck(d, copy(), false)],
    ['lighting', () => lightingCheck(d, copy(), true)],
    ['step', () => stepProbeProblem(d, copy())],
    ['push', () => (typeof d.push === 'function' ? checkedPush(d, callAuthor(d, 'push', d.push, copy())) : null)],
    ['travel', () => (typeof d.travel === 'function' ? checkedTravel(d, copy(), callAuthor(d, 'travel', d.travel, copy())) : null)],
    ['navigate', () => (typeof d.navigate === 'function' ? checkedNavigation(d, copy(), callAuthor(d, 'navigate', d.navigate, copy())) : null)],
    ['sprite', () => (typeof d.sprite === 'function' ? resultProblem(callAuthor(d, 'sprite', d.sprite, copy()), 'sprite', spriteProblem) : null)],
    ['worldText', () => (typeof d.worldText === 'function' ? worldTextProblem(callAuthor(d, 'worldText', d.worldText, copy()), 'worldText') : null)],
    ['audio', () => audioCheck(d, copy())],
    ['animate', () => (typeof d.animate === 'function' ? resultProblem(callAuthor(d, 'animate', d.animate, copy(), copy()), 'animate', timelineProblem) : null)],
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
    const found = checkedReaction(d, state, result, `react(action ${JSON.stringify(names[i])})`);
    if (found) return reworded(found, found.path, `${found.message} (react probed with the initial state and an empty payload)`);
  }
  return null;
}

function resultProblem(value: unknown, path: string, check: (value: unknown, path: string) => Problem): Problem {
  return boundsProblem(value, path) ?? jsonProblem(value, path) ?? check(value, path);
}

function viewCheck(d: ObjectDefinition, state: unknown, viewer: { actorId: string; canEdit: boolean }, who: string): Problem {
  if (typeof d.view !== 'function') return null;
  const view = callAuthor(d, 'view', d.view, state, { ...viewer });
  const found = resultProblem(view, 'view', (v, p) => viewProblem(v, p, d));
  return found ? reworded(found, found.path, `${found.message} (in the view for ${who})`) : null;
}

function lightingCheck(d: ObjectDefinition, state: unknown, linked: boolean): Problem {
  if (typeof d.lighting !== 'function') return null;
  const found = resultProblem(callAuthor(d, 'lighting', d.lighting, state, { linked }), 'lighting', lightingProblem);
  return found && d.link !== undefined ? reworded(found, found.path, `${found.message} (with linked: ${linked})`) : found;
}

function audioCheck(d: ObjectDefinition, state: unknown): Problem {
  if (typeof d.audio !== 'function') return null;
  const timeline = callAuthor(d, 'audio', d.audio, state, JSON.parse(JSON.stringify(state)));
  return effectResultProblem(d, state, timeline, 'audio', 'an audio timeline', audioTimelineProblem);
}

function stateFieldProblem(field: string, path: string, state: unknown): Problem {
  if (!isPlainObject(state) || !Object.prototype.hasOwnProperty.call(state, field)) return problem(path, 'must name a field of the initial state', field);
  return null;
}

/** The picker's field holds a destination or null (the picker submits one or the other). */
function destinationFieldProblem(field: string, path: string, state: unknown): Problem {
  const found = stateFieldProblem(field, path, state);
  if (found) return found;
  const value = (state as Record<string, unknown>)[field];
  if (value === null || worldDestinationProblem(value, '') === null) return null;
  return problem(path, 'must name a field holding a world destination { id, name } or null in the initial state', field);
}

function stringFieldProblem(field: string, path: string, state: unknown): Problem {
  return stateFieldProblem(field, path, state) ?? (typeof (state as Record<string, unknown>)[field] === 'string' ? null : problem(path, 'must name a string field of the initial state', field));
}

/** The first problem of one definition (static checks, then its initial state), or null. */
export function definitionProblem(definition: unknown, options: CatalogOptions = {}): Located | null {
  if (!isPlainObject(definition)) return { problem: problem('', 'must be a definition object (made with defineObject)', definition) };
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

export function reviewCatalog(definitions: readonly unknown[], options: CatalogOptions = {}): CatalogReview {
  const review: CatalogReview = { definitions: [], project: [], duplicateOf: new Map(), warnings: [] };
  if (!Array.isArray(definitions)) {
    review.project.push({ index: -1, path: 'objects', value: definitions, message: 'must be an array of definitions' });
    return review;
  }
  if (!options.isolateInvalidDefinitions && definitions.length > PROJECT_OBJECT_LIMIT)
    review.project.push({ index: -1, path: 'objects', value: definitions.length, message: `must have at most ${PROJECT_OBJECT_LIMIT} definitions (has ${formatNumber(definitions.length)})` });
  const types = new Map<string, { index: number; name: string }>();
  const emojis = new Map<string, { index: number; name: string }>();
  for (const existing of options.existing ?? []) {
    const name = `installed ${existing.type} (${existing.emoji}${existing.label ? ` ${existing.label}` : ''})`;
    types.set(existing.type, { index: -1, name });
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
      const entry: CatalogProblem = {
        index: -1,
        ...id,
        path: `objects[${i}].${field}`,
        value: id[field],
        message: `must be unique in the catalog: ${earlier.name} and ${name} both use it`,
      };
      review.project.push(entry);
      review.duplicateOf.set(entry, i);
    };
    if (id.type !== undefined) duplicate('type', types, id.type);
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

