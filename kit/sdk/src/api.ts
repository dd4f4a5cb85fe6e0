/**
 * Definitions, state and actions: the authoring types and the small helpers every definition uses.
 * Experimental Scape object authoring contract. Execution isolation is supplied by the host, not
 * this authoring API.
 *
 * Runs under Node and goja alike: no TextEncoder, Intl, timers or regex property escapes.
 */
import type { GizmoNavigation, GizmoWorldEditor } from './navigation.js';
import type { GizmoLink, GizmoTravel, GizmoEnvironment } from './travel.js';
import type { GizmoInteraction, GizmoReaction, GizmoReactionContext } from './reaction.js';
import type { GizmoSpriteRecipe } from './sprite.js';
import type { GizmoConfiguration } from './configuration.js';
import type { GizmoPreview } from './soundBank.js';
import type { GizmoPush } from './push.js';
import type { GizmoLightingState } from './lighting.js';
import type { GizmoStepEvent, GizmoStepEffects } from './step.js';
import type { GizmoLight } from './light.js';
import type { GizmoSequence } from './sequence.js';
import type { GizmoGlow } from './glow.js';
import type { GizmoAmbience, GizmoSounds, GizmoAudioTimeline } from './audio.js';
import type { GizmoTextEditor } from './text.js';
import type { GizmoPresentation, GizmoTimeline } from './presentation.js';
import { isPlainObject, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES, type Rule } from './internal/rules.js';

const S = 'Definitions, state and actions';
const JSON_SOURCE =
  'Projects, state and actions: "State must be JSON data: no functions, class instances, non-finite numbers, or circular references"; jsonData: "Persistent state and action payloads must round-trip through JSON without loss"';

/** The rules of this module: the project size, host ids, JSON data. */
export const API_RULES = {
  projectDefinitions: rule({
    id: 'api.project.definitions',
    class: 'doc',
    section: S,
    item: 'Definitions per project',
    min: 0,
    max: 16,
    bound: 'at most 16 (`PROJECT_OBJECT_LIMIT`); an empty project is allowed; a trusted host catalog (`isolateInvalidDefinitions`) is not a project and has no limit',
    source: 'Limits and compatibility: "Definitions per project | 16; unique types and emojis"; Projects, state and actions: "Atomic installation of up to 16 definitions"; `PROJECT_OBJECT_LIMIT = 16`',
  }),
  id: rule({
    id: 'api.ids',
    class: 'type',
    section: S,
    item: 'Actor and object ids (`actorId`, `objectId`, `linkId`, `context.actorId`)',
    bound: 'a non-empty string without whitespace or control characters',
    source:
      '`actorId`/`objectId`: `(value: unknown) => value is string` guards for the host-owned identity ("Independent saved state and host-owned identity"); the docs\' voting booth checks stored voters with `actorId(b.voter)`, so the guard tells an id from other strings: one token, which every host-issued id (UUIDs, `user:42`, DIDs, e-mail addresses, URLs, any length or script) is',
  }),
  idGrammar: rule({
    id: 'api.ids.grammar',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'Actor and object id characters and length',
    bound: 'any length; any characters but whitespace and control characters',
    was: '`^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$` (1–128 ASCII characters)',
    source: 'the docs give ids no grammar; a host may issue longer ids, non-ASCII ones, or ones with `/` (URLs), and an author\'s valid() that uses `actorId` must accept them all',
  }),
  jsonData: rule({
    id: 'api.json.data',
    class: 'doc',
    section: S,
    item: 'JSON data (state, payloads, callback results)',
    bound:
      'null, booleans, strings, finite numbers, dense plain arrays and plain objects of enumerable string-keyed data properties; no undefined, functions, symbols, bigints, NaN/±Infinity, class instances, holes, extra array properties, getters, hidden properties, symbol keys or cycles',
    source: JSON_SOURCE,
  }),
  jsonDepth: rule({
    id: 'api.json.depth',
    class: 'doc',
    section: S,
    item: 'JSON nesting',
    bound: 'depth 16: a top-level object or array is depth 1, each nested container adds 1, primitives add nothing',
    min: 0,
    max: 16,
    source: 'Limits and compatibility: "JSON nesting | Depth 16" (how depth is counted is the natural reading: containers, from 1)',
  }),
  jsonNegativeZero: rule({
    id: 'api.json.negative-zero',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'JSON data: −0',
    bound: 'allowed (it reads back as 0, and −0 === 0)',
    was: 'refused',
    source: 'the docs refuse non-finite numbers, not −0; no valid() can tell −0 from 0, and the SDK\'s own helpers (`axisQuaternion([0, 0, 1], -0.35)`) return it',
  }),
  jsonProto: rule({
    id: 'api.json.proto-key',
    class: 'guess',
    treatment: 'dropped',
    section: S,
    item: 'JSON data: an own `__proto__` key',
    bound: 'allowed',
    was: 'refused',
    source: 'the docs are silent; JSON.parse makes `__proto__` an ordinary own key and JSON.stringify keeps it, so it round-trips (the SDK copies state through JSON and defines copied keys as own properties)',
  }),
};

