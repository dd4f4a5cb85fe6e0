import type { Avatar, Cell, Grid, GridCell } from './types';
import { api, el, flash, root } from './net';
import { FLASH_MS, definition, flashed, hovered, onSelection, pick, select, selected, setPick, where } from './selection';
import { log, takeGrid } from './explain';
import { colorEmoji, drawInitials, initials } from './glyphs';
import { arrivalScale, arriving, drawTrails, playedArrivals, takeArrivals } from './arrival';
import { wireKeys } from './keys';
import { gizmoGlowFrame } from '@scape/sdk/glow.js';
import { css, drawLight, liftDarkness, lightMoves, rgbOf, type DrawnLight } from './light';
import { drawSprite, frameOf } from './sprite';
import { drawBurst, impulseOf, running, shakeOf, takeFeedback, played, skipped, type Effect } from './effects';
import { drawModel, noteGrid } from './modelhook'; // MODEL HOOK: see drawCanvas and the instance loop

// ---- the canvas: a top-down drawing of the viewer's floor, the local approximation of the hosted
// renderer (docs/world.md, "The drawing"). It draws what the server derived (the SDK's resolved
// sprite, world text, light and glow) by the SDK's own formulas where there is one
// (gizmoGlowFrame, spriteAnimationFrame) and by the choices documented there where the docs give
// none. A grid from the server is drawn at once (so the revision it carries is drawn when the
// event arrives); while anything moves, requestAnimationFrame keeps drawing.

const CELL = 32;
/** How long the host takes for one move (world.MoveDuration): the avatar glides one cell in it. */
const MOVE_MS = 150;
let grid: Grid | null = null;

const motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
const reduced = (): boolean => !!motionQuery?.matches;

function floorOf(g: Grid): string { return g.self?.floor || 'surface'; }

// What was drawn, per instance, for the tests and for anyone debugging a Gizmo's look.
interface DrawnInstance {
  floor: string;
  cell: Cell;
  look: 'model' | 'sprite' | 'emoji';
  emoji?: string;
  sprite?: { layers: number; layer?: string; frame?: { at: number; offset: [number, number]; tint: [number, number, number] } };
  text?: { text: string; shown: boolean; range?: number; distance?: number; box?: [number, number, number, number] };
  initials?: string; // the label's initials, drawn when this browser has no color emoji font
  light?: DrawnLight;
  glow?: { size: number; opacity: number; hue?: number; color: string };
  impulse?: { scale: number; rotation: number };
}
interface Debug {
  revision: number;
  drawnAt: number; // Date.now() when the latest grid was drawn
  firstDrawn: Record<number, number>; // revision → Date.now() when a grid of it was first drawn (the last 32)
  grids: number;
  frames: number;
  floor: string;
  reducedMotion: boolean;
  instances: Record<string, DrawnInstance>;
  avatars: Record<string, { x: number; y: number; self: boolean; scale: number }>;
  effects: { id: string; kind: string; instance: string; burst: boolean; particles: number; impulse: boolean; shake: [number, number] }[];
  // The outlines drawn over cells: the hovered card's instance, the selected one, a placement's flash.
  highlights: { kind: 'hover' | 'selected' | 'flash' | 'pick'; floor: string; cell: Cell; id?: string }[];
  emojiFont: boolean; // whether emoji come out in color here (glyphs.ts)
  lastFlash?: { floor: string; cell: Cell }; // the cell the last placement flashed
  modelFallback?: string; // why models are drawn as emoji (modelhook.ts), if they are
  arrivals: typeof playedArrivals;
  played: string[];
  skipped: string[];
  error?: string;
}
const debug: Debug = { revision: 0, drawnAt: 0, firstDrawn: {}, grids: 0, frames: 0, floor: 'surface', reducedMotion: false, instances: {}, avatars: {}, effects: [],
  highlights: [], emojiFont: true, arrivals: playedArrivals, played, skipped };
