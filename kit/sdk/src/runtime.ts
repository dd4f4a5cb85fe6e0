/**
 * `@scape/sdk/runtime`: register definitions and validate local instances and actions. This entry
 * is for hosts and tests. It validates data and permissions; it does not sandbox author code (the
 * host runs it with deadlines and memory bounds).
 *
 * Every call into author code goes through callAuthor (./internal/call.ts); every catalog rule
 * lives in ./internal/catalog.ts.
 */
import type { GizmoReaction } from './reaction.js';
import type { GizmoPreview } from './soundBank.js';
import type { DefinitionState, ObjectConfiguration, ObjectAction, ObjectContext, ObjectDefinition, ObjectInstance } from './api.js';
import { idProblem, ObjectActionError } from './api.js';
import { checkedReaction } from './reaction.js';
import { previewProblem } from './soundBank.js';
import { callAuthor, thrownMessage } from './internal/call.js';
import { CatalogError, catalogProblemText, definitionName, OBJECT_STATE_BYTE_LIMIT, reviewCatalog, type CatalogOptions, type CatalogProblem } from './internal/catalog.js';
import { booleanValue, isPlainObject, knownKeys, requiredKeys, type Problem } from './internal/checks.js';
import { JSON_RULES, jsonProblem } from './internal/json.js';
import { boundsProblem } from './internal/bounds.js';
import { emojiKey, keyProblem, typeProblem, versionProblem } from './internal/names.js';
import { problemText } from './internal/problem.js';
import { fail, TYPE_RULES } from './internal/rules.js';
import { pendingResultText, REACTION_REASON, REDUCER_REASON } from './internal/synchronous.js';

/** Instance state: 32 KiB of JSON. Defined beside the catalog rules, which check initial state with it. */
export { OBJECT_STATE_BYTE_LIMIT };

const ENVELOPE_KEYS = ['id', 'type', 'version', 'state', 'linkId'];
const CONFIGURATION_KEYS = ['type', 'version', 'values'];

function stateProblemText(state: unknown, path: string): string | null {
  return problemText(boundsProblem(state, path, OBJECT_STATE_BYTE_LIMIT, '32 KiB') ?? jsonProblem(state, path, JSON_RULES.stateBytes));
}

/** A payload or configuration values: a plain object of JSON data, at most 2 KiB. */
function payloadProblem(value: unknown, path: string): Problem {
  if (!isPlainObject(value)) return fail(TYPE_RULES.object, path, 'must be an object', value);
  return jsonProblem(value, path, JSON_RULES.payloadBytes);
}

/** Why `value` is not a saved envelope `{ id, type, version, state, linkId? }`, or null. */
function envelopeProblem(value: unknown): Problem {
  let found: Problem;
  if ((found = knownKeys(value, '', ENVELOPE_KEYS))) return found;
  const v = value as Record<string, unknown>;
  if ((found = idProblem(v.id, 'id'))) return found;
  if ((found = typeProblem(v.type, 'type'))) return found;
  if ((found = versionProblem(v.version, 'version'))) return found;
  if (!Object.prototype.hasOwnProperty.call(v, 'state')) return fail(TYPE_RULES.required, 'state', 'is required', undefined);
  if (v.linkId !== undefined && (found = idProblem(v.linkId, 'linkId'))) return found;
  return jsonProblem(v.state, 'state', JSON_RULES.stateBytes);
}

/** Validate an opaque saved envelope without activating an uninstalled definition. */
export function isObjectEnvelope(value: unknown): value is ObjectInstance {
  return envelopeProblem(value) === null;
}

/** Why `value` is not portable configuration `{ type, version, values }`, or null. */
function configurationEnvelopeProblem(value: unknown): Problem {
  let found: Problem;
  if ((found = knownKeys(value, '', CONFIGURATION_KEYS))) return found;
  const v = value as Record<string, unknown>;
  if ((found = requiredKeys(v, '', CONFIGURATION_KEYS))) return found;
  return typeProblem(v.type, 'type') ?? versionProblem(v.version, 'version') ?? payloadProblem(v.values, 'values');
}

/** Account libraries may preserve configuration for a currently uninstalled gizmo. */
export function isObjectConfiguration(value: unknown): value is ObjectConfiguration {
  return configurationEnvelopeProblem(value) === null;
}

/** A disabled trusted definition, retained for host diagnostics without touching saved state. */
export interface GizmoFailure {
  type: string;
  emoji: string;
  label: string;
  message: string;
}