/** Experimental Scape object authoring contract. Execution isolation is supplied by the host, not this authoring API. */
export interface ObjectInstance<S = unknown> {
  id: string;
  type: string;
  version: number;
  /** The definition's state type where it is known (a registry of typed definitions), else unknown. */
  state: S;
  linkId?: string;
}
/** Portable editor values only; identities and live state never cross placements. */
export interface ObjectConfiguration {
  type: string;
  version: number;
  values: Record<string, unknown>;
}
export interface ObjectViewer {
  actorId: string;
  canEdit: boolean;
}
export interface ObjectContext extends ObjectViewer {
  canRemove?: boolean;
  now: number;
  randomInt: (min: number, max: number) => number;
}
export interface ObjectAction {
  name: string;
  payload: Record<string, unknown>;
}
export interface ObjectControl {
  id: string;
  label: string;
  action: ObjectAction;
  disabled?: boolean;
  pressed?: boolean;
  confirm?: string;
  fields?: string[];
  /** Host action-row switch for a participant action without fields; requires boolean pressed state. */
  icon?: 'toggle';
  /** Icon-only action row button; defaults to the host's media-play-filled icon. Permissions are unchanged. */
  placement?: 'action';
  /** Save on a select change, with no separate button. All referenced fields must be selects. */
  trigger?: 'change';
  /** A local preview control resolves its action through definition.previews, never the server. */
  kind?: 'preview';
  /** Audition this named local preview with the same payload before a normal action. */
  preview?: string;
}
/** A finite choice is author data; the host never interprets its value as a game feature. */
export interface ObjectChoice {
  value: string;
  label: string;
}
export type ObjectField =
  | {
      id: string;
      label: string;
      value: string;
      kind?: 'text';
      maxLength: number;
    }
  | {
      id: string;
      label: string;
      value: string;
      kind: 'select';
      options: ObjectChoice[];
    };
export interface ObjectView {
  title: string;
  description: string;
  fields?: ObjectField[];
  controls: ObjectControl[];
}
export interface ObjectDefinition {
  type: string;
  version: number;
  emoji: string;
  label: string;
  hint: string;
  initial: () => unknown;
  valid: (state: unknown) => boolean;
  actions: Record<
    string,
    {
      permission: 'participant' | 'editor' | 'remover';
      run: (state: unknown, payload: Record<string, unknown>, context: ObjectContext) => unknown;
    }
  >;
  interaction?: GizmoInteraction;
  areaRemoval?: {
    radiusCells: number;
  };
  react?: (state: unknown, previous: unknown, action: ObjectAction, context: GizmoReactionContext) => GizmoReaction | null;
  view?: (state: unknown, viewer: ObjectViewer) => ObjectView;
  /** Editing always requires the placer and build permission; this can additionally require administration. */
  editPolicy?: 'placer' | 'placer-admin';
  textEditor?: GizmoTextEditor;
  worldEditor?: GizmoWorldEditor;
  /** Optional proximity limit for the world label, in cells. */
  worldTextRange?: number;
  navigate?: (state: unknown) => GizmoNavigation | null;
  configuration?: GizmoConfiguration;
  worldText?: (state: unknown) => string;
  presentation?: GizmoPresentation;
  sprite?: (state: unknown) => GizmoSpriteRecipe;
  sounds?: GizmoSounds;
  /** Alternative to static sounds: up to 16 pitch/state-specific recipes, at most 64 KiB. */
  soundBank?: (state: unknown) => GizmoSounds;
  previews?: Record<
    string,
    {
      permission: 'participant' | 'editor';
      run: (state: unknown, payload: Record<string, unknown>) => GizmoPreview;
    }
  >;
  audio?: (state: unknown, previous: unknown) => GizmoAudioTimeline | null;
  ambience?: GizmoAmbience;
  sequence?: GizmoSequence;
  glow?: GizmoGlow;
  light?: GizmoLight;
  /** Replaces fixed light/glow for this state; absent effects are off. */
  lighting?: (state: unknown, environment: GizmoEnvironment) => GizmoLightingState;
  /** Explicit collision policy. Defaults to false; fixed for this definition version. */
  walkable?: boolean;
  /** Host-assigned grouping, independent of movement. */
  link?: GizmoLink;
  travel?: (state: unknown) => GizmoTravel | null;
  /** Decorative rotation in radians/second; disabled for reduced motion. */
  spin?: number;
  /** State-derived directional push while occupied. Requires walkable: true; host owns movement. */
  push?: (state: unknown) => GizmoPush | null;
  /** Cosmetic arrival feedback only. Does not grant walkability or change saved state. */
  step?: (state: unknown, event: GizmoStepEvent) => GizmoStepEffects | null;
  animate?: (state: unknown, previous: unknown) => GizmoTimeline;
}