(window as unknown as { __scapeWorld: Debug }).__scapeWorld = debug;

// ---- avatars glide between cells: each is drawn at a position that moves toward its target (the
// cell it is moving to, else its cell) at one cell per MOVE_MS; a jump of more than two cells (a
// travel landing, a join) or a floor change snaps.
const shown = new Map<string, { x: number; y: number; floor: string }>();
let lastFrame = 0;

function glide(a: Avatar, dt: number): { x: number; y: number; moving: boolean } {
  const target = a.movingTo ?? a.cell;
  let p = shown.get(a.actor);
  if (!p || p.floor !== a.floor || Math.hypot(target.x - p.x, target.y - p.y) > 2 || reduced()) {
    p = { x: target.x, y: target.y, floor: a.floor };
  } else {
    const step = dt / MOVE_MS, dx = target.x - p.x, dy = target.y - p.y, d = Math.hypot(dx, dy);
    if (d <= step || d === 0) { p.x = target.x; p.y = target.y; }
    else { p.x += (dx / d) * step; p.y += (dy / d) * step; }
  }
  shown.set(a.actor, p);
  return { x: p.x, y: p.y, moving: p.x !== target.x || p.y !== target.y || !!a.movingTo };
}

// ---- world text: shown when the definition sets no range, or the viewer's avatar is within it
// (Euclidean between cell centres, on the same floor; no avatar, no ranged text).
function textVisible(i: GridCell, g: Grid): { shown: boolean; distance?: number } {
  if (i.worldTextRange === undefined || i.worldTextRange === null) return { shown: true };
  const me = g.self;
  if (!me || me.floor !== i.floor) return { shown: false };
  const distance = Math.hypot(me.cell.x - i.cell.x, me.cell.y - i.cell.y);
  return { shown: distance <= i.worldTextRange, distance };
}

/**
 * Plain text only (never HTML): the first three lines, each cut at 28 characters, in a box above
 * the cell (top to bottom: its rows), below it when there is no room above, and moved sideways
 * to stay inside the canvas (width × height). Returns the box drawn: [x, y, w, h].
 */
function drawLabel(ctx: CanvasRenderingContext2D, text: string, cx: number, top: number, bottom: number, width: number, height: number): [number, number, number, number] | undefined {
  const lines = text.split('\n').slice(0, 3).map((l) => (Array.from(l).length > 28 ? Array.from(l).slice(0, 27).join('') + '…' : l));
  if (!lines.some((l) => l.length)) return undefined;
  ctx.save();
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  const w = Math.min(width, Math.max(...lines.map((l) => ctx.measureText(l).width)) + 8), h = 13 * lines.length + 4;
  const x = Math.min(Math.max(0, cx - w / 2), width - w);
  const y = Math.min(Math.max(0, top - h >= 0 ? top - h : bottom), height - h);
  ctx.fillStyle = 'rgba(255,255,255,0.88)';
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = 'rgba(0,0,0,0.3)';
  ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  ctx.fillStyle = '#111';
  lines.forEach((l, n) => ctx.fillText(l, x + w / 2, y + 15 + 13 * n));
  ctx.restore();
  return [x, y, w, h];
}

