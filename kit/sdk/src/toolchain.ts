/**
 * The toolchain entry: what the Go toolchain (build validation, the dev host, `scape gizmo test`)
 * loads into goja before an author's bundle. It is NOT part of the published package's exports.
 *
 * It publishes one global, `__scapeToolchain`, and keeps the Go side independent of the SDK's
 * internal module layout: Go calls only the functions below. The rules themselves stay in the SDK
 * (catalogProblems and the validators it calls); this file only finds the project in a bundle's
 * exports and reshapes results.
 *
 * Author code shares the runtime, so the Go side never reads a JavaScript value that author code
 * could have touched: every function Go reads a result of returns ONE JSON string, made here
 * (inside the guarded call) from plain data this file built, and Go only parses that string.
 * Thrown values are described here too (describeThrown), and console arguments are shown by
 * internal/display.ts. Values from author code are checked against the JSON bounds first
 * (internal/bounds.ts) before anything serialises them.
 *
 * Runs only under goja: no Node APIs, no timers, no TextEncoder, no regex property escapes.
 */
import * as sdk from './index.js';
import * as runtime from './runtime.js';
import { resultProblem, reviewCatalog, type CatalogProblem } from './internal/catalog.js';
import { effectResultProblem } from './internal/sounds.js';
import { audioTimelineProblem } from './audio.js';
import { exploreDefinition, type ExploreLimits, type Finding } from './internal/explore.js';
import { allRules, collectWarnings, type Rule } from './internal/rules.js';
import { authorCall, callAuthor, frozenHint, thrownMessage, thrownRule, thrownStack } from './internal/call.js';
import { boundsProblem, jsonWithin } from './internal/bounds.js';
import { boundaryHint } from './internal/boundary.js';
import { dataValue, display, plainProperty } from './internal/display.js';
import { definedAt, JSON_DEPTH_LIMIT } from './api.js';
import { describeValue, GizmoProblem, problemText } from './internal/problem.js';
import { jsonProblem } from './internal/json.js';
import { previewProblem } from './soundBank.js';
import { timelineProblem } from './presentation.js';
import { sequenceStepProblem } from './sequence.js';

/** One definition as the toolchain reports it. */
interface DefinitionFacts {
  index: number;
  type: string;
  version: number;
  emoji: string;
  label: string;
  /** The `new Error().stack` captured by defineObject, if the definition came from it. */
  definedAt: string;
  /** The export name the definition was found under ('default' for a project's objects). */
  exportName: string;
  /** Its fixed `walkable` (absent is false): a host keeps it to check the next build's. */
  walkable: boolean;
  /** Its `hint`, at most HINT_LIMIT characters: the world page shows it on cards and tooltips. */
  hint: string;
}

/** The longest hint describe passes on (the docs give no length; a page shows one line). */
const HINT_LIMIT = 240;

/** One rule problem, ready for a Go diag.Diagnostic. */
interface ProblemFacts {
  /** Index into definitions, or -1 for a project-wide problem. */
  index: number;
  path: string;
  message: string;
  /** JSON text of the value, or '' when it has no JSON form. */
  valueJSON: string;
  /** describeValue(value) when the rule's text shows it as `(got …)`, else ''. */
  got: string;
  /** The author callback whose result (or throw) is the problem, or ''. */
  callback: string;
  /** The id of the rule broken (internal/rules.ts), or '' for a thrown callback. */
  rule?: string;
  /** 'warning' for a guess rule that reports (never fails a build), else 'error' or absent. */
  severity?: 'error' | 'warning';
  /** For a problem in an explored state: the actions that reach it from initial() (`color(blue)`). */
  trail?: string[];
  /** For a thrown callback: the error's stack, whose top author frame is where it threw. */
  thrownAt?: string;
}

/** describe's result: the definitions, or why the exports hold none. */
interface Described {
  definitions: DefinitionFacts[];
  /** Set when the bundle's exports hold no project at all. */
  loadError: string;
}

/** check's result: the rule problems (the definitions are describe's). */
interface Checked {
  problems: ProblemFacts[];
  loadError: string;
}

function isDefinitionLike(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && typeof v.initial === 'function';
}

function isProjectLike(value: unknown): value is { objects: readonly unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { objects?: unknown }).objects);
}

/**
 * The definitions a bundle exports: a default-exported ProjectDefinition ({ objects }), or a
 * default-exported single definition (every example's src/definition.ts ends with
 * `export default lamp;`, and src/definition.ts is the documented default entry). The spec: "A
 * project default-exports its definitions". An entry whose definitions are only named exports is
 * refused by projectEntryError, which names them and shows the default export to write.
 */
function findProject(exports: unknown): { objects: unknown[]; names: string[]; error: string } {
  const none = { objects: [], names: [] };
  if (typeof exports !== 'object' || exports === null)
    return { ...none, error: 'the entry has no exports: export default defineProject({ objects: [...] })' };
  const ns = exports as Record<string, unknown>;
  const def = ns.default;
  if (isProjectLike(def)) return { objects: [...def.objects], names: def.objects.map(() => 'default'), error: '' };
  if (isDefinitionLike(def)) return { objects: [def], names: ['default'], error: '' };
  return { ...none, error: projectEntryError(ns) };
}

