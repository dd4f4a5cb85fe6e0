/**
 * State exploration: the states a definition's own controls reach, checked like the initial state.
 *
 * The catalog (./catalog.ts) checks `initial()` and what is derived from it. A state two clicks
 * away can still break a stated rule (a light radius, a view field) that the world only finds
 * when it refuses to render it. So, for a definition the catalog accepted, `exploreDefinition`
 * walks the state graph breadth first from `initial()`:
 *
 * - each state is rendered for four viewers (a participant, a second participant with another
 *   actor id, an editor who may also remove, and the second participant again as a remover who
 *   may not edit: a view is given only the actor id and canEdit); every enabled control
 *   of each view (not `disabled`, not a local `kind: 'preview'`), plus the declared
 *   `interaction.tap`/`bump` and `presentation.tap` actions, is submitted as the host would:
 *   the control's `action.payload` with the values of the fields it names ("the host collects
 *   their values into the submitted payload"), each select option in turn and, for a text field,
 *   its current value, the empty string, one character and `maxLength` characters. Fields vary one
 *   at a time (the others keep their current value), not as a product. An action is run only by
 *   a viewer with its permission (the server refuses the others).
 * - an action runs as the registry's `execute` runs it (runtime.ts apply: run, the 32 KiB JSON
 *   bound, valid(), then react) with a fixed clock (`now` advances a minute per step) and a
 *   seeded randomInt; an action that draws randomness is run again with randomInt at its minimum
 *   and its maximum. An ObjectActionError is the reducer's refusal: normal, not reported. Any
 *   other throw, a state that cannot be saved or that valid() rejects, and an invalid reaction are
 *   findings.
 * - a new state (deduplicated by its canonical JSON: keys sorted) gets every check the catalog
 *   gives the initial state (catalog.ts stateChecks), with the audio timeline and animate from
 *   the state it was reached from.
 *
 * Every finding carries its trail: the actions that reach it from the initial state, shortest
 * first (breadth first finds that one first); one report per definition and (rule, path), and
 * per callback for a throw. Warnings are collected the same way, each once. Exploration stops at
 * a number of new states and at a time budget (Date.now(); the Go side's guard and per-build
 * budget still bound every author call); `stopped` says which ended it.
 */
import type { ObjectAction, ObjectContext, ObjectDefinition } from '../api.js';
import { ObjectActionError } from '../api.js';
import { checkedReactionRemembered } from '../reaction.js';
import { payloadProblem } from '../view.js';
import { callAuthor, thrownRule } from './call.js';
import { serialisedBoundsProblem } from './bounds.js';
import { guarded, parsedViewProblem, OBJECT_STATE_BYTE_LIMIT, stateChecks, ThrownProblem, type Located, type OutputChecks, type StateCheck } from './catalog.js';
import { isPlainObject, type Problem } from './checks.js';
import { JSON_RULES, jsonProblem } from './json.js';
import { GizmoProblem, reworded } from './problem.js';
import { collectWarnings, fail, rule } from './rules.js';
import { pendingResultProblem, REACTION_REASON, REDUCER_REASON } from './synchronous.js';

export const EXPLORE_RULES = {
  stateValid: rule({
    id: 'explore.state.valid',
    class: 'type',
    section: 'Definitions, state and actions',
    item: 'State an action returns for a payload its own controls submit',
    bound: 'passes `valid()`',
    source:
      'declared `run: (state: S, payload, context) => S` with `valid(value): value is S`: a state valid() rejects is not an S; Projects, state and actions: "Invalid resulting state is rejected by the runtime"',
  }),
  initialOnly: rule({
    id: 'explore.initial-state-rule',
    class: 'guess',
    treatment: 'warning',
    section: 'Definitions, state and actions',
    item: '`configuration.fields`, `textEditor.field` and `worldEditor.field` in a state the controls reach',
    bound: 'the fields the initial state must have (an error there), present as there',
    was: 'an error in every reached state',
    source:
      'the docs state these fields of the initial state (the catalog checks them there); of later states they say nothing, and a state valid() accepts may leave a field out. A reached state without it is most likely a reducer that dropped the field the editor or the copied configuration reads',
  }),
};