/** Outlines the cells the panel ties to the world (hovered card, selected, just placed, picked). */
function drawHighlights(ctx: CanvasRenderingContext2D, g: Grid, floor: string, now: number): { list: Debug['highlights']; moving: boolean } {
  const list: Debug['highlights'] = [];
  const at = (id: string | null) => (id ? g.instances.find((i) => i.id === id && i.floor === floor) : undefined);
  const outline = (c: Cell, color: string, width: number, dash: number[] = []) => {
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.strokeRect(c.x * CELL + width / 2, c.y * CELL + width / 2, CELL - width, CELL - width);
    ctx.restore();
  };
  const sel = at(selected);
  if (sel) { outline(sel.cell, '#1d5fd6', 3); list.push({ kind: 'selected', floor, cell: sel.cell, id: sel.id }); }
  const hov = at(hovered);
  if (hov) { outline(hov.cell, '#f0a000', 3); list.push({ kind: 'hover', floor, cell: hov.cell, id: hov.id }); }
  let moving = false;
  if (flashed && flashed.floor === floor && now - flashed.start < FLASH_MS) {
    const p = (now - flashed.start) / FLASH_MS;
    ctx.save();
    ctx.fillStyle = `rgba(29,95,214,${(0.45 * (1 - p) * (0.6 + 0.4 * Math.cos(p * 6 * Math.PI))).toFixed(3)})`;
    ctx.fillRect(flashed.cell.x * CELL, flashed.cell.y * CELL, CELL, CELL);
    ctx.restore();
    outline(flashed.cell, '#1d5fd6', 2);
    list.push({ kind: 'flash', floor, cell: flashed.cell });
    moving = true;
  }
  if (pick && pick.floor === floor) { outline(pick.cell, '#1d5fd6', 1.5, [4, 3]); list.push({ kind: 'pick', floor, cell: pick.cell }); }
  return { list, moving };
}

/** The glow's color at alpha a: its hue when it declares one (HSL), else its color. */
function glowColor(glow: NonNullable<GridCell['glow']>, hue: number | undefined, a: number): string {
  if (hue === undefined || !glow.hue) return css(rgbOf(glow.color), a);
  const s = Math.min(1, Math.max(0, glow.hue.saturation)) * 100, l = Math.min(1, Math.max(0, glow.hue.lightness)) * 100;
  return `hsla(${hue.toFixed(1)},${s.toFixed(0)}%,${l.toFixed(0)}%,${a})`;
}