/**
 * A refusal the reducer chooses: 400 (bad request), 403 (not allowed) or 409 (conflicts with the
 * current state). The runtime keeps the status; any other thrown error becomes a 400.
 */
export class ObjectActionError extends Error {
  readonly status: 400 | 403 | 409;
  constructor(status: 400 | 403 | 409, message: string) {
    super(message);
    if (status !== 400 && status !== 403 && status !== 409) status = 400;
    this.status = status;
    this.name = 'ObjectActionError';
  }
}

/** A plain JSON-style object: not null, not an array, not a class instance. */
export const record = (value: unknown): value is Record<string, unknown> => isPlainObject(value);

/** True when `value` has exactly the own enumerable keys `keys`: each present, nothing else. */
export const exactKeys = (value: Record<string, unknown>, keys: string[]): boolean => {
  if (typeof value !== 'object' || value === null || !Array.isArray(keys)) return false;
  const own = Object.keys(value);
  if (own.length !== keys.length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) return false;
  }
  return own.every((key) => keys.includes(key));
};

// Whitespace and control characters as explicit ranges (regex property escapes misbehave in goja).
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * A host-issued id (actor, instance, link): one token, a non-empty string without whitespace or
 * control characters. Any length and any script: UUIDs, `user:42`, `did:plc:…`, e-mail addresses
 * and URLs all fit (API_RULES.id).
 */
export function idProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string') return fail(TYPE_RULES.string, path, 'must be a string (an id)', value);
  if (value.length === 0 || SPACE_OR_CONTROL.test(value)) return fail(API_RULES.id, path, 'must be an id: a non-empty string without whitespace or control characters', value);
  return null;
}

/** An actor identity as the host issues it (see idProblem). */
export const actorId = (value: unknown): value is string => idProblem(value, '') === null;
/** A placed instance identity as the host issues it (same rule as actorId). */
export const objectId = (value: unknown): value is string => idProblem(value, '') === null;

/** Where `defineObject` was called: a non-enumerable `new Error().stack` under this symbol. */
export const DEFINED_AT = Symbol.for('scape.definedAt');

/** Carries a definition's state type for the type checker only: no value ever has this key. */
declare const STATE_TYPE: unique symbol;
/** What defineObject returns: an ObjectDefinition that remembers its state type S (types only). */
export interface TypedObjectDefinition<S> extends ObjectDefinition {
  readonly [STATE_TYPE]?: S;
}
/** The state type of a definition made by defineObject; unknown for any other. */
export type DefinitionState<D> = D extends TypedObjectDefinition<infer S> ? S : unknown;

/** Typed authoring helper; the registry checks state before invoking an implementation. */
export function defineObject<S>(
  definition: Omit<
    ObjectDefinition,
    | 'initial'
    | 'valid'
    | 'actions'
    | 'view'
    | 'animate'
    | 'worldText'
    | 'audio'
    | 'lighting'
    | 'step'
    | 'push'
    | 'soundBank'
    | 'previews'
    | 'sprite'
    | 'react'
    | 'travel'
    | 'navigate'
  > & {
    initial: () => S;
    valid: (state: unknown) => state is S;
    actions: Record<
      string,
      {
        permission: 'participant' | 'editor' | 'remover';
        run: (state: S, payload: Record<string, unknown>, context: ObjectContext) => S;
      }
    >;
    react?: (state: S, previous: S, action: ObjectAction, context: GizmoReactionContext) => GizmoReaction | null;
    view?: (state: S, viewer: ObjectViewer) => ObjectView;
    soundBank?: (state: S) => GizmoSounds;
    sprite?: (state: S) => GizmoSpriteRecipe;
    previews?: Record<
      string,
      {
        permission: 'participant' | 'editor';
        run: (state: S, payload: Record<string, unknown>) => GizmoPreview;
      }
    >;
    worldText?: (state: S) => string;
    navigate?: (state: S) => GizmoNavigation | null;
    travel?: (state: S) => GizmoTravel | null;
    lighting?: (state: S, environment: GizmoEnvironment) => GizmoLightingState;
    push?: (state: S) => GizmoPush | null;
    step?: (state: S, event: GizmoStepEvent) => GizmoStepEffects | null;
    animate?: (state: S, previous: S) => GizmoTimeline;
    audio?: (state: S, previous: S) => GizmoAudioTimeline | null;
  },
): TypedObjectDefinition<S> {
  if (typeof definition === 'object' && definition !== null && Object.isExtensible(definition)) {
    // The toolchain maps this stack to the author's TypeScript file:line through the source map.
    // Non-enumerable, so it never shows in JSON, spreads or key checks.
    Object.defineProperty(definition, DEFINED_AT, { value: new Error().stack ?? '', enumerable: false, configurable: true });
  }
  return definition as unknown as TypedObjectDefinition<S>;
}

