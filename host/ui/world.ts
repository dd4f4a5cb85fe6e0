// The world page's panel: it draws what the server sends and sends back what the viewer does.
// It never decides: every view, action and placement runs on the host, through the SDK's
// registry, with this tab's session (docs/dev.md, "The world page"). Compiled by the esbuild in
// the binary when the host starts (host/worldscript.go); nothing is fetched from elsewhere.

interface Field { id: string; label: string; kind?: string; value?: string; placeholder?: string; maxLength?: number; options?: { value: string; label: string }[] }
interface Control { id: string; label: string; action: { name: string; payload: Record<string, unknown> }; pressed?: boolean; disabled?: boolean; confirm?: string; fields?: string[]; icon?: string; placement?: string; trigger?: string; kind?: string }
interface View { title?: string; description?: string; fields?: Field[]; controls?: Control[] }
interface Instance { id: string; type: string; version: number; emoji: string; label: string; view?: View; late?: string; problem?: string; canRemove: boolean; state?: unknown }
interface Rev { number: number; project: string; definitions?: { type: string; emoji: string; label: string }[]; problems?: string[] }
interface Cell { x: number; y: number }
interface Light { radiusCells: number; color: string; intensity?: number; basementIntensity?: number; illumination?: number }
interface GridCell { id: string; type: string; emoji: string; floor: string; cell: Cell; blocking: boolean; problem?: string; light?: Light }
interface Avatar { actor: string; floor: string; cell: Cell; movingTo?: Cell; self: boolean }
interface Grid { width: number; height: number; floors: string[]; self?: Avatar; instances: GridCell[]; avatars: Avatar[]; feedback: { id: string; instance: string; until: number }[] }
interface World { world: string; actor: string; role: string; canPlace: boolean; canAdmin: boolean; revision?: Rev; rejection?: Rev; instances: Instance[]; grid?: Grid }

const root = document.getElementById('world-app') as HTMLElement;
const csrf = root.dataset.csrf || '';
const invite = new URLSearchParams(location.search).get('invite') || '';
const key = 'scape.tab' + (invite ? '.' + invite.slice(0, 16) : '');
let token = sessionStorage.getItem(key) || '';
let world: World | null = null;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'text') e.textContent = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null) e.append(c);
  return e;
}

async function api(path: string, body?: unknown): Promise<{ ok: boolean; status: number; data: any }> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token, 'X-CSRF-Token': csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: any = null;
  try { data = await res.json(); } catch { data = { message: res.statusText }; }
  return { ok: res.ok, status: res.status, data };
}

async function openTab(): Promise<void> {
  if (token) {
    const probe = await api('/api/world');
    if (probe.status !== 401) return;
  }
  const r = await api('/api/world/tabs', { invite });
  if (!r.ok) throw new Error(r.data.message);
  token = r.data.token;
  sessionStorage.setItem(key, token);
}

function status(card: HTMLElement, text: string, isError: boolean): void {
  const s = card.querySelector('.status') as HTMLElement;
  s.textContent = text;
  s.className = 'status ' + (isError ? 'error' : 'ok');
}