/** Draws the whole floor at now (performance.now()); returns whether anything is still moving. */
function render(now: number): boolean {
  const g = grid;
  const canvas = document.getElementById('world-canvas') as HTMLCanvasElement | null;
  if (!g || !canvas) return false;
  if (canvas.width !== g.width * CELL) canvas.width = g.width * CELL;
  if (canvas.height !== g.height * CELL) canvas.height = g.height * CELL;
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  const rm = reduced();
  const emojiFont = colorEmoji();
  const t = rm ? 0 : now / 1000;
  // rAF's frame time may be a little before the performance.now() of the last grid's draw.
  const dt = lastFrame ? Math.min(100, Math.max(0, now - lastFrame)) : 0;
  lastFrame = Math.max(lastFrame, now);
  const effects = running(now);
  let moving = effects.length > 0;
  const floor = floorOf(g);
  const basement = floor === 'basement';
  const drawn: Record<string, DrawnInstance> = {};
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = basement ? '#4a4a58' : '#d8e2cc';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const [sx, sy] = shakeOf(effects, now, CELL, rm);
  ctx.translate(sx, sy);
  ctx.strokeStyle = basement ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)';
  ctx.lineWidth = 1;
  for (let x = 0; x <= g.width; x++) { ctx.beginPath(); ctx.moveTo(x * CELL + 0.5, 0); ctx.lineTo(x * CELL + 0.5, canvas.height); ctx.stroke(); }
  for (let y = 0; y <= g.height; y++) { ctx.beginPath(); ctx.moveTo(0, y * CELL + 0.5); ctx.lineTo(canvas.width, y * CELL + 0.5); ctx.stroke(); }
  const here = g.instances.filter((i) => i.floor === floor);
  const centre = (c: Cell): [number, number] => [(c.x + 0.5) * CELL, (c.y + 0.5) * CELL];
  for (const i of here) drawn[i.id] = { floor: i.floor, cell: i.cell, look: i.sprite ? 'sprite' : 'emoji' };
  if (basement) {
    // Darkness, lifted around each light by its illumination.
    const dark = document.createElement('canvas');
    dark.width = canvas.width; dark.height = canvas.height;
    const d = dark.getContext('2d') as CanvasRenderingContext2D;
    d.fillStyle = 'rgba(5,5,12,0.82)';
    d.fillRect(0, 0, dark.width, dark.height);
    d.globalCompositeOperation = 'destination-out';
    for (const i of here) if (i.light) liftDarkness(d, i.light, ...centre(i.cell), CELL, t);
    ctx.drawImage(dark, 0, 0);
  }
  for (const i of here) {
    if (!i.light) continue;
    const strength = basement ? (i.light.basementIntensity ?? i.light.intensity) : i.light.intensity;
    drawn[i.id].light = drawLight(ctx, i.light, ...centre(i.cell), CELL, strength, t);
    moving = moving || (!rm && lightMoves(i.light));
  }
  for (const i of here) {
    if (!i.glow) continue;
    const [cx, cy] = centre(i.cell);
    try {
      const f = gizmoGlowFrame(i.glow, now / 1000, cx, cy, rm);
      const color = glowColor(i.glow, f.hue, 1);
      const r = Math.max(1, f.size / 2);
      const grd = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
      grd.addColorStop(0, color);
      grd.addColorStop(1, glowColor(i.glow, f.hue, 0));
      ctx.save();
      ctx.globalAlpha = f.opacity;
      ctx.fillStyle = grd;
      ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
      ctx.restore();
      drawn[i.id].glow = { size: f.size, opacity: f.opacity, hue: f.hue, color };
      moving = moving || (!rm && (i.glow.pulse.speed !== 0 || i.glow.opacity.speed !== 0 || (i.glow.hue?.speed ?? 0) !== 0));
    } catch { /* checked on the server: a glow the SDK refuses is not drawn */ }
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const i of here) {
    const [cx, cy] = centre(i.cell);
    const im = impulseOf(effects, i.id, now, rm);
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(im.rotation);
    ctx.scale(im.scale, im.scale);
    ctx.translate(-cx, -cy);
    if (drawModel(ctx, i.id, i.cell, CELL)) { // MODEL HOOK: a model replaces the sprite or emoji
      drawn[i.id].look = 'model';
    } else if (i.sprite) {
      const step = effects.find((e: Effect) => e.instance === i.id && e.step?.animation);
      const animation = step?.step?.animation;
      const frame = step && animation ? frameOf(animation, (now - step.start) / step.durationMs) : null;
      drawSprite(ctx, i.sprite, i.cell.x * CELL, i.cell.y * CELL, CELL, animation?.layer ?? null, frame, rm);
      drawn[i.id].sprite = { layers: i.sprite.layers.length, layer: animation?.layer, frame: frame ? { at: frame.at, offset: frame.offset, tint: frame.tint } : undefined };
    } else {
      ctx.font = `${Math.round(CELL * 0.7)}px system-ui, sans-serif`;
      ctx.fillStyle = basement ? '#f4f4f8' : '#222';
      ctx.fillText(i.emoji || '?', cx, (i.cell.y + 0.55) * CELL);
      drawn[i.id].emoji = i.emoji || '?';
    }
    ctx.restore();
    if (drawn[i.id].look === 'emoji' && !emojiFont) { // recognisable without a color emoji font
      const label = i.label || definition(i.type)?.label || i.type;
      drawInitials(ctx, initials(label), i.cell.x * CELL, i.cell.y * CELL, CELL);
      drawn[i.id].initials = initials(label);
    }
    if (im.scale !== 1 || im.rotation !== 0) drawn[i.id].impulse = im;
    if (i.blocking) { ctx.strokeStyle = i.problem ? '#b00020' : 'rgba(0,0,0,0.35)'; ctx.strokeRect(i.cell.x * CELL + 2.5, i.cell.y * CELL + 2.5, CELL - 5, CELL - 5); }
  }
  const fx: Debug['effects'] = [];
  for (const e of effects) {
    const at = g.instances.find((i) => i.id === e.instance);
    let particles = 0;
    if (at && at.floor === floor) particles = drawBurst(ctx, e, ...centre(at.cell), CELL, now, rm, (c, a) => css(rgbOf(c), a));
    fx.push({ id: e.id, kind: e.kind, instance: e.instance, burst: !!e.reaction?.burst, particles, impulse: !!e.reaction?.impulse && !rm, shake: [sx, sy] });
  }
  const avatars: Debug['avatars'] = {};
  drawTrails(ctx, now, CELL, (c, a) => css(rgbOf(c), a));
  moving = arriving(now) || moving;
  for (const a of g.avatars) {
    if (a.floor !== floor) { shown.delete(a.actor); continue; }
    const p = glide(a, dt);
    moving = moving || p.moving;
    const scale = arrivalScale(a.actor, now, rm);
    avatars[a.actor] = { x: p.x, y: p.y, self: a.self, scale };
    ctx.beginPath();
    ctx.arc((p.x + 0.5) * CELL, (p.y + 0.5) * CELL, CELL * 0.3 * scale, 0, 2 * Math.PI);
    ctx.fillStyle = a.self ? '#1d5fd6' : '#e07a1f';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.lineWidth = 1;
  }
  const hl = drawHighlights(ctx, g, floor, now);
  moving = moving || hl.moving;
  // World text last, over everything on the floor, inside the canvas.
  for (const i of here) {
    if (!i.worldText) continue;
    const v = textVisible(i, g);
    drawn[i.id].text = { text: i.worldText, shown: v.shown, range: i.worldTextRange, distance: v.distance };
    if (v.shown) drawn[i.id].text!.box = drawLabel(ctx, i.worldText, (i.cell.x + 0.5) * CELL, i.cell.y * CELL, (i.cell.y + 1) * CELL, canvas.width, canvas.height);
  }
  debug.highlights = hl.list;
  if (flashed) debug.lastFlash = { floor: flashed.floor, cell: flashed.cell };
  debug.emojiFont = emojiFont;
  debug.frames++;
  debug.floor = floor;
  debug.reducedMotion = rm;
  debug.instances = drawn;
  debug.avatars = avatars;
  debug.effects = fx;
  return moving;
}