/** Options beyond the documented `isolateInvalidDefinitions`; see docs/sdk.md. */
export interface ObjectRegistryOptions {
  /** Trusted bundled catalogs only: invalid definitions become failures instead of an error. */
  isolateInvalidDefinitions?: boolean;
  /** Trusted host catalogs of built-ins only: allow the `scape.` namespace and built-in emojis. */
  allowReservedIdentities?: boolean;
}

interface Catalog {
  definitions: Map<string, ObjectDefinition>;
  order: ObjectDefinition[];
  /** Every claimed emoji (active or disabled) → type: the placement guard. */
  emojis: Map<string, string>;
  disabled: Map<string, GizmoFailure>;
}

function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function failureOf(definition: unknown, message: string): GizmoFailure {
  const d = isPlainObject(definition) ? definition : {};
  return {
    type: typeof d.type === 'string' ? d.type : '',
    emoji: typeof d.emoji === 'string' ? d.emoji : '',
    label: typeof d.label === 'string' ? d.label : '',
    message,
  };
}

/** Builds a catalog from reviewed definitions, or throws the first problem (atomic mode). */
function buildCatalog(definitions: readonly ObjectDefinition[], options: ObjectRegistryOptions, base?: Catalog): Catalog {
  const existing = base ? [...base.definitions.values()].map((d) => ({ type: d.type, emoji: d.emoji, label: d.label })) : [];
  if (base) for (const f of base.disabled.values()) if (f.type) existing.push({ type: f.type, emoji: f.emoji, label: f.label });
  const catalogOptions: CatalogOptions = {
    isolateInvalidDefinitions: options.isolateInvalidDefinitions === true,
    allowReservedIdentities: options.allowReservedIdentities === true,
    existing,
  };
  const review = reviewCatalog(definitions, catalogOptions);
  const catalog: Catalog = base
    ? { definitions: new Map(base.definitions), order: [...base.order], emojis: new Map(base.emojis), disabled: new Map(base.disabled) }
    : { definitions: new Map(), order: [], emojis: new Map(), disabled: new Map() };
  if (!catalogOptions.isolateInvalidDefinitions) {
    const first: CatalogProblem | undefined = review.definitions.find((p) => p !== null) ?? review.project[0];
    if (first) throw new CatalogError(first, definitions);
  }
  if (!Array.isArray(definitions)) throw new CatalogError(review.project[0], definitions);
  const rejected = new Map<number, string>();
  review.definitions.forEach((found, i) => {
    if (found) rejected.set(i, catalogProblemText(found, definitions));
  });
  for (const found of review.project) {
    const index = review.duplicateOf.get(found);
    if (index !== undefined && !rejected.has(index)) rejected.set(index, catalogProblemText(found, definitions));
  }
  definitions.forEach((definition, i) => {
    const message = rejected.get(i);
    if (message !== undefined) {
      const failure = failureOf(definition, message);
      // A rejected definition with a usable identity keeps its guard (no later reuse of the emoji).
      // Keyed by type so definition() can explain a disabled type; a second failure of the same
      // type (a duplicate) or one without a type is kept under its position.
      const free = failure.type && !catalog.disabled.has(failure.type) && !catalog.definitions.has(failure.type) && !definitions.some((d, j) => j !== i && !rejected.has(j) && isPlainObject(d) && d.type === failure.type);
      catalog.disabled.set(free ? failure.type : `objects[${i}]:${failure.type}`, failure);
      if (failure.emoji && failure.type && !catalog.emojis.has(emojiKey(failure.emoji))) catalog.emojis.set(emojiKey(failure.emoji), failure.type);
      return;
    }
    catalog.definitions.set(definition.type, definition);
    catalog.order.push(definition);
    catalog.emojis.set(emojiKey(definition.emoji), definition.type);
  });
  return catalog;
}

const ACTION_KEYS = ['name', 'payload'];
const VIEWER_KEYS = ['actorId', 'canEdit'];

/** Why `context` is not `{ actorId, canEdit, canRemove?, now, randomInt }`, or null. */
function contextProblem(context: unknown): Problem {
  if (!isPlainObject(context)) return fail(TYPE_RULES.object, 'context', 'must be { actorId, canEdit, canRemove?, now, randomInt }', context);
  return (
    idProblem(context.actorId, 'context.actorId') ??
    booleanValue(context.canEdit, 'context.canEdit') ??
    (context.canRemove === undefined ? null : booleanValue(context.canRemove, 'context.canRemove')) ??
    (typeof context.now === 'number' && Number.isFinite(context.now) ? null : fail(TYPE_RULES.number, 'context.now', 'must be a finite number (milliseconds)', context.now)) ??
    (typeof context.randomInt === 'function' ? null : fail(TYPE_RULES.function, 'context.randomInt', 'must be a function (min, max) => integer', context.randomInt))
  );
}

