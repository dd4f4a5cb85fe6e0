import type { Cell, Grid } from './types';
import { api, el, flash, root } from './net';
import { drawModel, noteGrid } from './modelhook'; // MODEL HOOK (models engineer): see drawCanvas

// ---- the canvas: a top-down drawing of the viewer's floor. It is a local approximation of the
// hosted renderer (docs/world.md): light pools are radial gradients of the light's color over
// radiusCells, and on the basement they also lift the darkness by their illumination.

const CELL = 32;
let grid: Grid | null = null;
// pick is the cell a shift-click chose for the next placement.
export let pick: { floor: string; cell: Cell } | null = null;
export function clearPick(): void { pick = null; }

function rgba(hex: string, alpha: number): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex) || /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  if (!m) return `rgba(255,255,255,${alpha})`;
  const c = m.slice(1, 4).map((h) => parseInt(h.length === 1 ? h + h : h, 16));
  return `rgba(${c[0]},${c[1]},${c[2]},${Math.max(0, Math.min(1, alpha))})`;
}

function floorOf(g: Grid): string { return g.self?.floor || 'surface'; }

function pool(ctx: CanvasRenderingContext2D, c: Cell, radiusCells: number, inner: string, outer: string): void {
  const cx = (c.x + 0.5) * CELL, cy = (c.y + 0.5) * CELL, r = Math.max(0.5, radiusCells) * CELL;
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
  g.addColorStop(0, inner);
  g.addColorStop(1, outer);
  ctx.fillStyle = g;
  ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
}

export function drawCanvas(g: Grid): void {
  grid = g;
  noteGrid(g, () => { if (grid) drawCanvas(grid); }); // MODEL HOOK: which models to load; redraw while they move
  const canvas = document.getElementById('world-canvas') as HTMLCanvasElement | null;
  if (!canvas) return;
  canvas.width = g.width * CELL;
  canvas.height = g.height * CELL;
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  const floor = floorOf(g);
  const basement = floor === 'basement';
  ctx.fillStyle = basement ? '#4a4a58' : '#d8e2cc';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = basement ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)';
  ctx.lineWidth = 1;
  for (let x = 0; x <= g.width; x++) { ctx.beginPath(); ctx.moveTo(x * CELL + 0.5, 0); ctx.lineTo(x * CELL + 0.5, canvas.height); ctx.stroke(); }
  for (let y = 0; y <= g.height; y++) { ctx.beginPath(); ctx.moveTo(0, y * CELL + 0.5); ctx.lineTo(canvas.width, y * CELL + 0.5); ctx.stroke(); }
  const here = g.instances.filter((i) => i.floor === floor);
  if (basement) {
    // Darkness, lifted around each light by its illumination.
    const dark = document.createElement('canvas');
    dark.width = canvas.width; dark.height = canvas.height;
    const d = dark.getContext('2d') as CanvasRenderingContext2D;
    d.fillStyle = 'rgba(5,5,12,0.82)';
    d.fillRect(0, 0, dark.width, dark.height);
    d.globalCompositeOperation = 'destination-out';
    for (const i of here) if (i.light) pool(d, i.cell, i.light.radiusCells, `rgba(0,0,0,${i.light.illumination ?? 0.6})`, 'rgba(0,0,0,0)');
    ctx.drawImage(dark, 0, 0);
  }
  for (const i of here) {
    if (!i.light) continue;
    const strength = basement ? (i.light.basementIntensity ?? i.light.intensity ?? 0.2) : (i.light.intensity ?? 0.2);
    pool(ctx, i.cell, i.light.radiusCells, rgba(i.light.color, 0.35 + strength * 2), rgba(i.light.color, 0));
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `${Math.round(CELL * 0.7)}px system-ui, sans-serif`;
  ctx.fillStyle = basement ? '#f4f4f8' : '#222';
  for (const i of here) {
    if (i.blocking) { ctx.strokeStyle = i.problem ? '#b00020' : 'rgba(0,0,0,0.35)'; ctx.strokeRect(i.cell.x * CELL + 2.5, i.cell.y * CELL + 2.5, CELL - 5, CELL - 5); }
    if (drawModel(ctx, i.id, i.cell, CELL)) continue; // MODEL HOOK: a model replaces the emoji
    ctx.fillText(i.emoji || '?', (i.cell.x + 0.5) * CELL, (i.cell.y + 0.55) * CELL);
  }
  for (const a of g.avatars) {
    if (a.floor !== floor) continue;
    ctx.beginPath();
    ctx.arc((a.cell.x + 0.5) * CELL, (a.cell.y + 0.5) * CELL, CELL * 0.3, 0, 2 * Math.PI);
    ctx.fillStyle = a.self ? '#1d5fd6' : '#e07a1f';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.lineWidth = 1;
  }
  if (pick && pick.floor === floor) {
    ctx.strokeStyle = '#1d5fd6';
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(pick.cell.x * CELL + 1.5, pick.cell.y * CELL + 1.5, CELL - 3, CELL - 3);
    ctx.setLineDash([]);
  }
  root.dataset.pick = pick ? `${pick.cell.x},${pick.cell.y}` : '';
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

async function move(direction: string): Promise<void> {
  const r = await api('/api/world/move', { direction });
  if (!r.ok) flash(`Move failed (${r.status}): ${r.data.message}`);
}

export function wireCanvas(): void {
  const canvas = document.getElementById('world-canvas') as HTMLCanvasElement | null;
  if (!canvas) return;
  const keys: Record<string, string> = { ArrowRight: 'right', ArrowDown: 'down', ArrowLeft: 'left', ArrowUp: 'up' };
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
    const dir = keys[e.key];
    if (!dir) return;
    e.preventDefault();
    void move(dir);
  });
  canvas.addEventListener('click', async (e) => {
    if (!grid) return;
    const box = canvas.getBoundingClientRect();
    const x = Math.floor(((e.clientX - box.left) * canvas.width) / box.width / CELL);
    const y = Math.floor(((e.clientY - box.top) * canvas.height) / box.height / CELL);
    if (e.shiftKey) { // choose the cell the next Place puts its Gizmo on
      pick = { floor: floorOf(grid), cell: { x, y } };
      drawCanvas(grid);
      return;
    }
    const r = await api('/api/world/walk', { x, y });
    if (!r.ok) flash(`Walk to (${x}, ${y}) failed (${r.status}): ${r.data.message}`);
  });
}