async function act(card: HTMLElement, inst: Instance, c: Control): Promise<void> {
  if (c.confirm && !window.confirm(c.confirm)) return;
  const payload: Record<string, unknown> = { ...(c.action.payload || {}) };
  for (const f of c.fields || []) {
    const input = card.querySelector(`[data-field="${CSS.escape(f)}"]`) as HTMLInputElement | HTMLSelectElement | null;
    if (input) payload[f] = input.value;
  }
  status(card, c.label + '…', false);
  const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/act`, { name: c.action.name, payload });
  if (r.ok) status(card, c.label + ': done', false);
  else status(card, `${c.label} failed (${r.status}): ${r.data.message}`, true);
}

function fieldNode(card: HTMLElement, inst: Instance, f: Field, auto?: Control): HTMLElement {
  const id = `f-${inst.id}-${f.id}`;
  let input: HTMLInputElement | HTMLSelectElement;
  if (f.kind === 'select') {
    input = el('select', { id, 'data-field': f.id });
    for (const o of f.options || []) input.append(el('option', { value: o.value, text: o.label }));
    input.value = f.value ?? '';
    if (auto) input.addEventListener('change', () => void act(card, inst, auto));
  } else {
    input = el('input', { id, type: 'text', 'data-field': f.id, placeholder: f.placeholder, maxlength: f.maxLength });
    input.value = f.value ?? '';
  }
  return el('div', { class: 'field' }, el('label', { for: id, text: f.label }), input);
}

function controlNode(card: HTMLElement, inst: Instance, c: Control): HTMLElement {
  const toggle = c.icon === 'toggle';
  return el('button', {
    type: 'button', 'data-control': c.id, disabled: c.disabled, class: toggle ? 'toggle' : c.placement === 'action' ? 'play' : '',
    'aria-pressed': toggle ? String(!!c.pressed) : undefined, title: c.label, text: c.label, // the icon is drawn by CSS: the label stays the accessible name
    onclick: () => void act(card, inst, c),
  });
}

function drawCard(card: HTMLElement, inst: Instance, w: World): void {
  const focused = document.activeElement;
  const keep = focused && card.contains(focused) && focused instanceof HTMLInputElement ? focused.getAttribute('data-field') : null;
  const kept = keep ? (focused as HTMLInputElement).value : '';
  const oldStatus = card.querySelector('.status')?.cloneNode(true) as HTMLElement | undefined;
  card.replaceChildren();
  const v = inst.view;
  card.append(el('h2', { id: `t-${inst.id}`, text: `${inst.emoji} ${v?.title || inst.label}` }));
  card.setAttribute('aria-labelledby', `t-${inst.id}`);
  card.append(el('p', { class: 'muted', text: `${inst.type} v${inst.version} · ${inst.id}` }));
  if (inst.late) card.append(el('p', { class: 'late', text: 'this view did not render in time' }), el('p', { class: 'muted', text: inst.late }));
  if (inst.problem) card.append(el('p', { class: 'error', text: inst.problem }));
  if (v?.description) card.append(el('p', { class: 'description', text: v.description }));
  const controls = (v?.controls || []).filter((c) => c.kind !== 'preview');
  const auto = new Map<string, Control>();
  for (const c of controls) if (c.trigger === 'change') for (const f of c.fields || []) auto.set(f, c);
  for (const f of v?.fields || []) card.append(fieldNode(card, inst, f, auto.get(f.id)));
  const row = el('div', { class: 'action-row', role: 'group', 'aria-label': 'Actions' });
  const rest = el('div', { class: 'controls' });
  for (const c of controls) {
    if (c.trigger === 'change') continue;
    (c.icon === 'toggle' || c.placement === 'action' ? row : rest).append(controlNode(card, inst, c));
  }
  if (inst.canRemove) rest.append(el('button', { type: 'button', class: 'secondary', 'data-remove': inst.id, text: 'Remove', onclick: async () => {
    if (!window.confirm(`Remove ${inst.label}?`)) return;
    const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/remove`, {});
    if (!r.ok) status(card, `Remove failed (${r.status}): ${r.data.message}`, true);
  } }));
  card.append(row, rest);
  if (w.canAdmin && inst.state !== undefined) {
    const ta = el('textarea', { id: `s-${inst.id}`, rows: 2, 'data-seed': inst.id });
    ta.value = JSON.stringify(inst.state);
    card.append(el('details', { class: 'seed' }, el('summary', { text: 'State' }), el('label', { for: `s-${inst.id}`, text: 'State (JSON, checked by valid())' }), ta,
      el('button', { type: 'button', text: 'Set state', onclick: async () => {
        let state: unknown;
        try { state = JSON.parse(ta.value); } catch (e) { status(card, 'State is not JSON: ' + (e as Error).message, true); return; }
        const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/state`, { state });
        status(card, r.ok ? 'State set' : `Set state failed (${r.status}): ${r.data.message}`, !r.ok);
      } })));
  }
  card.append(oldStatus || el('p', { class: 'status', role: 'status', 'aria-live': 'polite' }));
  if (keep) {
    const again = card.querySelector(`[data-field="${CSS.escape(keep)}"]`) as HTMLInputElement | null;
    if (again) { again.value = kept; again.focus(); }
  }
}

function drawChrome(w: World): void {
  const bar = document.getElementById('world-bar') as HTMLElement;
  bar.replaceChildren();
  bar.append(el('p', { id: 'who', text: `You are ${w.actor} (${w.role})` }));
  bar.append(el('p', { id: 'world-active', text: w.revision ? `Active revision ${w.revision.number} of ${w.revision.project}` : 'No accepted build yet' }));
  if (w.rejection) bar.append(el('div', { id: 'world-rejection', class: 'error' }, el('p', { text: `Revision ${w.rejection.number} was rejected:` }),
    el('ul', {}, ...(w.rejection.problems || []).map((p) => el('li', { text: p })))));
  if (w.canPlace && w.revision) {
    const place = el('div', { id: 'place', role: 'group', 'aria-label': 'Place a Gizmo' });
    for (const d of w.revision.definitions || []) place.append(el('button', { type: 'button', 'data-place': d.type, text: `Place ${d.emoji} ${d.label}`, onclick: async () => {
      // On the cell picked with a shift-click, on the viewer's floor; else the first free one.
      const r = await api('/api/world/instances', pick ? { type: d.type, floor: pick.floor, x: pick.cell.x, y: pick.cell.y } : { type: d.type });
      if (r.ok) pick = null;
      if (!r.ok) flash(`Place failed (${r.status}): ${r.data.message}`);
    } }));
    bar.append(place);
  }
  if (w.canAdmin) {
    const inv = el('div', { id: 'invites', role: 'group', 'aria-label': 'Invite' });
    for (const role of ['participant', 'editor', 'remover']) inv.append(el('button', { type: 'button', 'data-invite': role, text: `Invite a ${role}`, onclick: async () => {
      const r = await api('/api/world/invites', { role });
      if (r.ok) inv.append(el('p', {}, el('a', { href: r.data.url, 'data-invite-link': role, text: `${role} link` })));
      else flash(`Invite failed (${r.status}): ${r.data.message}`);
    } }));
    bar.append(inv);
  }
}

function flash(text: string): void {
  const f = document.getElementById('world-flash') as HTMLElement;
  f.textContent = text;
}

function draw(w: World): void {
  world = w;
  drawChrome(w);
  const grid = document.getElementById('world-grid') as HTMLElement;
  const seen = new Set<string>();
  let prev: Element | null = null;
  for (const inst of w.instances) {
    seen.add(inst.id);
    let card = document.getElementById('card-' + inst.id) as HTMLElement | null;
    if (!card) card = el('section', { class: 'instance card', id: 'card-' + inst.id, 'data-instance': inst.id });
    drawCard(card, inst, w);
    if (prev ? prev.nextElementSibling !== card : grid.firstElementChild !== card) {
      if (prev) prev.after(card); else grid.prepend(card);
    }
    prev = card;
  }
  for (const c of Array.from(grid.children)) if (!seen.has((c as HTMLElement).dataset.instance || '')) c.remove();
  if (w.grid) drawCanvas(w.grid);
  root.dataset.revision = String(w.revision?.number ?? 0);
  root.dataset.ready = 'true';
  retryLate(w);
}

// A view that was not ready when the world was drawn (the build still opening, its worker busy)
// is a placeholder, and no change event need follow: the tab asks again, backing off to 4 s.
// Views the host remembers as runaways are not run again, so asking is cheap.
let retryDelay = 250;
let retryTimer: number | undefined;
function retryLate(w: World): void {
  if (!w.instances.some((i) => i.late)) { retryDelay = 250; return; }
  if (retryTimer !== undefined) return;
  retryTimer = window.setTimeout(async () => {
    retryTimer = undefined;
    const r = await api('/api/world');
    if (r.ok) draw(r.data);
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, 4000);
}

// ---- the canvas: a top-down drawing of the viewer's floor. It is a local approximation of the
// hosted renderer (docs/world.md): light pools are radial gradients of the light's color over
// radiusCells, and on the basement they also lift the darkness by their illumination.

const CELL = 32;
let grid: Grid | null = null;
// pick is the cell a shift-click chose for the next placement.
let pick: { floor: string; cell: Cell } | null = null;

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

function drawCanvas(g: Grid): void {
  grid = g;
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

function wireCanvas(): void {
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

function reaction(data: { instance: string; actor: string; reaction: unknown }): void {
  const card = document.getElementById('card-' + data.instance);
  if (!card || data.reaction == null) return;
  const r = el('p', { class: 'reaction', role: 'status', text: `✨ ${data.actor}: ${JSON.stringify(data.reaction).slice(0, 200)}` });
  card.append(r);
  setTimeout(() => r.remove(), 2000);
}

async function main(): Promise<void> {
  try { await openTab(); } catch (e) { flash((e as Error).message); return; }
  const es = new EventSource('/api/world/events?session=' + encodeURIComponent(token));
  es.addEventListener('world', (e) => draw(JSON.parse((e as MessageEvent).data)));
  es.addEventListener('acted', (e) => reaction(JSON.parse((e as MessageEvent).data)));
  es.addEventListener('grid', (e) => drawCanvas(JSON.parse((e as MessageEvent).data)));
  wireCanvas();
  es.addEventListener('error', () => { root.dataset.live = 'reconnecting'; });
  es.addEventListener('open', () => { root.dataset.live = 'open'; });
}

void main();
void world;