/**
 * D is the type of the definitions it was made with: for definitions made by defineObject, create
 * returns their state type and act/execute keep the instance's, so a test reads
 * `registry.act(…).state.on` without a cast. Types only: the checks are the same for every D.
 */
export class ObjectRegistry<D extends ObjectDefinition = ObjectDefinition> {
  private definitions: Map<string, ObjectDefinition>;
  private emojis: Map<string, string>;
  private disabled: Map<string, GizmoFailure>;
  private order: ObjectDefinition[];
  private readonly options: ObjectRegistryOptions;

  /** Isolation is for trusted bundled catalogs only. Uploaded projects must remain atomic. */
  constructor(definitions: readonly D[], options: ObjectRegistryOptions = {}) {
    this.options = { ...options };
    const catalog = buildCatalog(definitions, this.options);
    this.definitions = catalog.definitions;
    this.emojis = catalog.emojis;
    this.disabled = catalog.disabled;
    this.order = catalog.order;
  }

  failures(): readonly GizmoFailure[] {
    return [...this.disabled.values()].map((f) => ({ ...f }));
  }

  private recordFailure(definition: ObjectDefinition, message: string): void {
    const failure = failureOf(definition, message);
    this.definitions.delete(failure.type);
    this.order = this.order.filter((d) => d.type !== failure.type);
    this.disabled.set(failure.type, failure);
    if (failure.emoji && !this.emojis.has(emojiKey(failure.emoji))) this.emojis.set(emojiKey(failure.emoji), failure.type);
  }

  /** Host preparation may reject one model without revalidating unrelated definitions. */
  disable(definition: ObjectDefinition, message: string): void {
    if (!isPlainObject(definition) || typeof definition.type !== 'string') throw new TypeError('disable: expected an installed definition');
    this.recordFailure(definition, `${definitionName(definition, -1)}: ${message}`);
  }

  /** Atomically install a complete catalog while preserving host references. */
  reset(definitions: readonly ObjectDefinition[]): void {
    const catalog = buildCatalog(definitions, this.options);
    this.definitions = catalog.definitions;
    this.emojis = catalog.emojis;
    this.disabled = catalog.disabled;
    this.order = catalog.order;
  }

  /**
   * A separate host catalog keeps unavailable built-ins and their placement guard. The additional
   * definitions are checked as an uploaded project: atomically, without reserved identities, and
   * without colliding with any installed or disabled type or emoji.
   */
  fork(additional: readonly ObjectDefinition[] = []): ObjectRegistry {
    const base: Catalog = { definitions: this.definitions, order: this.order, emojis: this.emojis, disabled: this.disabled };
    const catalog = buildCatalog(additional, {}, base);
    const forked = Object.create(ObjectRegistry.prototype) as ObjectRegistry;
    Object.assign(forked, { options: { ...this.options }, definitions: catalog.definitions, emojis: catalog.emojis, disabled: catalog.disabled, order: catalog.order });
    return forked;
  }

  all(): ObjectDefinition[] {
    return [...this.order];
  }

  forEmoji(emoji: string): ObjectDefinition | undefined {
    if (typeof emoji !== 'string') return undefined;
    const type = this.emojis.get(emojiKey(emoji));
    return type === undefined ? undefined : this.definitions.get(type);
  }

  definition(instance: ObjectInstance): ObjectDefinition {
    const type = isPlainObject(instance) ? instance.type : undefined;
    if (typeof type !== 'string') throw new TypeError('definition: expected an instance with a type');
    const definition = this.definitions.get(type);
    if (!definition) {
      const failure = this.disabled.get(type);
      if (failure) throw new Error(`${type} is disabled: ${failure.message}`);
      throw new Error(`no installed definition for type ${JSON.stringify(type)}`);
    }
    if (instance.version !== definition.version) throw new Error(`${type} is installed at version ${definition.version}, not ${String(instance.version)}`);
    return definition;
  }

  validate(value: unknown): value is ObjectInstance {
    if (!isObjectEnvelope(value)) return false;
    const definition = this.definitions.get(value.type);
    if (!definition || definition.version !== value.version) return false;
    try {
      return callAuthor(definition, 'valid', definition.valid, cloneJson(value.state)) === true;
    } catch {
      return false;
    }
  }