/**
 * Why an entry without a default-exported project or definition holds no project, naming the
 * definitions it exports by name (`lamp: example.lamp`) and the fix that uses them:
 * `export default defineProject({ objects: [lamp, fan] })`.
 */
function projectEntryError(ns: Record<string, unknown>): string {
  const found: unknown[] = [];
  const names: string[] = [];
  const listed: string[] = [];
  for (const key of Object.keys(ns)) {
    const value = ns[key];
    if (key === 'default' || !isDefinitionLike(value) || found.includes(value)) continue;
    found.push(value);
    names.push(key);
    listed.push(`${key}: ${(value as { type: string }).type}`);
  }
  const fix = `export default defineProject({ objects: [${names.length > 0 ? names.join(', ') : '...'}] })`;
  const def = ns.default;
  if (def !== undefined) {
    const named = names.length > 0 ? `; it exports definitions by name (${listed.join(', ')})` : '';
    return `the entry's default export is not a project or a definition (got ${describeValue(def)})${named}: ${fix}`;
  }
  if (names.length > 0) return `the entry exports definitions only by name (${listed.join(', ')}); a project default-exports its definitions: ${fix}`;
  return `the entry exports no project and no definitions: ${fix}`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function facts(objects: unknown[], names: string[]): DefinitionFacts[] {
  return objects.map((value, index) => {
    const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    // Each field read once: a getter may answer differently every time.
    const version = v.version;
    return {
      index,
      type: text(v.type),
      version: typeof version === 'number' && Number.isFinite(version) ? version : 0,
      emoji: text(v.emoji),
      label: text(v.label),
      definedAt: definedAt(value) ?? '',
      exportName: names[index] ?? '',
      walkable: v.walkable === true,
      hint: Array.from(text(v.hint)).slice(0, HINT_LIMIT).join(''),
    };
  });
}

/** The longest value a problem carries as JSON (a diagnostic's `value`); a longer one has only its `got`. */
const VALUE_JSON_LIMIT = 4096;

/** JSON text of a problem's value, or '' when it has none or it is longer than VALUE_JSON_LIMIT. */
function valueJSON(value: unknown): string {
  if (!jsonWithin(value, VALUE_JSON_LIMIT)) return '';
  const out = fullJSON(value);
  return out.length <= VALUE_JSON_LIMIT ? out : '';
}

/** The SDK's short rendering of a value, when the problem's text shows one (thrown errors do not). */
function gotText(text: string, value: unknown): string {
  const got = describeValue(value);
  return text.endsWith(` (got ${got})`) ? got : '';
}

/** Reshapes reviewCatalog's CatalogProblem list (see internal/catalog.ts) for Go. */
function normalise(found: readonly CatalogProblem[]): ProblemFacts[] {
  return found.map((item) => {
    const out = ruleProblem(item.index, item, item.callback ?? '');
    if (item.rule !== undefined) out.rule = item.rule;
    if (item.severity === 'warning') out.severity = 'warning';
    return out;
  });
}

interface InstanceInput {
  id: string;
  type: string;
  version: number;
  state: unknown;
  /**
   * The fixed walkability of the instance's type in the build it is placed under (the host's
   * active build); absent when the host does not know it, and then not checked.
   */
  walkable?: boolean;
}

/** The definitions a bundle exports, without running any author callback. */
function describe(exports: unknown): Described {
  const { objects, names, error } = findProject(exports);
  return { definitions: facts(objects, names), loadError: error };
}

/** Validates a bundle's exports. Author callbacks run through the SDK's authorCall. */
function check(exports: unknown, instancesJSON?: string): Checked {
  const { objects, error } = findProject(exports);
  if (error) return { problems: [], loadError: error };
  const review = reviewCatalog(objects);
  const errors: CatalogProblem[] = [];
  for (const found of review.definitions) if (found) errors.push(found);
  errors.push(...review.project);
  const problems = normalise(errors);
  if (problems.length === 0 && instancesJSON) problems.push(...instanceProblems(objects, JSON.parse(instancesJSON) as InstanceInput[]));
  problems.push(...normalise(review.warnings));
  return { problems, loadError: '' };
}

/**
 * Existing placed instances must still validate under the new definitions. The spec, Updates:
 * "remove affected instances before changing identity, version, fixed collision behavior, or
 * removing a definition"; Live updates: "Changing fixed walkability also requires removing
 * placed instances."
 */
function instanceProblems(objects: unknown[], instances: InstanceInput[]): ProblemFacts[] {
  const out: ProblemFacts[] = [];
  for (const instance of instances) {
    const at = `instances[${JSON.stringify(instance.id)}]`;
    const index = objects.findIndex((o) => (o as { type?: unknown }).type === instance.type);
    if (index < 0) {
      out.push({ index: -1, path: `${at}.type`, message: 'is placed but no longer defined (remove the placed instances first)', valueJSON: JSON.stringify(instance.type), got: describeValue(instance.type), callback: '' });
      continue;
    }
    const def = objects[index] as sdk.ObjectDefinition;
    if (def.version !== instance.version) {
      out.push({ index, path: `${at}.version`, message: `is placed at version ${instance.version} but the definition is version ${def.version} (remove the placed instances first)`, valueJSON: JSON.stringify(instance.version), got: describeValue(instance.version), callback: '' });
      continue;
    }
    const walkable = def.walkable === true;
    if (typeof instance.walkable === 'boolean' && instance.walkable !== walkable) {
      out.push({ index, path: `${at}.walkable`, message: walkabilityMessage(instance, walkable), valueJSON: JSON.stringify(instance.walkable), got: describeValue(instance.walkable), callback: '' });
      continue;
    }
    const ok = callAuthor(def, 'valid', def.valid, instance.state);
    if (ok !== true)
      out.push({ index, path: `${at}.state`, message: 'no longer passes valid() (remove the placed instance or keep its state valid)', valueJSON: valueJSON(instance.state), got: describeValue(instance.state), callback: 'valid' });
  }
  return out;
}

/** `is placed as blocking but example.lamp is now walkable (remove …)`, or the reverse. */
function walkabilityMessage(instance: InstanceInput, walkable: boolean): string {
  const change = walkable ? `is placed as blocking but ${instance.type} is now walkable` : `is placed as walkable but ${instance.type} is no longer walkable`;
  return `${change} (remove the placed instances before changing fixed walkability)`;
}

/** One definition's exploration, for the report. */
interface ExploredFacts {
  index: number;
  type: string;
  states: number;
  actions: number;
  stopped: string;
}

/** explore's result: what was explored, and the problems of reachable states (with trails). */
interface Explored {
  definitions: ExploredFacts[];
  problems: ProblemFacts[];
}

function findingFacts(index: number, found: Finding): ProblemFacts {
  const out = ruleProblem(index, found.problem, found.callback ?? '');
  // The problem's own text decides whether it shows a value (a thrown error's does not).
  out.got = gotText(found.problem.toString(), found.problem.value);
  out.trail = found.trail;
  return out;
}

/**
 * State exploration (internal/explore.ts) of every definition of a project the catalog check
 * accepted: `limitsJSON` is { states, budgetMs } per definition, and optionally { first, count }:
 * only those definitions (the toolchain explores a project's parts in parallel runtimes); the
 * budget is shared, so a project of 16 definitions takes no longer than one would. Errors first,
 * then warnings.
 */
function explore(exports: unknown, limitsJSON: string): Explored {
  const { objects } = findProject(exports);
  const limits = JSON.parse(limitsJSON) as ExploreLimits & { first?: number; count?: number };
  const out: Explored = { definitions: [], problems: [] };
  const warnings: ProblemFacts[] = [];
  const end = Date.now() + limits.budgetMs;
  // A part of the project (first, count): the toolchain explores the others in other runtimes.
  const first = Math.max(0, Math.min(objects.length, limits.first ?? 0));
  const last = limits.count === undefined ? objects.length : Math.min(objects.length, first + Math.max(0, limits.count));
  for (let i = first; i < last; i++) {
    const def = objects[i] as sdk.ObjectDefinition;
    // What is left of the budget, shared among the definitions still to explore.
    const found = exploreDefinition(def, { states: limits.states, budgetMs: Math.max(0, (end - Date.now()) / (last - i)) });
    out.definitions.push({ index: i, type: text(def.type), states: found.states, actions: found.actions, stopped: found.stopped });
    for (const f of found.errors) out.problems.push(findingFacts(i, f));
    for (const f of found.warnings) warnings.push(findingFacts(i, f));
  }
  out.problems.push(...warnings);
  return out;
}

/** The author callback running now (for a timeout message): { type, callback }, or null. */
function currentCall(): { type: string; callback: string } | null {
  return authorCall.current;
}

/**
 * The most JSON text fullJSON writes: recipes, a sound bank and previews of a project whose bundle
 * is at most 1 MiB (recorded sounds included, as base64 text) stay below it.
 */
const FULL_JSON_BOUND = 4 << 20;

/** JSON text of data within the JSON bounds, or '' when it has no JSON form or is out of them. */
function fullJSON(value: unknown): string {
  if (!jsonWithin(value, FULL_JSON_BOUND)) return '';
  try {
    const out = JSON.stringify(value);
    return typeof out === 'string' ? out : '';
  } catch {
    return '';
  }
}

/** One preview as the view of the initial state would audition it. */
interface PreviewFacts {
  name: string;
  payload: unknown;
  preview: unknown;
}

/** A sound found by running author code, with the name a build error gives it. */
interface NamedSound {
  name: string;
  sound: unknown;
}

/** What effects() found for one definition beyond its static data. */
interface Probed {
  previews: PreviewFacts[];
  /** Sounds of valid previews and probed sequence steps, named for messages. */
  sounds: NamedSound[];
  /** Preview results and probed sequence steps the SDK's rules refuse. */
  problems: ProblemFacts[];
}

function thrownProblem(index: number, path: string, callback: string, err: unknown): ProblemFacts {
  const out: ProblemFacts = { index, path, message: thrownRule(err), valueJSON: '', got: '', callback };
  const at = thrownStack(err);
  if (at !== '') out.thrownAt = at;
  return out;
}

/**
 * A rule's problem for Go. Its full text is the problem's own when it carries one (the catalog
 * keeps a thrown error's text, which has no "got" part), else the SDK's standard rendering.
 */
function ruleProblem(index: number, found: { path: string; message: string; value?: unknown; rule?: unknown }, callback: string): ProblemFacts {
  const text = (found as { text?: unknown }).text;
  const full = typeof text === 'string' ? text : new GizmoProblem(found.path, found.message, found.value).toString();
  const out: ProblemFacts = { index, path: found.path, message: found.message, valueJSON: valueJSON(found.value), got: gotText(full, found.value), callback };
  const thrownAt = (found as { thrownAt?: unknown }).thrownAt;
  if (typeof thrownAt === 'string' && thrownAt !== '') out.thrownAt = thrownAt;
  const r = found.rule as Rule | undefined;
  if (found instanceof GizmoProblem && r !== undefined) {
    out.rule = r.id;
    out.severity = found.severity;
  }
  return out;
}

/** Warnings recorded while probing one definition's effects, as facts (each once). */
function warningFacts(index: number, warnings: readonly GizmoProblem[], callback: string): ProblemFacts[] {
  const seen = new Set<string>();
  const out: ProblemFacts[] = [];
  for (const w of warnings) {
    const key = `${w.path}\u0000${w.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ruleProblem(index, w, callback));
  }
  return out;
}

/**
 * The previews resolvable without a player: every control of the initial state's views (for an
 * editor and for a participant) that auditions a preview (`kind: 'preview'` names it in its action, `preview` names
 * it directly) is run with that control's payload, and its result checked with the SDK's
 * previewProblem (the catalog check does not run previews). A preview that throws, or returns
 * something the SDK refuses, is a problem named `previews.NAME(PAYLOAD)`.
 */
function previewsOf(def: sdk.ObjectDefinition, index: number, state: unknown, out: Probed): void {
  const previews = def.previews;
  if (!previews || typeof def.view !== 'function') return;
  // The view for an editor and for a participant: either may show preview controls the other
  // does not.
  const controls: Record<string, unknown>[] = [];
  for (const canEdit of [true, false]) {
    const view = callAuthor(def, 'view', def.view, JSON.parse(JSON.stringify(state)) as unknown, { actorId: 'scape-validator', canEdit }) as { controls?: unknown };
    // The catalog check accepted a view of this state, but a view may answer differently now.
    const found = boundsProblem(view, 'view');
    if (found) {
      out.problems.push(ruleProblem(index, found, 'view'));
      return;
    }
    if (Array.isArray(view?.controls)) controls.push(...(view.controls as Record<string, unknown>[]));
  }
  const seen = new Set<string>();
  for (const control of controls) {
    const action = (control?.action ?? {}) as { name?: unknown; payload?: unknown };
    const name = control?.kind === 'preview' ? action.name : control?.preview;
    if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(previews, name)) continue;
    const payload = action.payload ?? {};
    const key = `${name}\u0000${fullJSON(payload)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = `previews.${name}(${fullJSON(payload)})`;
    let preview: unknown;
    try {
      preview = callAuthor(def, `previews.${name}.run`, previews[name].run, JSON.parse(JSON.stringify(state)) as unknown, JSON.parse(JSON.stringify(payload)) as Record<string, unknown>);
    } catch (err) {
      out.problems.push(thrownProblem(index, at, `previews.${name}.run`, err));
      continue;
    }
    const found = boundsProblem(preview, at) ?? jsonProblem(preview, at) ?? previewProblem(preview, at);
    if (found) {
      out.problems.push(ruleProblem(index, found, `previews.${name}.run`));
      continue;
    }
    out.previews.push({ name, payload, preview });
    out.sounds.push({ name: `${at}.sound`, sound: (preview as { sound: unknown }).sound });
  }
}

/**
 * Opportunity counters and synthetic source lists sequence() is probed with at build time. The
 * catalog check calls it once (step 0, one source); these add later steps and more sources, so
 * a sequence that varies its strikes by step or by source count has more of them rendered.
 * Sources are nearest first, as a host lists them.
 */
const SEQUENCE_PROBES: { step: number; sources: number }[] = [
  { step: 0, sources: 1 },
  { step: 1, sources: 3 },
  { step: 2, sources: 3 },
  { step: 3, sources: 16 },
  { step: 7, sources: 2 },
];

function probeSources(n: number): { x: number; y: number; gain: number; pan: number }[] {
  const out = [];
  for (let i = 0; i < n; i++) out.push({ x: i + 1, y: i % 3, gain: 1 / (i + 1), pan: i % 2 === 0 ? -0.5 : 0.5 });
  return out;
}

function sequenceOf(def: sdk.ObjectDefinition, index: number, out: Probed): void {
  if (typeof def.sequence !== 'function') return;
  // A host never lists more sources than the ambience's maxSources (any number; at least one probed).
  const declared = (def.ambience as { maxSources?: unknown } | undefined)?.maxSources;
  const max = typeof declared === 'number' && declared >= 1 ? Math.floor(declared) : 1;
  for (const { step: n, sources: wanted } of SEQUENCE_PROBES) {
    const probe = { step: n, sources: Math.min(wanted, max) };
    const at = `sequence(step ${probe.step})`;
    let step: unknown;
    try {
      step = callAuthor(def, 'sequence', def.sequence, { step: probe.step, sources: probeSources(probe.sources) });
    } catch (err) {
      out.problems.push(thrownProblem(index, at, 'sequence', err));
      return;
    }
    const found = boundsProblem(step, at) ?? jsonProblem(step, at) ?? sequenceStepProblem(step, probe.sources, at);
    if (found) {
      const facts = ruleProblem(index, found, 'sequence');
      facts.message = `${found.message} (with ${probe.sources} audible source${probe.sources === 1 ? '' : 's'})`;
      out.problems.push(facts);
      return;
    }
    const strikes = (step as { strikes: { sound: unknown }[] }).strikes;
    strikes.forEach((strike, i) => out.sounds.push({ name: `${at}.strikes[${i}].sound`, sound: strike.sound }));
  }
}

/** Every sound of a definition, for the Go side's render check. */
interface EffectFacts {
  type: string;
  sounds: string;
  soundBank: string;
  previews: string;
  /** JSON of NamedSound[]: preview sounds and probed sequence strikes. */
  probed: string;
  problems: ProblemFacts[];
}

/**
 * Sounds as resolvable without a live world, for the audio check: static sounds,
 * soundBank(initial()), the initial view's previews, sequence() at a few probed steps. Each as
 * JSON. Called only for a project the catalog check accepted (models come from models()).
 */
function effects(exports: unknown): EffectFacts[] {
  const { objects } = findProject(exports);
  return objects.map((value, index) => {
    const def = value as sdk.ObjectDefinition;
    const state = callAuthor(def, 'initial', def.initial);
    let soundBank = '';
    if (typeof def.soundBank === 'function') soundBank = fullJSON(callAuthor(def, 'soundBank', def.soundBank, JSON.parse(JSON.stringify(state)) as unknown));
    const probed: Probed = { previews: [], sounds: [], problems: [] };
    const { warnings } = collectWarnings(() => {
      previewsOf(def, index, state, probed);
      sequenceOf(def, index, probed);
    });
    probed.problems.push(...warningFacts(index, warnings, ''));
    return {
      type: text(def.type),
      sounds: def.sounds ? fullJSON(def.sounds) : '',
      soundBank,
      previews: probed.previews.length ? fullJSON(probed.previews) : '',
      probed: probed.sounds.length ? fullJSON(probed.sounds) : '',
      problems: probed.problems,
    };
  });
}

function modelOf(value: unknown): string {
  const def = value as { presentation?: { model?: unknown } };
  return typeof def === 'object' && def !== null && typeof def.presentation === 'object' && def.presentation !== null && typeof def.presentation.model === 'string' ? def.presentation.model : '';
}

/** presentation.model of every definition ('' when none), without running author code. */
function models(exports: unknown): string[] {
  return findProject(exports).objects.map(modelOf);
}

/** A live registry over a bundle's project, for the dev host and tests. */
function open(exports: unknown): runtime.ObjectRegistry {
  const { objects, error } = findProject(exports);
  if (error) throw new Error(error);
  return new runtime.ObjectRegistry(objects as sdk.ObjectDefinition[]);
}

/** A refusal from author code or the registry, as data: { status, message }. */
interface Refusal {
  status: number;
  message: string;
}

function refusal(err: unknown): Refusal {
  if (err instanceof sdk.ObjectActionError) return { status: err.status, message: err.message };
  return { status: 400, message: thrownMessage(err) };
}

/** registry.create as JSON: the new instance, or '' when no definition has that emoji. */
function create(registry: runtime.ObjectRegistry, emoji: string, id: string): string {
  const instance = registry.create(emoji, id);
  return instance === undefined ? '' : JSON.stringify(instance);
}

/**
 * registry.execute as JSON: { instance, reaction } or { refused: { status, message } }. The
 * context's randomInt is supplied by the caller (the host's server-side randomness).
 */
function execute(registry: runtime.ObjectRegistry, instanceJSON: string, actionJSON: string, contextJSON: string, randomInt: (min: number, max: number) => number): string {
  try {
    const context = { ...(JSON.parse(contextJSON) as Omit<sdk.ObjectContext, 'randomInt'>), randomInt };
    const result = registry.execute(JSON.parse(instanceJSON) as sdk.ObjectInstance, JSON.parse(actionJSON) as sdk.ObjectAction, context);
    // The registry checked the state and the reaction; the bound keeps the serialisation cheap
    // whatever they hold ({ instance: { state } } adds two levels).
    const found = boundsProblem(result, '', undefined, undefined, JSON_DEPTH_LIMIT + 2);
    if (found) return JSON.stringify({ refused: { status: 400, message: found.toString() } });
    return JSON.stringify(result);
  } catch (err) {
    return JSON.stringify({ refused: refusal(err) });
  }
}

/**
 * The instance's view for a viewer as JSON: { view }, with view null when the definition has
 * none (a Gizmo without a view, such as the pressure pad, is not an error: the host shows its card
 * with no controls), or { refused } when it throws or returns something that is not a view.
 */
function view(registry: runtime.ObjectRegistry, instanceJSON: string, viewerJSON: string): string {
  try {
    const instance = JSON.parse(instanceJSON) as sdk.ObjectInstance;
    const def = registry.definition(instance);
    if (typeof def.view !== 'function') return JSON.stringify({ view: null });
    const result = callAuthor(def, 'view', def.view, instance.state, JSON.parse(viewerJSON) as sdk.ObjectViewer);
    const found = boundsProblem(result, 'view');
    if (found) return JSON.stringify({ refused: { status: 400, message: found.toString() } });
    return JSON.stringify({ view: result });
  } catch (err) {
    return JSON.stringify({ refused: refusal(err) });
  }
}

/** "type vN" of a parsed instance that failed validation, for the refusal's message. */
function instanceLabel(value: unknown): string {
  const m = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return `${JSON.stringify(m.type) ?? 'an instance'} v${String(m.version)}`;
}

/**
 * What the world model needs of one placed instance, derived through the SDK's own resolvers (each
 * checks the author's result): { derived } or { refused } when the instance is unknown, invalid or
 * a callback fails. `linked` is the host's topology for lighting (GizmoEnvironment).
 */
function derive(registry: runtime.ObjectRegistry, instanceJSON: string, linked: boolean, previousJSON = '', askJSON = ''): string {
  try {
    const instance: unknown = JSON.parse(instanceJSON);
    if (!registry.validate(instance)) return JSON.stringify({ refused: { status: 400, message: `${instanceLabel(instance)}: not an installed definition, or its state is not valid` } });
    const def = registry.definition(instance);
    if (askJSON !== '') return answer(registry, def, instance, JSON.parse(askJSON) as Ask);
    const actions: Record<string, string> = {};
    for (const name of Object.keys(def.actions)) actions[name] = def.actions[name].permission;
    const derived = {
      walkable: def.walkable === true,
      push: sdk.resolveGizmoPush(def, instance.state),
      travel: sdk.resolveGizmoTravel(def, instance.state),
      lighting: sdk.resolveGizmoLighting(def, instance.state, { linked }),
      // What the page draws (host/web/ui/canvas.ts): the sprite for this state (null without one), the
      // world text ('' without one) and the range it is visible from (null: always).
      sprite: sdk.resolveGizmoSprite(def, instance.state) ?? null,
      worldText: sdk.gizmoWorldText(def, instance.state),
      worldTextRange: typeof def.worldTextRange === 'number' ? def.worldTextRange : null,
      navigate: sdk.resolveGizmoNavigation(def, instance.state),
      link: def.link === undefined ? null : { size: def.link.size },
      step: typeof def.step === 'function',
      areaRemoval: def.areaRemoval === undefined ? null : { radiusCells: def.areaRemoval.radiusCells },
      editPolicy: def.editPolicy ?? 'placer',
      worldEditor: def.worldEditor !== undefined,
      actions,
      // Only for a change of state (previousJSON given): what the change plays and animates.
      transition: previousJSON === '' ? null : transition(def, instance.state, JSON.parse(previousJSON) as unknown),
      // The panel's portable settings and world picker (docs/world.md, "The panel"): declarations, copied.
      configuration: def.configuration === undefined ? null : { action: def.configuration.action, fields: [...def.configuration.fields], remember: def.configuration.remember === true, open: def.configuration.open === true },
      worldPicker: def.worldEditor === undefined ? null : { field: def.worldEditor.field, action: def.worldEditor.action, label: def.worldEditor.label },
      // The model's drawing (the definition's fixed presentation, without the model's bytes: the
      // host serves those by content hash), its decorative spin, and the timeline that shows the
      // state at rest (animate(state, state): its final frame is what loading shows).
      presentation: presentationOf(def),
      spin: typeof def.spin === 'number' && def.presentation !== undefined ? def.spin : 0,
      settled: def.presentation === undefined ? null : settledTimeline(def, instance.state),
    };
    const found = boundsProblem(derived, '', undefined, undefined, JSON_DEPTH_LIMIT + 2);
    if (found) return JSON.stringify({ refused: { status: 400, message: found.toString() } });
    return JSON.stringify({ derived });
  } catch (err) {
    return JSON.stringify({ refused: refusal(err) });
  }
}

/**
 * What a change of state from `previous` to `state` plays and animates: the definition's
 * audio(state, previous) and animate(state, previous), each checked by the SDK's own validator.
 * A callback that throws or returns an invalid timeline does not refuse the change (the state is
 * valid; only its cosmetics failed): its output is null and `problem` says why, for the page to
 * show beside the instance.
 */
function transition(def: sdk.ObjectDefinition, state: unknown, previous: unknown): { audio: unknown; animate: unknown; problem: string | null } {
  const out: { audio: unknown; animate: unknown; problem: string | null } = { audio: null, animate: null, problem: null };
  const run = (name: 'audio' | 'animate', fn: unknown, check: (value: unknown) => string | null): unknown => {
    if (typeof fn !== 'function') return null;
    try {
      const value = callAuthor(def, name, fn as (...args: unknown[]) => unknown, structuredCopy(state), structuredCopy(previous));
      const found = check(value);
      if (found) {
        out.problem ??= `${name}: ${found}`;
        return null;
      }
      return value;
    } catch (err) {
      out.problem ??= `${name}: ${thrownMessage(err)}`;
      return null;
    }
  };
  // The catalog's own checks of these outputs (bounds, JSON, the declared sounds, the rule).
  out.audio = run('audio', def.audio, (v) => problemText(effectResultProblem(def, state, v, 'audio', 'an audio timeline', audioTimelineProblem)));
  out.animate = run('animate', def.animate, animateProblem);
  return out;
}

/**
 * A derive-like question the world page's sound asks about one placed instance (validate.Env.Ask),
 * answered in the same guarded call as derive and never changing state:
 * - `sounds`: the instance's sounds by name as the SDK resolves them for its state (static
 *   `sounds`, or `soundBank(state)` checked by resolveGizmoSounds), its ambience (static data the
 *   catalog check accepted) and whether it has a sequence. Recorded WAV strings make this larger
 *   than derive's 1 MiB result bound, so it has FULL_JSON_BOUND, as effects() does.
 * - `preview`: one preview control's audition through the registry's own preview (the preview's
 *   permission, its viewer, previewProblem): a GizmoPreview for the pressing tab only.
 * - `sequence`: one sequence(context) step for a listener's nearest sources, checked as the
 *   build's probes are (bounds, JSON, sequenceStepProblem).
 */
interface Ask {
  sounds?: boolean;
  preview?: { name: string; payload: Record<string, unknown>; viewer: { actorId: string; canEdit: boolean } };
  sequence?: sdk.GizmoSequenceContext;
}

function answer(registry: runtime.ObjectRegistry, def: sdk.ObjectDefinition, instance: sdk.ObjectInstance, ask: Ask): string {
  const refused = (message: string) => JSON.stringify({ refused: { status: 400, message } });
  let derived: Record<string, unknown>;
  if (ask.sounds) {
    let sounds: unknown = null;
    let problem: string | null = null;
    try {
      sounds = sdk.resolveGizmoSounds(def, structuredCopy(instance.state));
    } catch (err) {
      problem = thrownMessage(err);
    }
    derived = { sounds, soundProblem: problem, bank: typeof def.soundBank === 'function', ambience: def.ambience ?? null, sequence: typeof def.sequence === 'function' };
  } else if (ask.preview) {
    const p = ask.preview;
    derived = { preview: registry.preview(instance, { name: p.name, payload: p.payload }, p.viewer) };
  } else if (ask.sequence) {
    if (typeof def.sequence !== 'function') return refused(`${def.type} has no sequence`);
    const context = ask.sequence;
    const step = callAuthor(def, 'sequence', def.sequence, structuredCopy(context) as sdk.GizmoSequenceContext);
    const at = `sequence(step ${context.step})`;
    const found = boundsProblem(step, at) ?? jsonProblem(step, at) ?? sequenceStepProblem(step, context.sources.length, at);
    if (found) return refused(found.toString());
    derived = { sequence: step };
  } else return refused('derive was asked nothing it knows (sounds, preview or sequence)');
  const out = fullJSON({ derived });
  return out === '' ? refused('the answer is beyond the toolchain\'s 4 MiB bound') : out;
}

/**
 * The definition's presentation without `model` (the base64 GLB, up to a megabyte, which would
 * otherwise travel with every derive): null when it has none. The registry checked it when the
 * build opened; it is plain data, copied so the output cannot alias the definition.
 */
function presentationOf(def: sdk.ObjectDefinition): unknown {
  if (def.presentation === undefined) return null;
  const { model: _model, ...rest } = def.presentation;
  return structuredCopy(rest);
}

/**
 * The timeline of a state at rest, animate(state, state), checked like a change's: the page
 * shows its final frame when it loads ("Loading or rejoining shows the final frame without
 * replaying old feedback") and does not replay it. Null when there is no animate or it fails
 * (then the page shows the rest pose): a cosmetic never refuses an instance.
 */
function settledTimeline(def: sdk.ObjectDefinition, state: unknown): unknown {
  if (typeof def.animate !== 'function') return null;
  try {
    const value = callAuthor(def, 'animate', def.animate as (...args: unknown[]) => unknown, structuredCopy(state), structuredCopy(state));
    return animateProblem(value) === null ? structuredCopy(value) : null;
  } catch {
    return null;
  }
}

/** animate's result checked as the catalog checks it. */
function animateProblem(value: unknown): string | null {
  return problemText(resultProblem(value, 'animate', timelineProblem));
}

/** A fresh copy of JSON data, so one callback cannot change what the next one sees. */
function structuredCopy(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** resolveGizmoStep for one arrival: { effects } (null when the step returns null) or { refused }. */
function step(registry: runtime.ObjectRegistry, instanceJSON: string, eventJSON: string): string {
  try {
    const instance: unknown = JSON.parse(instanceJSON);
    if (!registry.validate(instance)) return JSON.stringify({ refused: { status: 400, message: `${instanceLabel(instance)}: not an installed definition, or its state is not valid` } });
    const effects = sdk.resolveGizmoStep(registry.definition(instance), instance.state, JSON.parse(eventJSON) as sdk.GizmoStepEvent);
    const found = boundsProblem(effects, 'step');
    if (found) return JSON.stringify({ refused: { status: 400, message: found.toString() } });
    return JSON.stringify({ effects });
  } catch (err) {
    return JSON.stringify({ refused: refusal(err) });
  }
}

/** Placed instances checked against a bundle's definitions (see instanceProblems). */
function validateInstances(exports: unknown, instancesJSON: string): ProblemFacts[] {
  const { objects, error } = findProject(exports);
  if (error) return [{ index: -1, path: '', message: error, valueJSON: '', got: '', callback: '' }];
  return instanceProblems(objects, JSON.parse(instancesJSON) as InstanceInput[]);
}

/** One rule as LIMITS.md lists it (see internal/rules.ts). */
interface RuleFacts {
  id: string;
  class: string;
  treatment: string;
  section: string;
  item: string;
  bound: string;
  source: string;
  was: string;
}

/** Every rule the SDK's validators know, for LIMITS.md and the toolchain's reports. */
function rules(): RuleFacts[] {
  return allRules().map((r) => ({ id: r.id, class: r.class, treatment: r.treatment ?? '', section: r.section, item: r.item, bound: r.bound, source: r.source, was: r.was ?? '' }));
}

/** The longest text describeThrown keeps of a thrown value's name, message and stack. */
const THROWN_TEXT_LIMIT = 4000;
const STACK_TEXT_LIMIT = 16000;

function textOf(value: unknown, limit: number): string {
  if (value === undefined || value === null) return '';
  const out = typeof value === 'string' ? value : display([value]);
  return out.length <= limit ? out : `${out.slice(0, limit - 1)}…`;
}

/**
 * A thrown value as JSON: { error, name, message, stack }. It runs no author code (an Error's
 * getters, a thrown object's toString), and Go calls it inside a guarded call of its own all the
 * same (a Proxy's traps still run). A TypeError from writing to a frozen built-in carries the
 * hint that says why (internal/call.ts frozenHint).
 */
function describeThrown(err: unknown): string {
  if (err instanceof Error) {
    // Data properties only (internal/display.ts dataValue): a getter is author code. goja makes
    // an Error's stack on first read from its own name and message, which are data here too.
    return JSON.stringify({
      error: true,
      name: textOf(dataValue(err, 'name'), THROWN_TEXT_LIMIT),
      message: textOf(dataValue(err, 'message'), THROWN_TEXT_LIMIT) + frozenHint(err) + boundaryHint(err),
      // goja writes an Error's stack on first read, from its name and message: only when those
      // run no author getter.
      stack: plainProperty(err, 'name') && plainProperty(err, 'message') ? textOf(dataValue(err, 'stack'), STACK_TEXT_LIMIT) : '',
    });
  }
  return JSON.stringify({ error: false, name: '', message: typeof err === 'string' ? textOf(err, THROWN_TEXT_LIMIT) : display([err]), stack: '' });
}

/** Console arguments as one line (internal/display.ts: bounded, runs no author code). */
function show(...values: unknown[]): string {
  return display(values);
}

/** A function whose result goes to Go as one JSON string (see the file comment). */
function wire<A extends unknown[]>(fn: (...args: A) => unknown): (...args: A) => string {
  return (...args: A): string => JSON.stringify(fn(...args));
}

/** The toolchain's functions; also exported, so the SDK's own tests can call them. */
export const toolchain = {
  rules,
  sdk,
  runtime,
  describe: wire(describe),
  check: wire(check),
  explore: wire(explore),
  effects: wire(effects),
  models: wire(models),
  open,
  create,
  execute,
  view,
  derive,
  step,
  validateInstances: wire(validateInstances),
  currentCall: wire(currentCall),
  describeThrown,
  display: show,
  frozenHint,
};
(globalThis as Record<string, unknown>).__scapeToolchain = toolchain;