let looping = false;
// safeRender never lets a drawing failure escape into the caller (the panel draws the world after
// the canvas): the failure is kept in the debug snapshot and shown.
function safeRender(now: number): boolean {
  try {
    return render(now);
  } catch (e) {
    debug.error = String((e as Error)?.stack || e);
    flash(`Drawing the world failed: ${(e as Error)?.message ?? e}`);
    return false;
  }
}

function frame(now: number): void {
  looping = safeRender(now);
  if (looping) requestAnimationFrame(frame);
}
function animate(): void {
  if (!looping) { looping = true; requestAnimationFrame(frame); }
}

export function drawCanvas(g: Grid): void {
  grid = g;
  // MODEL HOOK: which models to load; redraw while they load or move.
  noteGrid(g, () => { if (grid && safeRender(performance.now())) animate(); });
  const now = performance.now();
  takeFeedback(g.feedback || [], now);
  takeArrivals(takeGrid(g), now); // the log's notes; a travel's landing plays its arrival
  if (safeRender(now)) animate();
  // The revision this tab has drawn, and when (the world benchmark reads both).
  debug.revision = g.revision ?? 0;
  debug.drawnAt = Date.now();
  if (!(debug.revision in debug.firstDrawn)) {
    debug.firstDrawn[debug.revision] = debug.drawnAt;
    delete debug.firstDrawn[debug.revision - 32];
  }
  debug.grids++;
  root.dataset.drawnRevision = String(debug.revision);
  const floor = floorOf(g);
  root.dataset.pick = pick ? `${pick.cell.x},${pick.cell.y}` : '';
  drawPlaceHint();
  const label = document.getElementById('world-floor');
  if (label) {
    label.replaceChildren(`Floor: ${floor}` + (g.self ? ` · you are at (${g.self.cell.x}, ${g.self.cell.y}) ` : ' '));
    for (const f of g.floors) if (f !== floor) label.append(el('button', { type: 'button', 'data-floor': f, text: `Go to the ${f}`, onclick: async () => {
      const r = await api('/api/world/floor', { floor: f });
      if (!r.ok) flash(`Floor change failed (${r.status}): ${r.data.message}`);
    } }));
  }
  root.dataset.floor = floor;
  if (g.self) root.dataset.cell = `${g.self.cell.x},${g.self.cell.y}`;
}