  create(emoji: string, id: string): ObjectInstance<DefinitionState<D>> | undefined {
    const definition = this.forEmoji(emoji);
    if (!definition) return undefined;
    const badId = idProblem(id, 'id');
    if (badId) throw new TypeError(`create: ${badId}`);
    const state = callAuthor(definition, 'initial', definition.initial);
    const found = stateProblemText(state, 'initial()');
    if (found) throw new Error(`${definitionName(definition, -1)}: ${found}`);
    if (callAuthor(definition, 'valid', definition.valid, cloneJson(state)) !== true) throw new Error(`${definitionName(definition, -1)}: initial(): must pass valid()`);
    return { id, type: definition.type, version: definition.version, state: cloneJson(state) as DefinitionState<D> };
  }

  /** Copy declared configuration only, never unrelated runtime state. */
  configuration(instance: ObjectInstance): ObjectConfiguration | undefined {
    const definition = this.definition(instance);
    if (!definition.configuration || !isPlainObject(instance.state)) return undefined;
    const state = instance.state;
    const values: Record<string, unknown> = {};
    // defineProperty, not assignment: a field named "__proto__" (JSON allows it) stays a field.
    for (const field of definition.configuration.fields)
      if (Object.prototype.hasOwnProperty.call(state, field)) Object.defineProperty(values, field, { value: cloneJson(state[field]), enumerable: true, writable: true, configurable: true });
    return { type: definition.type, version: definition.version, values };
  }

  /** Restore portable values through the normal reducer and host-derived editing authority. */
  configure<S>(instance: ObjectInstance<S>, configuration: unknown, context: ObjectContext): ObjectInstance<S> {
    const shape = configurationEnvelopeProblem(configuration);
    if (shape) throw new ObjectActionError(400, `configuration must be { type, version, values } with at most 2 KiB of JSON values (${shape})`);
    const config = configuration as ObjectConfiguration;
    const definition = this.checkedDefinition(instance);
    if (config.type !== definition.type || config.version !== definition.version)
      throw new ObjectActionError(409, `configuration is for ${config.type} version ${config.version}, not ${definition.type} version ${definition.version}`);
    const declared = definition.configuration;
    if (!declared) throw new ObjectActionError(400, `${definition.type} declares no configuration`);
    for (const key of Object.keys(config.values))
      if (!declared.fields.includes(key)) throw new ObjectActionError(400, `configuration.values.${key} is not a configured field (expected ${declared.fields.join(', ')})`);
    return this.act(instance, { name: declared.action, payload: config.values }, context);
  }

  /** Evaluate local audition data without applying state or sending any network action. */
  preview(instance: ObjectInstance, action: ObjectAction, viewer: { actorId: string; canEdit: boolean }): GizmoPreview {
    const definition = this.checkedDefinition(instance);
    this.checkAction(action);
    const previews = definition.previews ?? {};
    if (!Object.prototype.hasOwnProperty.call(previews, action.name)) throw new ObjectActionError(400, `${definition.type} has no preview ${JSON.stringify(action.name)}`);
    const entry = previews[action.name];
    const who = knownKeys(viewer, 'viewer', VIEWER_KEYS) ?? requiredKeys(viewer as unknown as Record<string, unknown>, 'viewer', VIEWER_KEYS) ?? idProblem(viewer.actorId, 'viewer.actorId') ?? booleanValue(viewer.canEdit, 'viewer.canEdit');
    if (who) throw new ObjectActionError(400, `viewer must be { actorId, canEdit } (${who})`);
    if (entry.permission === 'editor' && viewer.canEdit !== true) throw new ObjectActionError(403, `preview ${JSON.stringify(action.name)} needs editing permission`);
    const result = this.guard(() => callAuthor(definition, `previews.${action.name}.run`, entry.run, cloneJson(instance.state), cloneJson(action.payload)));
    const found = jsonProblem(result, 'preview') ?? previewProblem(result, 'preview');
    if (found) throw new ObjectActionError(400, `previews.${action.name}.run returned an invalid preview: ${found}`);
    return cloneJson(result);
  }

  act<S>(instance: ObjectInstance<S>, action: ObjectAction, context: ObjectContext): ObjectInstance<S> {
    return this.apply(instance, action, context).instance as ObjectInstance<S>;
  }