/**
 * The catalog's checks whose rules the docs state of the initial state only: in a reached state
 * their problems are warnings (EXPLORE_RULES.initialOnly), not errors.
 */
const INITIAL_ONLY = new Set(['configuration', 'textEditor', 'worldEditor']);

/** How far to explore: new states (beyond the initial one) and milliseconds. */
export interface ExploreLimits {
  states: number;
  budgetMs: number;
}

/** A problem found in a reachable state, with the actions that reach it. */
export interface Finding extends Located {
  trail: string[];
}

export interface Exploration {
  errors: Finding[];
  warnings: Finding[];
  /** New states found and checked (the initial state not counted). */
  states: number;
  /** Actions run (each payload, viewer and randomness variant once). */
  actions: number;
  /** Why exploration ended early: '' (every reachable state seen), 'states' or 'time'. */
  stopped: '' | 'states' | 'time';
}

interface Role {
  viewer: { actorId: string; canEdit: boolean };
  canRemove: boolean;
  who: string;
  /** Added to a trail step when the action is not run by the first viewer with its permission. */
  by: string;
}

const ROLES: readonly Role[] = [
  { viewer: { actorId: 'explore-participant-1', canEdit: false }, canRemove: false, who: 'a participant', by: '' },
  { viewer: { actorId: 'explore-participant-2', canEdit: false }, canRemove: false, who: 'a second participant', by: 'by a second participant' },
  { viewer: { actorId: 'explore-editor', canEdit: true }, canRemove: true, who: 'an editor', by: 'by an editor' },
  // The second participant with remove rights: a view is given only the actor id and canEdit, so
  // the remover's view is the second participant's, asked once; three actor ids in all.
  { viewer: { actorId: 'explore-participant-2', canEdit: false }, canRemove: true, who: 'a remover', by: 'by a remover' },
];

/** The first role allowed each permission: its steps need no "by …". */
const NATURAL: Readonly<Record<string, number>> = { participant: 0, editor: 2, remover: 2 };

/** Midnight UTC, 1 January 2026: the explored clock's start; each step is a minute later. */
const EXPLORE_EPOCH = 1767225600000;
const STEP_MS = 60000;
/** At most this many findings per definition (errors and warnings each). */
const FINDING_LIMIT = 32;
/** At most this many payloads per control (a view of 16 selects of 64 options has 1,009). */
const PAYLOAD_LIMIT = 96;
/** Views up to this much JSON are remembered per definition once checked (exploreDefinition). */
const VIEW_CACHE_BYTES = 64 * 1024;

/** A state reached, checked, with the actions its views offer. */
interface Node {
  text: string;
  trail: string[];
  depth: number;
  actions: Candidate[];
}

/** One action to submit: by whom, its payload's JSON, and what its trail step is made from. */
interface Candidate {
  action: ObjectAction;
  role: number;
  payloadText: string;
  permission: string;
}

