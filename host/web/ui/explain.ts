// "What happened": a short log in the page, per tab, that says what the world did for this
// viewer and why nothing happened when nothing did (docs/world.md, "The event log"). The host
// keeps each avatar's notes (world/explain.go: a step refused and what was in the way, a push or
// walk held, a step, a travel and where it landed, a travel that did nothing and why) and sends
// them with the grid; the page adds what it knows itself: actions seen, feedback delivered to
// this viewer formatted as effects ("burst · ring 0.82 gain"), sound too far away to hear (its
// distance and range), feedback not delivered (too far), and refusals of this tab's requests.

import type { Grid, GridCell, Note } from './types';
import { el } from './net';
import { spatial } from './spatial';
import { muted } from './audio';
import { where } from './selection';

/** How many lines the log keeps (the newest). */
export const LOG_LINES = 20;

interface Line { kind: string; text: string; count: number; node: HTMLElement }
const lines: Line[] = [];
let grid: Grid | null = null;
let me = '';

/** This tab's actor (a 'world' event's). */
export function setActor(actor: string): void { me = actor; }

function box(): HTMLOListElement | null {
  let list = document.getElementById('world-log-lines') as HTMLOListElement | null;
  if (list) return list;
  const stage = document.getElementById('world-stage');
  if (!stage) return null;
  list = el('ol', { id: 'world-log-lines', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  stage.append(el('section', { id: 'world-log', 'aria-labelledby': 'world-log-title' },
    el('h2', { id: 'world-log-title', text: 'What happened' }), list));
  return list;
}

/** Shows the (empty) log under the canvas, so a viewer knows where reasons will appear. */
export function showLog(): void {
  const list = box();
  if (list && lines.length === 0 && !list.firstElementChild) list.append(el('li', { class: 'muted', 'data-empty': '', text: 'Nothing yet: steps refused, travels, feedback and sounds you cannot hear are explained here.' }));
}

/**
 * Adds a line to the log, newest first: kind is acted, feedback, sound, step, travel, refused or
 * waiting (the line's data-kind). The same line again counts up (×2, ×3) instead of repeating.
 */
export function log(kind: string, text: string): void {
  const list = box();
  if (!list) return;
  const last = lines[0];
  if (last && last.kind === kind && last.text === text) {
    last.count++;
    last.node.querySelector('.count')!.textContent = ` ×${last.count}`;
    return;
  }
  list.querySelector('[data-empty]')?.remove();
  const node = el('li', { 'data-kind': kind }, el('span', { class: 'kind', text: kind }), ' ', el('span', { class: 'text', text }), el('span', { class: 'count' }));
  list.prepend(node);
  lines.unshift({ kind, text, count: 1, node });
  while (lines.length > LOG_LINES) lines.pop()!.node.remove();
}

// ---- naming things as the viewer sees them

function instanceOf(id?: string): GridCell | undefined {
  return id ? grid?.instances.find((i) => i.id === id) : undefined;
}

/** "Chime at (11, 7)": an instance by its definition's label and cell. */
export function named(id?: string): string {
  const i = instanceOf(id);
  if (!i) return id ? `a Gizmo (${id}) that is gone` : 'a Gizmo';
  return `${i.label || i.type} at ${where(i.floor, i.cell)}`;
}

function cellText(c?: { x: number; y: number }): string { return c ? `(${c.x}, ${c.y})` : 'the next cell'; }

/** What was in the way of a step, a push or a travel's exit. */
function obstacle(n: Note): string {
  switch (n.cause) {
    case 'edge': return `${cellText(n.to)} is off the grid`;
    case 'gizmo': return `${named(n.obstacle)} does not let players in`;
    case 'avatar': return `${n.by === me ? 'you are' : (n.by || 'another avatar') + ' is'} on ${cellText(n.to)}`;
    default: return n.reason || 'something is in the way';
  }
}

/** A note of the avatar's log as a line: its kind and text. */
export function noteLine(n: Note): { kind: string; text: string } {
  const dir = n.direction ? ` ${n.direction}` : '';
  switch (n.kind) {
    case 'blocked':
      if (n.cause === 'push') return { kind: 'refused', text: `Step${dir} refused: ${named(n.instance)} pushes the other way and blocks stepping against it` };
      return { kind: 'refused', text: `Step${dir} refused: ${obstacle(n)}` };
    case 'waiting':
      return { kind: 'waiting', text: `${n.movement === 'push' ? 'Push' : 'Walk'}${dir} waits (tried again each tick): ${obstacle(n)}` };
    case 'step':
      return { kind: 'step', text: `Stepped onto ${named(n.instance)} (${n.movement === 'push' ? 'pushed' : 'walking'})` };
    case 'traveled':
      return { kind: 'travel', text: `${named(n.instance)} took you from ${cellText(n.from)} to ${cellText(n.to)}` };
    case 'travel-inert': {
      let why = n.reason || 'no reason given';
      if (n.cause === 'cooldown') why = why.replace(/^cooldown/, 'still cooling down');
      else if (n.cause === 'link') why = 'its link group is not complete (a linked travel needs its partner placed)';
      else if (n.cause) why = `no free exit: ${obstacle(n)}`;
      return { kind: 'refused', text: `Travel refused: ${named(n.instance)} did nothing, ${why}` };
    }
  }
  return { kind: n.kind, text: n.reason || n.kind };
}

// ---- effects, as this viewer gets them

interface Command { kind?: string; voice?: string; gain?: number; rangeCells?: [number, number]; stereo?: number }

/** One audio command as this viewer hears it: its gain here, or why it is inaudible. */
export function heard(instance: string, c: Command): string {
  const voice = c.voice || 'sound';
  if (c.kind === 'stop') return `stop ${voice}`;
  const i = instanceOf(instance);
  const self = grid?.self;
  const base = typeof c.gain === 'number' ? c.gain : 1;
  if (!c.rangeCells || !i) return `${voice} ${base.toFixed(2)} gain`;
  const [near, far] = c.rangeCells;
  if (!self) return `${voice} inaudible: you have no avatar`;
  const s = spatial({ floor: self.floor, x: self.cell.x, y: self.cell.y }, { floor: i.floor, x: i.cell.x, y: i.cell.y }, c.rangeCells, c.stereo ?? 0);
  if (self.floor !== i.floor) return `${voice} inaudible: it is on the ${i.floor}, you on the ${self.floor}`;
  const g = base * s.gain;
  if (g <= 0) return `${voice} inaudible: ${s.distance.toFixed(1)} cells away, range ${near}–${far}`;
  return `${voice} ${g.toFixed(2)} gain` + (muted.has(instance) ? ' (muted here)' : '');
}

/** Feedback or step effects as a line of effects: "burst · ring 0.82 gain". */
export function effectsLine(instance: string, fx: Record<string, unknown> | null | undefined): string {
  if (!fx) return 'no effects';
  const parts: string[] = [];
  const lighting = fx.lighting as { light?: unknown; glow?: unknown } | undefined;
  if (lighting?.light) parts.push('light');
  if (lighting?.glow) parts.push('glow');
  if (fx.burst) parts.push('burst');
  if (fx.impulse) parts.push('impulse');
  if (fx.cameraShake) parts.push('camera shake');
  const anim = fx.animation as { layer?: string } | undefined;
  if (anim) parts.push(`animation of ${anim.layer ?? 'a layer'}`);
  if (typeof fx.haptic === 'string') parts.push(`haptic ${fx.haptic}`);
  for (const c of (fx.audio as Command[] | undefined) || []) parts.push(heard(instance, c));
  return parts.length ? parts.join(' · ') : 'no effects';
}

/**
 * A reaction (GizmoReaction) as a line for this viewer: its feedback's effects (or why they do not
 * reach it), and its area removal. actor is who acted.
 */
export function reactionLine(instance: string, actor: string | undefined, reaction: { feedback?: Record<string, unknown>; removeArea?: { radiusCells: number }; undelivered?: boolean } | null): string {
  const parts: string[] = [];
  if (reaction?.feedback || reaction?.undelivered) parts.push(delivered(instance, reaction.feedback ?? {}, actor === me));
  if (reaction?.removeArea) parts.push(`removes Gizmos within ${reaction.removeArea.radiusCells} cells`);
  return parts.join(' · ') || 'no reaction';
}

/**
 * Feedback as this viewer gets it: its effects, or why it was not delivered here (another floor,
 * or farther than the host's nearby radius; the one who acted always gets it).
 */
function delivered(instance: string, fx: Record<string, unknown>, mine: boolean): string {
  const i = instanceOf(instance), self = grid?.self;
  if (!mine && i && self) {
    if (i.floor !== self.floor) return `not delivered to you: it is on the ${i.floor}`;
    const d = Math.hypot(i.cell.x - self.cell.x, i.cell.y - self.cell.y);
    const nearby = grid?.nearby ?? Infinity;
    if (d > nearby) return `not delivered to you: ${d.toFixed(1)} cells away (feedback reaches ${nearby} cells)`;
  }
  return effectsLine(instance, fx);
}

// ---- what the server sends

let seenNote = 0;
let firstGrid = true;
const seenFeedback = new Set<string>();

/**
 * A grid for this tab: its notes not shown yet are logged, and so is feedback delivered to this
 * viewer (once per id; feedback already pending in the first grid is not news). Returns the notes
 * new since the tab's first grid (the canvas plays a travel's arrival for them).
 */
export function takeGrid(g: Grid): Note[] {
  grid = g;
  const fresh: Note[] = [];
  for (const n of g.log || []) {
    if (n.seq <= seenNote) continue;
    seenNote = n.seq;
    const l = noteLine(n);
    log(l.kind, l.text);
    if (!firstGrid) fresh.push(n);
  }
  for (const f of g.feedback || []) {
    if (seenFeedback.has(f.id)) continue;
    seenFeedback.add(f.id);
    if (firstGrid) continue;
    const what = f.kind === 'step' ? 'Step feedback' : 'Feedback';
    log(f.kind === 'step' ? 'step' : 'feedback', `${what} from ${named(f.instance)}: ${effectsLine(f.instance, f.effects)}`);
  }
  firstGrid = false;
  return fresh;
}

/**
 * An 'acted' event: who acted on what; a transition's sound as this viewer hears it; a reaction's
 * feedback that will not reach this viewer, and why (feedback that does reach it is logged when
 * it arrives with the grid).
 */
export function acted(d: { instance: string; actor?: string; reaction?: unknown; transition?: { audio?: { commands?: Command[] } | null } }): void {
  const who = d.actor === me ? 'You' : d.actor || 'Someone';
  const parts = [`${who} acted on ${named(d.instance)}`];
  const sound = d.transition?.audio?.commands;
  if (sound?.length) parts.push('sound: ' + sound.map((c) => heard(d.instance, c)).join(', '));
  // A reaction whose feedback did not reach this viewer arrives as {undelivered: true} only
  // (host/share.go): the reasons come from this tab's own grid.
  const r = d.reaction as { feedback?: Record<string, unknown>; removeArea?: unknown; undelivered?: boolean } | null;
  if (r?.feedback || r?.undelivered) {
    const line = delivered(d.instance, r.feedback ?? {}, d.actor === me);
    if (line.startsWith('not delivered')) parts.push('its feedback was ' + line);
  }
  log('acted', parts.join('; '));
}

(window as unknown as Record<string, unknown>).__scapeLog = { get lines() { return lines.map((l) => ({ kind: l.kind, text: l.text, count: l.count })); } };