motionQuery?.addEventListener?.('change', () => { if (grid) drawCanvas(grid); });
// Hover, selection, a placement's flash and the pick redraw the canvas (and animate a flash).
onSelection(() => {
  if (!grid) return;
  root.dataset.pick = pick ? `${pick.cell.x},${pick.cell.y}` : '';
  drawPlaceHint();
  if (safeRender(performance.now())) animate();
});

/** Where the next placement goes, said under the canvas: beside you, or the shift-clicked cell. */
let hinted = '';
function drawPlaceHint(): void {
  const hint = document.getElementById('world-place-hint');
  const said = pick ? `${pick.floor} ${pick.cell.x},${pick.cell.y}` : 'beside';
  if (!hint || (hint.childNodes.length > 0 && hinted === said)) return; // unchanged: no DOM work on every grid
  hinted = said;
  if (!pick) { hint.replaceChildren('Place puts a Gizmo beside you; shift-click a cell to choose where the next Gizmo goes.'); return; }
  hint.replaceChildren(`The next Gizmo goes to ${where(pick.floor, pick.cell)} (shift-click another cell to change it). `,
    el('button', { type: 'button', class: 'link', 'data-clear-pick': '', text: 'Place beside me instead', onclick: () => setPick(null) }));
}

/** The cell under a pointer event on the canvas. */
function cellAt(canvas: HTMLCanvasElement, e: MouseEvent): Cell {
  const box = canvas.getBoundingClientRect();
  return { x: Math.floor(((e.clientX - box.left) * canvas.width) / box.width / CELL), y: Math.floor(((e.clientY - box.top) * canvas.height) / box.height / CELL) };
}

function instanceAt(g: Grid, c: Cell): GridCell | undefined {
  const floor = floorOf(g);
  return g.instances.find((i) => i.floor === floor && i.cell.x === c.x && i.cell.y === c.y);
}

async function walk(c: Cell): Promise<void> {
  const r = await api('/api/world/walk', c);
  if (!r.ok) log('refused', `Walk to (${c.x}, ${c.y}) refused (${r.status}): ${r.data.message}`);
}

export function wireCanvas(): void {
  const canvas = document.getElementById('world-canvas') as HTMLCanvasElement | null;
  if (!canvas) return;
  wireKeys();
  drawPlaceHint();
  // A click on a Gizmo selects its card (and walks onto it when it lets players in); elsewhere it
  // walks there. A shift-click picks the cell the next Place puts its Gizmo on.
  canvas.addEventListener('click', (e) => {
    if (!grid) return;
    const c = cellAt(canvas, e);
    if (e.shiftKey) { setPick({ floor: floorOf(grid), cell: c }); return; }
    const hit = instanceAt(grid, c);
    if (hit) select(hit.id);
    if (!hit || !hit.blocking) void walk(c);
  });
  // The Gizmo under the pointer, named with its hint (the canvas's tooltip).
  canvas.addEventListener('mousemove', (e) => {
    const hit = grid ? instanceAt(grid, cellAt(canvas, e)) : undefined;
    const hint = hit ? definition(hit.type)?.hint : undefined;
    const title = hit ? `${hit.label || hit.type} at ${where(hit.floor, hit.cell)}${hint ? ' — ' + hint : ''}` : '';
    if (canvas.title !== title) canvas.title = title;
  });
}