/** JSON with object keys sorted: two states equal as data have one key. */
export function canonicalJSON(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJSON(value[i]);
    return `${out}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    let out = '{';
    for (let i = 0; i < keys.length; i++) out += `${i ? ',' : ''}${JSON.stringify(keys[i])}:${canonicalJSON((value as Record<string, unknown>)[keys[i]])}`;
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** mulberry32: a small seeded generator, the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

type RandomMode = 'seeded' | 'min' | 'max';

/** A trail step's text for a payload value: `blue`, `""`, `"xxxxxxxxxxxx…" (60 characters)`. */
function valueText(value: unknown): string {
  if (typeof value === 'string') {
    if (/^[A-Za-z0-9_.#:+-]{1,24}$/.test(value)) return value;
    if (value.length > 24) return `${JSON.stringify(value.slice(0, 12))}… (${value.length} characters)`;
    return JSON.stringify(value);
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 24 ? `${text.slice(0, 23)}…` : text;
}

/** `toggle`, `color(blue)`, `set(color=blue, size=3)`. */
function stepLabel(action: ObjectAction, role: number, permission: string): string {
  const keys = Object.keys(action.payload);
  let label = action.name;
  if (keys.length === 1) label += `(${valueText(action.payload[keys[0]])})`;
  else if (keys.length > 1) label += `(${keys.map((k) => `${k}=${valueText(action.payload[k])}`).join(', ')})`;
  if (role !== NATURAL[permission] && ROLES[role].by) label += ` ${ROLES[role].by}`;
  return label;
}

function allowed(permission: string, role: Role): boolean {
  if (permission === 'participant') return true;
  if (permission === 'editor') return role.viewer.canEdit;
  return permission === 'remover' && role.canRemove;
}

/** What one submitted action did. */
type Outcome = { kind: 'refused' } | { kind: 'problem'; found: Located } | { kind: 'state'; state: unknown; text: string; random: boolean };

/**
 * One action as ObjectRegistry.execute runs it (runtime.ts apply and execute: the same order and
 * the same checks), keeping the problem rather than the registry's 400, and telling the
 * reducer's own ObjectActionError (a refusal) from everything else (a finding).
 */
function act(d: ObjectDefinition, stateText: string, action: ObjectAction, payloadText: string, role: Role, now: number, mode: RandomMode, reactions: Map<string, Problem>): Outcome {
  const entry = d.actions[action.name];
  const run = `actions.${action.name}.run`;
  let random = false;
  // Seeded by the step, not by the whole state text (hashing 32 KiB per action in goja costs ms),
  // and only once the reducer draws: most never do, and hashing the seed text was a fifth of
  // this function's time in goja. The seed is the same whenever it is made.
  // randomInt is a method, not an arrow, and the seed is made inline: the SDK is compiled with
  // esbuild's keepNames, which wraps every arrow assigned to a name in a defineProperty of its
  // name (__name), run per act; a method keeps its name natively and gets no wrapper.
  let draw: (() => number) | undefined;
  const context: ObjectContext = {
    actorId: role.viewer.actorId,
    canEdit: role.viewer.canEdit,
    canRemove: role.canRemove,
    now,
    randomInt(min: number, max: number): number {
      random = true;
      // As the Go host's: an empty range gives min.
      if (typeof min !== 'number' || typeof max !== 'number' || !(max >= min)) return min;
      const lo = Math.ceil(min);
      const hi = Math.floor(max);
      if (hi < lo) return min;
      if (mode === 'min') return lo;
      if (mode === 'max') return hi;
      if (draw === undefined) draw = seeded(hash(`${stateText.length}\u0000${stateText.slice(0, 256)}\u0000${action.name}\u0000${payloadText}\u0000${role.viewer.actorId}`));
      return lo + Math.floor(draw() * (hi - lo + 1));
    },
  };
  let result: unknown;
  try {
    // payloadText is JSON.stringify(action.payload) (offer): the reducer gets a fresh copy of it.
    result = callAuthor(d, run, entry.run, JSON.parse(stateText) as unknown, JSON.parse(payloadText) as Record<string, unknown>, context);
  } catch (err) {
    if (err instanceof ObjectActionError) return { kind: 'refused' };
    return { kind: 'problem', found: { problem: new ThrownProblem(run, thrownRule(err), err), callback: run } };
  }
  const pending = pendingResultProblem(result, run, REDUCER_REASON);
  if (pending) return { kind: 'problem', found: { problem: pending, callback: run } };
  // jsonProblem checks the returned value itself (a getter is refused there), so the walk
  // before it may read values directly (bounds.ts serialisedBoundsProblem).
  const found = serialisedBoundsProblem(result, 'state', OBJECT_STATE_BYTE_LIMIT, '32 KiB').problem ?? (jsonProblem(result, 'state', JSON_RULES.stateBytes) as GizmoProblem | null);
  if (found) return { kind: 'problem', found: { problem: reworded(found, found.path, `${found.message} (returned by ${run})`), callback: run } };
  const text = JSON.stringify(result);
  const valid = guarded('valid', () => (callAuthor(d, 'valid', d.valid, JSON.parse(text) as unknown) === true ? null : fail(EXPLORE_RULES.stateValid, 'state', `must pass valid() (${run} returned state that valid() rejects)`, result)));
  if (valid) return { kind: 'problem', found: valid };
  if (typeof d.react === 'function') {
    const react = d.react;
    const reaction = guarded('react', () => {
      const next = JSON.parse(text) as unknown;
      const out = callAuthor(d, 'react', react, next, JSON.parse(stateText) as unknown, JSON.parse(JSON.stringify(action)) as ObjectAction, { now });
      return pendingResultProblem(out, 'react', REACTION_REASON) ?? checkedReactionRemembered(d, next, text, out, reactions);
    });
    if (reaction) return { kind: 'problem', found: reaction };
  }
  return { kind: 'state', state: result, text, random };
}

/** The payloads a control submits: its own payload with its fields' values, one field varied at a time. */
function payloads(control: Record<string, unknown>, fields: Map<string, Record<string, unknown>>): Record<string, unknown>[] {
  const action = control.action as ObjectAction;
  const base: Record<string, unknown> = isPlainObject(action.payload) ? { ...action.payload } : {};
  const named = Array.isArray(control.fields) ? (control.fields as unknown[]).filter((id): id is string => typeof id === 'string' && fields.has(id)) : [];
  const current: Record<string, unknown> = { ...base };
  for (const id of named) Object.defineProperty(current, id, { value: fields.get(id)!.value, enumerable: true, writable: true, configurable: true });
  const out = [current];
  const seen = new Set([JSON.stringify(current)]);
  for (const id of named) {
    for (const value of fieldValues(fields.get(id)!)) {
      if (out.length >= PAYLOAD_LIMIT) return out;
      const payload = { ...current };
      Object.defineProperty(payload, id, { value, enumerable: true, writable: true, configurable: true });
      const key = JSON.stringify(payload);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(payload);
    }
  }
  return out;
}

/** Each select option; a text field's current value, '', one character and maxLength characters. */
function fieldValues(field: Record<string, unknown>): string[] {
  if (field.kind === 'select') return (field.options as { value: string }[]).map((o) => o.value);
  const out = [field.value as string, '', 'a'];
  const max = field.maxLength as number;
  if (Number.isInteger(max) && max > 1 && max <= 2048) out.push('x'.repeat(max));
  return out;
}

/**
 * Whether a payload the host would send passes payloadProblem, remembered by its JSON: the same
 * payloads come back in every state and for every viewer. Payloads here are plain copies (read
 * from a view's JSON, or the definition's declared actions copied the same way), so their check
 * depends on their JSON alone.
 */
type PayloadChecks = Map<string, boolean>;

/** An action a view (or the definition) offers, before it is given to the roles allowed it. */
interface Offer {
  action: ObjectAction;
  payloadText: string;
  permission: string;
}

/**
 * The actions an accepted view offers (enabled, non-preview controls, with their payloads), for
 * any role: offers depend on the view's JSON alone, so a view met again (another viewer, another
 * state) is not read again while its text is remembered (VIEW_CACHE_BYTES). They depend on its
 * `fields` and `controls` alone, so a view that differs only in its other parts (a description
 * that counts, a title) reuses the offers of the first view with the same fields and controls.
 */
function viewOffers(d: ObjectDefinition, viewText: string, checks: PayloadChecks, known: Map<string, Offer[]>, parsed?: unknown): Offer[] {
  const remembered = known.get(viewText);
  if (remembered !== undefined) return remembered;
  // The accepted view's plain copy (`parsed`, when the view check just made it: JSON.parse of
  // the same text, which the check reads and never changes): its controls are read as data,
  // never as author objects.
  const v = (parsed ?? JSON.parse(viewText)) as { fields?: Record<string, unknown>[]; controls: Record<string, unknown>[] };
  // Read below as `v.fields ?? []` and `v.controls`: what the offers are made from, as text.
  const shape = `\u0000${JSON.stringify([v.fields ?? [], v.controls])}`;
  const sameShape = known.get(shape);
  if (sameShape !== undefined) {
    if (viewText.length <= VIEW_CACHE_BYTES) known.set(viewText, sameShape);
    return sameShape;
  }
  const fields = new Map<string, Record<string, unknown>>();
  for (const f of v.fields ?? []) if (!fields.has(f.id as string)) fields.set(f.id as string, f);
  const out: Offer[] = [];
  for (const control of v.controls) {
    if (control.disabled === true || control.kind === 'preview') continue;
    const name = (control.action as ObjectAction).name;
    for (const payload of payloads(control, fields)) offer(d, { name, payload }, out, checks);
  }
  if (viewText.length <= VIEW_CACHE_BYTES) known.set(viewText, out);
  if (shape.length <= VIEW_CACHE_BYTES) known.set(shape, out);
  return out;
}

/** Adds `action` when the definition declares it and the payload is one a host sends. */
function offer(d: ObjectDefinition, action: ObjectAction, into: Offer[], checks: PayloadChecks): void {
  const entry = Object.prototype.hasOwnProperty.call(d.actions, action.name) ? d.actions[action.name] : undefined;
  if (entry === undefined) return;
  // A payload over 2 KiB (long text in several fields) is refused before any reducer runs.
  const payloadText = JSON.stringify(action.payload);
  let ok = checks.get(payloadText);
  if (ok === undefined) {
    ok = payloadProblem(action.payload, 'payload') === null;
    checks.set(payloadText, ok);
  }
  if (ok) into.push({ action, payloadText, permission: entry.permission });
}

/** Gives the role each offer it may submit (the server refuses the others). */
function candidates(offers: Offer[], roleIndex: number, into: Candidate[]): void {
  // Indexed: goja runs for…of through an iterator (an object a step), and this runs per role
  // for every offer of every state.
  for (let i = 0; i < offers.length; i++) {
    const o = offers[i];
    if (allowed(o.permission, ROLES[roleIndex])) into.push({ action: o.action, role: roleIndex, payloadText: o.payloadText, permission: o.permission });
  }
}

/** The declared host-triggered actions: interaction.tap, interaction.bump, presentation.tap. */
function declaredActions(d: ObjectDefinition): ObjectAction[] {
  const out: ObjectAction[] = [];
  const interaction = d.interaction as { tap?: ObjectAction; bump?: ObjectAction } | undefined;
  if (interaction?.tap) out.push(interaction.tap);
  if (interaction?.bump) out.push(interaction.bump);
  const tap = (d.presentation as { tap?: ObjectAction } | undefined)?.tap;
  if (tap) out.push(tap);
  return out.map((a) => ({ name: a.name, payload: isPlainObject(a.payload) ? a.payload : {} }));
}

/** `trail` and one step more, as a copy (slice and push: goja runs a spread through an iterator). */
function extended(trail: string[], mode: RandomMode, step: string): string[] {
  const out = trail.slice();
  out.push(mode === 'seeded' ? step : `${step} [randomInt ${mode}]`);
  return out;
}

/** Explored states' problems say "the state", not "the initial state" (the catalog's words). */
function explored(found: Located): Located {
  const message = found.problem.message.replace(/the initial state/g, 'this state');
  return message === found.problem.message ? found : { problem: reworded(found.problem, found.problem.path, message), callback: found.callback };
}

/**
 * Explores one definition the catalog accepted (see the file comment). Author code runs only
 * through callAuthor; a throw outside the checked callbacks (initial itself) ends exploration.
 */
export function exploreDefinition(d: ObjectDefinition, limits: ExploreLimits): Exploration {
  const out: Exploration = { errors: [], warnings: [], states: 0, actions: 0, stopped: '' };
  if (!(limits.states > 0)) return out;
  const deadline = Date.now() + limits.budgetMs;
  const reported = new Set<string>();
  const warned = new Set<string>();
  const report = (found: Located, trail: string[]) => {
    const p = found.problem;
    const key = p.rule !== undefined ? `${p.rule.id}\u0000${p.path}` : `thrown\u0000${found.callback ?? ''}`;
    if (reported.has(key) || out.errors.length >= FINDING_LIMIT) return;
    reported.add(key);
    out.errors.push({ ...explored(found), trail });
  };
  const warn = (w: GizmoProblem, trail: string[]) => {
    const key = `${w.path}\u0000${w.message}`;
    if (warned.has(key) || out.warnings.length >= FINDING_LIMIT) return;
    warned.add(key);
    out.warnings.push({ ...explored({ problem: w }), trail });
  };
  const payloadChecks: PayloadChecks = new Map();
  const reactions = new Map<string, Problem>();
  const offersByView = new Map<string, Offer[]>();
  const declared: Offer[] = [];
  for (const action of declaredActions(d)) offer(d, action, declared, payloadChecks);
  // The check of a view depends only on its JSON, the definition and the viewer's words (it reads
  // the plain copy), so a view met again in another state is not checked again: its problem is
  // the one found the first time, already reported with the shorter trail (breadth first), and
  // its warnings were collected then. Views past VIEW_CACHE_BYTES of JSON are checked each time
  // (the cache holds their text).
  const viewChecks = new Map<string, ReturnType<typeof parsedViewProblem>>();
  // The same for the derived outputs whose check reads the output alone (lighting, sprite:
  // catalog.ts rememberedResultProblem): computed in every state, checked once per distinct
  // output. The audio timeline and animate read the previous state too and are checked each time.
  const outputChecks: OutputChecks = new Map();

  // The state checks are made once per definition rather than once per state (a closure per
  // check a state was a measurable share of goja's time): they read the state being visited,
  // `visiting` and `visitingPrevious`, through `copy` and `previous`. stateChecks reads d.link
  // when it makes the list, so one list is kept for each answer.
  let visiting = '';
  let visitingPrevious = '';
  const copy = () => JSON.parse(visiting) as unknown;
  const previous = () => JSON.parse(visitingPrevious) as unknown;
  const checkLists = new Map<boolean, StateCheck[]>();
  const checksOfState = (): StateCheck[] => {
    const linked = d.link !== undefined;
    let checks = checkLists.get(linked);
    if (checks === undefined) {
      checks = stateChecks(d, copy, previous, false, outputChecks);
      checkLists.set(linked, checks);
    }
    return checks;
  };

  /** Checks a state reached by `trail` from `previousText`, and lists the actions it offers. */
  const visit = (text: string, previousText: string, trail: string[], depth: number): Node => {
    visiting = text;
    visitingPrevious = previousText;
    const node: Node = { text, trail, depth, actions: [] };
    const { warnings } = collectWarnings(() => {
      // The initial state's own checks are the catalog's; its views for the other viewers are new.
      if (depth > 0) {
        const checks = checksOfState();
        for (let i = 0; i < checks.length; i++) {
          const found = guarded(checks[i][0], checks[i][1]);
          if (!found) continue;
          const p = found.problem;
          if (INITIAL_ONLY.has(checks[i][0]) && p.rule !== undefined && p.severity === 'error') {
            const was = p.message.replace(/ of the initial state| in the initial state/g, '');
            // Worded with initial(), not "the initial state", which explored() rewords.
            warn(new GizmoProblem(p.path, `${was}, as in initial() (${p.rule.id}: the docs require it of initial() only)`, p.value, EXPLORE_RULES.initialOnly), trail);
          } else report(found, trail);
        }
      }
      // A view the same as another viewer's (most views depend on canEdit alone) is checked once,
      // and a viewer met again (the remover is the second participant with remove rights, and a
      // view is given only the actor id and canEdit) is not asked again.
      const checkedViews = new Set<string>();
      const viewed = new Map<string, string>(); // viewer → its accepted view's text ('' refused)
      for (let r = 0; r < ROLES.length; r++) {
        if (typeof d.view !== 'function') break;
        const viewer = `${ROLES[r].viewer.actorId}\u0000${ROLES[r].viewer.canEdit}`;
        const again = viewed.get(viewer);
        if (again !== undefined) {
          if (again) candidates(viewOffers(d, again, payloadChecks, offersByView), r, node.actions);
          continue;
        }
        let viewText = '';
        let parsed: unknown;
        const found = guarded('view', () => {
          const view = callAuthor(d, 'view', d.view!, copy(), { ...ROLES[r].viewer });
          // Only the view's serialised copy is checked below, so its bounds are walked the way
          // JSON.stringify reads it (cheaper than the descriptor walk of a value checked itself).
          const bounds = serialisedBoundsProblem(view, 'view');
          if (bounds.problem) return bounds.problem;
          viewText = JSON.stringify(view) ?? '';
          if (checkedViews.has(viewText)) return null;
          checkedViews.add(viewText);
          const key = viewText.length <= VIEW_CACHE_BYTES ? `${r}\u0000${viewText}` : '';
          const known = key ? viewChecks.get(key) : undefined;
          if (known !== undefined) return known;
          // The copy is JSON.parse's: plain data whose size is the text's, so the bounds walk
          // the view passed above is not repeated on it (parsedViewProblem).
          parsed = JSON.parse(viewText) as unknown;
          const problem = parsedViewProblem(d, parsed, viewText, ROLES[r].who, bounds.plain);
          if (key) viewChecks.set(key, problem);
          return problem;
        });
        viewed.set(viewer, found ? '' : viewText);
        if (found) report(found, trail);
        else if (viewText) candidates(viewOffers(d, viewText, payloadChecks, offersByView, parsed), r, node.actions);
      }
      for (let r = 0; r < ROLES.length; r++) candidates(declared, r, node.actions);
    });
    for (let i = 0; i < warnings.length; i++) warn(warnings[i], trail);
    return node;
  };

  // A state's canonical JSON is a function of its JSON text (a reached state passed jsonProblem:
  // plain data, which its text gives in full), and reducers return states with the same key order
  // again and again: remembered by text, up to VIEW_CACHE_BYTES of it (a state is at most 32 KiB).
  const canonical = new Map<string, string>();
  const canonicalKey = (text: string, state: unknown): string => {
    let key = canonical.get(text);
    if (key === undefined) {
      key = canonicalJSON(state);
      if (text.length <= VIEW_CACHE_BYTES) canonical.set(text, key);
    }
    return key;
  };

  const initial = callAuthor(d, 'initial', d.initial);
  const initialText = JSON.stringify(initial);
  const seen = new Set<string>([canonicalJSON(initial)]);
  const queue: Node[] = [visit(initialText, initialText, [], 0)];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    const now = EXPLORE_EPOCH + STEP_MS * (node.depth + 1);
    const tried = new Set<string>();
    for (let c = 0; c < node.actions.length; c++) {
      const candidate = node.actions[c];
      const role = ROLES[candidate.role];
      const key = `${candidate.action.name}\u0000${candidate.payloadText}\u0000${candidate.role}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const modes: RandomMode[] = ['seeded'];
      let step = '';
      for (let m = 0; m < modes.length; m++) {
        if (Date.now() > deadline) {
          out.stopped = 'time';
          return out;
        }
        out.actions++;
        const outcome = act(d, node.text, candidate.action, candidate.payloadText, role, now, modes[m], reactions);
        if (outcome.kind === 'refused') continue;
        // The trail is made only for a finding or a new state: most outcomes are states seen
        // already.
        if (outcome.kind === 'problem') {
          if (step === '') step = stepLabel(candidate.action, candidate.role, candidate.permission);
          report(outcome.found, extended(node.trail, modes[m], step));
          continue;
        }
        // Randomness drawn: the lowest and the highest draws are states a player can reach too.
        if (outcome.random && m === 0) modes.push('min', 'max');
        const key = canonicalKey(outcome.text, outcome.state);
        if (seen.has(key)) continue;
        if (out.states >= limits.states) {
          out.stopped = 'states';
          return out;
        }
        seen.add(key);
        out.states++;
        if (step === '') step = stepLabel(candidate.action, candidate.role, candidate.permission);
        queue.push(visit(outcome.text, node.text, extended(node.trail, modes[m], step), node.depth + 1));
      }
    }
  }
  return out;
}