  execute<S>(instance: ObjectInstance<S>, action: ObjectAction, context: ObjectContext): { instance: ObjectInstance<S>; reaction: GizmoReaction | null } {
    const { instance: next, definition } = this.apply(instance, action, context);
    if (typeof definition.react !== 'function') return { instance: next as ObjectInstance<S>, reaction: null };
    const react = definition.react;
    const result = this.guard(() => callAuthor(definition, 'react', react, cloneJson(next.state), cloneJson(instance.state), cloneJson(action), { now: context.now }));
    const pending = pendingResultText(result, 'react', REACTION_REASON);
    if (pending) throw new ObjectActionError(400, pending);
    const found = checkedReaction(definition, next.state, result);
    if (found) throw new ObjectActionError(400, `react returned an invalid reaction: ${found}`);
    return { instance: next as ObjectInstance<S>, reaction: result === null ? null : cloneJson(result as GizmoReaction) };
  }

  /** The definition of a valid instance, or ObjectActionError (400 invalid, 409 stale version). */
  private checkedDefinition(instance: ObjectInstance): ObjectDefinition {
    const envelope: unknown = instance;
    const shape = envelopeProblem(envelope);
    if (shape) throw new ObjectActionError(400, `instance must be { id, type, version, state, linkId? } with JSON state of at most 32 KiB (${shape})`);
    const definition = this.definitions.get(instance.type);
    if (!definition) throw new ObjectActionError(400, this.disabled.has(instance.type) ? `${instance.type} is disabled` : `no installed definition for type ${JSON.stringify(instance.type)}`);
    if (definition.version !== instance.version) throw new ObjectActionError(409, `${instance.type} is installed at version ${definition.version}, not ${instance.version}`);
    const valid: boolean = this.validate(envelope);
    if (!valid) throw new ObjectActionError(400, `the instance's state does not pass ${instance.type}'s valid()`);
    return definition;
  }

  private checkAction(action: ObjectAction): void {
    const shape = knownKeys(action, 'action', ACTION_KEYS) ?? requiredKeys(action as unknown as Record<string, unknown>, 'action', ACTION_KEYS);
    if (shape) throw new ObjectActionError(400, `action must be { name, payload } (${shape})`);
    const found = keyProblem(action.name, 'action.name') ?? payloadProblem(action.payload, 'payload');
    if (found) throw new ObjectActionError(400, found.toString());
  }

  /** Runs author code; ObjectActionErrors keep their status, anything else becomes a 400. */
  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      if (err instanceof ObjectActionError) throw err;
      throw new ObjectActionError(400, thrownMessage(err));
    }
  }

  private apply(instance: ObjectInstance, action: ObjectAction, context: ObjectContext): { instance: ObjectInstance; definition: ObjectDefinition } {
    const definition = this.checkedDefinition(instance);
    this.checkAction(action);
    const wrong = contextProblem(context);
    if (wrong) throw new ObjectActionError(400, wrong.toString());
    const actions = definition.actions;
    if (!Object.prototype.hasOwnProperty.call(actions, action.name)) throw new ObjectActionError(400, `${definition.type} has no action ${JSON.stringify(action.name)}`);
    const entry = actions[action.name];
    if (entry.permission === 'editor' && context.canEdit !== true) throw new ObjectActionError(403, `action ${JSON.stringify(action.name)} needs editing permission`);
    if (entry.permission === 'remover' && context.canRemove !== true) throw new ObjectActionError(403, `action ${JSON.stringify(action.name)} needs permission to remove this object`);
    const frozenContext: ObjectContext = { actorId: context.actorId, canEdit: context.canEdit, now: context.now, randomInt: context.randomInt };
    if (context.canRemove !== undefined) frozenContext.canRemove = context.canRemove;
    const result = this.guard(() => callAuthor(definition, `actions.${action.name}.run`, entry.run, cloneJson(instance.state), cloneJson(action.payload), frozenContext));
    const pending = pendingResultText(result, `actions.${action.name}.run`, REDUCER_REASON);
    if (pending) throw new ObjectActionError(400, pending);
    const shape = stateProblemText(result, 'state');
    if (shape) throw new ObjectActionError(400, `actions.${action.name}.run returned state that cannot be saved: ${shape}`);
    const valid = this.guard(() => callAuthor(definition, 'valid', definition.valid, cloneJson(result)));
    if (valid !== true) throw new ObjectActionError(400, `actions.${action.name}.run returned state that valid() rejects`);
    const next: ObjectInstance = { id: instance.id, type: instance.type, version: instance.version, state: cloneJson(result) };
    if (instance.linkId !== undefined) next.linkId = instance.linkId;
    return { instance: next, definition };
  }
}