/** The stack recorded by defineObject, if any. */
export function definedAt(definition: unknown): string | undefined {
  if (typeof definition !== 'object' || definition === null) return undefined;
  const stack = (definition as Record<symbol, unknown>)[DEFINED_AT];
  return typeof stack === 'string' ? stack : undefined;
}

/**
 * Rejects a payload with an undeclared key or a missing declared key (ObjectActionError 400). It
 * does not check the values: the reducer does.
 */
export function requirePayload(payload: Record<string, unknown>, keys: string[]): void {
  if (!isPlainObject(payload)) throw new ObjectActionError(400, 'payload must be an object');
  for (const key of Object.keys(payload)) {
    if (!keys.includes(key))
      throw new ObjectActionError(400, keys.length ? `payload.${key} is not accepted (expected only ${keys.join(', ')})` : `payload.${key} is not accepted (this action takes no payload)`);
  }
  for (const key of keys) {
    if (payload[key] === undefined) throw new ObjectActionError(400, `payload.${key} is required`);
  }
}

/** Maximum JSON nesting: a top-level object or array is depth 1, each container inside adds 1. */
export const JSON_DEPTH_LIMIT = 16;

/**
 * Persistent state and action payloads must round-trip through JSON without loss.
 *
 * Accepted: null, booleans, strings, finite numbers (−0 included: it reads back as 0, which no
 * valid() can tell apart), dense arrays without extra properties, and plain objects (prototype
 * Object.prototype or null) whose own properties are all enumerable string-keyed data properties
 * (no getters) with accepted values; an own `__proto__` key is an ordinary key (JSON.parse makes
 * one). Rejected: undefined anywhere, functions, symbols (values or keys), bigints, NaN/±Infinity,
 * class instances (Date, Map, typed arrays…), sparse arrays, cycles and shared references that
 * would form one, and nesting deeper than `depth` (default 16; a top-level object or array is
 * depth 1, a primitive is depth 0).
 */
export function jsonData(value: unknown, depth: number = JSON_DEPTH_LIMIT): boolean {
  const found = jsonDataProblem(value, depth);
  return found === null || fail(found[3], found[0], found[1], found[2]) === null;
}

/** Why `value` is not JSON data: `[path, message, offending value, rule]`, or null. Used for messages. */
export type JsonDataProblem = [string, string, unknown, Rule];

/** Why `value` is not JSON data (see jsonData), or null. */
export function jsonDataProblem(value: unknown, depth: number = JSON_DEPTH_LIMIT, path = ''): JsonDataProblem | null {
  return jsonDataWalk(value, path, 0, depth, []);
}

/**
 * jsonDataProblem's walk of one item at `level`, with its container ancestors. A module-level
 * function rather than a closure made per call: the SDK is compiled with esbuild's keepNames, so
 * every closure made costs a defineProperty of its name, which goja makes a measurable share of
 * state exploration's time (this check runs on every reducer's result).
 * Hot (every state, payload and recipe): indexed loops, and an entry's path is only built when
 * the entry is a container to descend into or a problem to report.
 */
