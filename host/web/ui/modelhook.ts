// The page's side of models (part of world.js, without three.js): it asks the host which placed
// instances have a model (GET /api/world/models), loads the renderer (/static/model.js, three.js
// inside) only when one does, hands it each change's animate() timeline from the 'acted' and
// 'seeded' events, draws each model on its cell for the canvas (drawModel, the canvas's one
// model hook) and turns a click on a model's cell into its presentation's tap action. Without
// WebGL (a browser or machine without it, or the renderer failing), models are drawn as their
// emoji with a one-line notice, and the rest of the world is drawn as ever.

import type { Cell, Grid } from './types';
import type { ModelRenderer, WorldModels } from './modeltime';
import { api, flash, token } from './net';

type Renderer = ModelRenderer & { onChange: (fn: () => void) => void };

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
let data: WorldModels | null = null;
let signature = '';
let redraw: (() => void) | null = null;
let frameQueued = false;
let lastGrid: Grid | null = null;
let cellSize = 32;
// Why models are drawn as emoji, once WebGL is found missing or the renderer fails.
let fallback: string | null = null;
const pending = new Map<string, unknown>(); // timelines that arrived before the renderer

function loadRenderer(): Promise<Renderer> {
  if (!loading) {
    loading = new Promise<Renderer>((resolve, reject) => {
      const w = window as unknown as { __scapeModelRenderer?: Renderer; __scapeModelReady?: () => void };
      w.__scapeModelReady = () => { if (w.__scapeModelRenderer) resolve(w.__scapeModelRenderer); };
      const s = document.createElement('script');
      s.src = '/static/model.js';
      s.onerror = () => { loading = null; reject(new Error('the model renderer (/static/model.js) did not load')); };
      document.head.append(s);
    });
  }
  return loading;
}

async function fetchModel(sum: string): Promise<ArrayBuffer> {
  const res = await fetch(`/api/world/models/${sum}.glb`, { headers: { Authorization: 'Bearer ' + token } });
  if (!res.ok) throw new Error(`model ${sum}: ${res.status}`);
  return res.arrayBuffer();
}

/** Whether this browser gives a page a WebGL context (asked once, on a throwaway canvas). */
let webgl: boolean | null = null;
function hasWebGL(): boolean {
  if (webgl === null) {
    try {
      const c = document.createElement('canvas');
      webgl = !!(c.getContext('webgl2') || c.getContext('webgl'));
    } catch { webgl = false; }
  }
  return webgl;
}

/** Models are drawn as their emoji from now on, and the page says why in one line. */
function fallBack(why: string): void {
  if (fallback) return;
  fallback = why;
  renderer = null;
  const notice = document.getElementById('world-model-notice') ?? document.getElementById('world-stage')?.querySelector('figcaption')?.appendChild(document.createElement('span'));
  if (notice) {
    notice.id = 'world-model-notice';
    notice.setAttribute('role', 'status');
    notice.textContent = ` Models are drawn as their emoji: ${why}.`;
  }
  (window as unknown as { __scapeWorld?: { modelFallback?: string } }).__scapeWorld!.modelFallback = why;
  schedule();
}

/** Asks the host for the placed models again; loads the renderer the first time one is placed. */
async function refresh(): Promise<void> {
  const r = await api('/api/world/models');
  if (!r.ok) return;
  data = r.data as WorldModels;
  if (!renderer && Object.keys(data.types).length === 0) return;
  if (fallback) return;
  if (!hasWebGL()) { fallBack('this browser has no WebGL'); return; }
  try {
    const rd = await loadRenderer();
    renderer = rd;
    rd.onChange(schedule);
    rd.update(data, fetchModel);
    for (const [id, t] of pending) rd.transition(id, t as Parameters<ModelRenderer['transition']>[1]);
    pending.clear();
  } catch (e) {
    fallBack(`the model renderer failed (${(e as Error).message})`);
  }
  schedule();
}

/** One redraw on the next animation frame, and more while a model moves. */
function schedule(): void {
  if (frameQueued || !redraw) return;
  frameQueued = true;
  requestAnimationFrame(() => {
    frameQueued = false;
    redraw?.();
    if (renderer?.animating()) schedule();
  });
}

/**
 * The canvas calls this with each grid it draws (and how to draw it again): a placement, a
 * removal or a changed type asks the host for the models again.
 */
export function noteGrid(g: Grid, again: () => void): void {
  redraw = again;
  lastGrid = g;
  const sig = g.instances.map((i) => `${i.id}:${i.type}:${i.blocking ? 1 : 0}`).sort().join(',');
  if (sig !== signature) {
    signature = sig;
    void refresh();
  }
}

/** The canvas's model hook: draws the instance's model centred on its cell; false draws the emoji. */
export function drawModel(ctx: CanvasRenderingContext2D, id: string, cell: Cell, size: number): boolean {
  cellSize = size;
  if (renderer === null) return false;
  try {
    return renderer.draw(ctx, id, (cell.x + 0.5) * size, (cell.y + 0.5) * size, size);
  } catch (e) { // e.g. "Error creating WebGL context": the world is still drawn, with emoji
    fallBack(`the model renderer failed (${(e as Error)?.message ?? e})`);
    return false;
  }
}

/** Transitions from the host's events; a new build asks for the models again. */
export function watchModels(es: EventTarget): void {
  const onChange = (e: Event) => {
    const c = JSON.parse((e as MessageEvent).data) as { instance?: string; transition?: { animate?: unknown } };
    if (!c.instance || !c.transition?.animate) return;
    if (renderer && renderer.has(c.instance)) renderer.transition(c.instance, c.transition.animate as Parameters<ModelRenderer['transition']>[1]);
    else pending.set(c.instance, c.transition.animate);
  };
  es.addEventListener('acted', onChange);
  es.addEventListener('seeded', onChange);
  es.addEventListener('revision', () => { signature = ''; void refresh(); });
  // A click on a model's cell is its tap: the presentation's action, with this tab's authority.
  const canvas = document.getElementById('world-canvas') as HTMLCanvasElement | null;
  canvas?.addEventListener('click', (e) => {
    if (e.shiftKey || !data || (!renderer && !fallback)) return; // drawn as emoji, a model still taps
    const box = canvas.getBoundingClientRect();
    const x = Math.floor(((e.clientX - box.left) * canvas.width) / box.width / cellSize);
    const y = Math.floor(((e.clientY - box.top) * canvas.height) / box.height / cellSize);
    const hit = tappable(x, y);
    if (!hit) return;
    e.stopImmediatePropagation(); // not a walk
    void api(`/api/world/instances/${encodeURIComponent(hit.id)}/act`, hit.tap).then((r) => {
      if (!r.ok) flash(`${hit.tap.name} failed (${r.status}): ${r.data.message}`);
    });
  }, { capture: true });
}

function tappable(x: number, y: number): { id: string; tap: { name: string; payload: Record<string, unknown> } } | null {
  if (!lastGrid || !data) return null;
  const floor = lastGrid.self?.floor || 'surface';
  for (const i of lastGrid.instances) {
    if (i.floor !== floor || i.cell.x !== x || i.cell.y !== y) continue;
    const inst = data.instances[i.id];
    const t = inst && data.types[inst.type];
    if (t) return { id: i.id, tap: t.presentation.tap };
  }
  return null;
}