function jsonDataWalk(item: unknown, at: string, level: number, depth: number, ancestors: object[]): JsonDataProblem | null {
  const D = API_RULES.jsonData;
  switch (typeof item) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      if (!Number.isFinite(item)) return [at, 'must be a finite number (JSON has no NaN or Infinity)', item, D];
      return null;
    case 'undefined':
      return [at, 'must not be undefined (JSON drops it)', item, D];
    case 'function':
      return [at, 'must not be a function', item, D];
    case 'symbol':
      return [at, 'must not be a symbol', item, D];
    case 'bigint':
      return [at, 'must not be a bigint', item, D];
  }
  if (item === null) return null;
  const obj = item as object;
  if (level + 1 > depth) return [at, `must not nest deeper than ${depth} levels`, item, API_RULES.jsonDepth];
  if (ancestors.includes(obj)) return [at, 'must not contain a cycle', item, D];
  if (Object.getOwnPropertySymbols(obj).length > 0) return [at, 'must not have symbol keys', item, D];
  ancestors.push(obj);
  try {
    if (Array.isArray(obj)) {
      const names = Object.getOwnPropertyNames(obj);
      if (names.length !== obj.length + 1) {
        for (let i = 0; i < obj.length; i++) if (!Object.prototype.hasOwnProperty.call(obj, i)) return [`${at}[${i}]`, 'must not be a hole (sparse arrays lose entries)', undefined, D];
        return [at, 'must be a plain array without extra properties', item, D];
      }
      for (let i = 0; i < obj.length; i++) {
        const desc = Object.getOwnPropertyDescriptor(obj, i);
        if (!desc || !('value' in desc)) return [`${at}[${i}]`, 'must be a data property, not a getter', undefined, D];
        if (plainJsonScalar(desc.value)) continue;
        const found = jsonDataWalk(desc.value, `${at}[${i}]`, level + 1, depth, ancestors);
        if (found) return found;
      }
      return null;
    }
    const proto = Object.getPrototypeOf(obj);
    if (proto !== Object.prototype && proto !== null) return [at, 'must be a plain object or array, not a class instance', item, D];
    const keys = Object.getOwnPropertyNames(obj);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const desc = Object.getOwnPropertyDescriptor(obj, key)!;
      if (!desc.enumerable) return [jsonKeyPath(at, key), 'must be enumerable (JSON drops hidden properties)', desc.value, D];
      if (!('value' in desc)) return [jsonKeyPath(at, key), 'must be a data property, not a getter', undefined, D];
      if (plainJsonScalar(desc.value)) continue;
      const found = jsonDataWalk(desc.value, jsonKeyPath(at, key), level + 1, depth, ancestors);
      if (found) return found;
    }
    return null;
  } finally {
    ancestors.pop();
  }
}

/** A value JSON keeps as is without looking further: a string, a boolean, null, a finite number. */
function plainJsonScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    default:
      return value === null;
  }
}

function jsonKeyPath(at: string, key: string): string {
  if (!at) return key;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;
}

/**
 * UTF-8 bytes of JSON.stringify(value), counted without TextEncoder (absent in goja). Values that
 * do not serialize (undefined, functions, cycles) count as Infinity so any size bound rejects them.
 */
export function jsonByteLength(value: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return Infinity;
  }
  if (typeof text !== 'string') return Infinity;
  return utf8Length(text);
}

const NON_ASCII = /[^\u0000-\u007f]/;

/** UTF-8 length of a string; a lone surrogate counts as 3 bytes (U+FFFD). */
export function utf8Length(text: string): number {
  // Pure ASCII (most JSON) is one byte per unit: one native regex test instead of a JS loop.
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Local simulation randomness; connected actions always use the server context. Inclusive of both ends. */
export function localObjectRandomInt(min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max)
    throw new RangeError(`localObjectRandomInt: min and max must be safe integers with min ≤ max (got ${min}, ${max})`);
  return min + Math.floor(Math.random() * (max - min + 1));
}

/** One atomic development build. Object state remains independent per placed instance. */
export interface ProjectDefinition {
  objects: readonly ObjectDefinition[];
}
export const PROJECT_OBJECT_LIMIT = 16;

/** Checks the project's shape and size; the registry checks each definition (see catalogProblems). */
export function defineProject(project: ProjectDefinition): ProjectDefinition {
  if (!isPlainObject(project) || !Array.isArray(project.objects)) {
    fail(TYPE_RULES.array, 'objects', 'must be an array of definitions', isPlainObject(project) ? project.objects : project);
    throw new TypeError('defineProject: expected { objects: [...] } with an array of definitions');
  }
  if (project.objects.length > PROJECT_OBJECT_LIMIT) {
    fail(API_RULES.projectDefinitions, 'objects', `must have at most ${PROJECT_OBJECT_LIMIT} definitions`, project.objects.length);
    throw new RangeError(`defineProject: a project holds at most ${PROJECT_OBJECT_LIMIT} definitions (got ${project.objects.length})`);
  }
  return project;
}
