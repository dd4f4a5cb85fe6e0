// The panel: one card per instance with its view for this viewer, and the world's chrome (who
// you are, the active revision, the last rejection, Place and Invite). It draws what the server
// sends and sends back what the viewer does; it never decides. Cards are tied to the world: each
// says its floor and cell, cards are grouped by floor, hovering or focusing a card outlines its
// cell on the canvas, a click on a Gizmo's cell selects its card, a new placement's card is
// selected and its cell flashed (selection.ts).

import type { Control, Field, Instance, World } from './types';
import { api, el, flash, root } from './net';
import { drawCanvas } from './canvas';
import { clearPick, definition, flashCell, hover, onSelection, pick, select, selected, setDefinitions, where } from './selection';
import { log } from './explain';
import { preview } from './audio';

export function status(card: HTMLElement, text: string, isError: boolean): void {
  const s = card.querySelector('.status') as HTMLElement;
  s.textContent = text;
  s.className = 'status ' + (isError ? 'error' : 'ok');
}

/**
 * The next state clears a card's status line ("Add one: done" is about the state it made): an
 * accepted action or seed by someone else, or a new build. This tab's own changes do not: their
 * answers write the status, and their echo may arrive before or after it.
 */
export function stateChanged(c: { kind: string; instance?: string; actor?: string; status?: string }): void {
  const clear = (card: Element | null) => { const s = card?.querySelector('.status'); if (s) { s.textContent = ''; s.className = 'status'; } };
  if (c.kind === 'revision') {
    if (c.status !== 'accepted') return; // a rejected build changes nothing placed
    document.querySelectorAll('#world-grid .card').forEach(clear);
    notices.clear();
    return;
  }
  if (!c.instance || c.actor === me) return;
  clear(document.getElementById('card-' + c.instance));
  notices.delete(c.instance);
}
let me = '';

// What the viewer did that a redraw must not undo: Configure opened or closed (per instance; a
// placement whose answer says openConfigure opens it), text typed and not yet saved (kept while
// the server's value is still the one it was typed over), and messages for cards not drawn yet.
const configureOpen = new Map<string, boolean>();
const edits = new Map<string, { value: string; base: string }>();
const notices = new Map<string, { text: string; isError: boolean }>();
const editKey = (inst: Instance, field: string): string => inst.id + '\u0000' + field;

function notify(id: string, text: string, isError: boolean): void {
  const card = document.getElementById('card-' + id);
  if (card) status(card, text, isError);
  else notices.set(id, { text, isError });
}

/** Opens an instance's Configure now, or when its card is first drawn. */
export function openConfigure(id: string): void {
  configureOpen.set(id, true);
  const d = document.querySelector(`#card-${CSS.escape(id)} details.configure`) as HTMLDetailsElement | null;
  if (d) d.open = true;
}

async function act(card: HTMLElement, inst: Instance, c: Control): Promise<void> {
  select(inst.id);
  if (c.confirm && !window.confirm(c.confirm)) return;
  const payload: Record<string, unknown> = { ...(c.action.payload || {}) };
  for (const f of c.fields || []) {
    const input = card.querySelector(`[data-field="${CSS.escape(f)}"]`) as HTMLInputElement | HTMLSelectElement | null;
    if (input) payload[f] = input.value;
  }
  // A preview control auditions locally, for this tab only (audio.ts); a control naming a preview
  // auditions it with the same payload before its normal action.
  if (c.kind === 'preview' || c.preview) {
    const p = await preview(inst.id, c.kind === 'preview' ? c.action.name : c.preview!, payload);
    if (!p.ok) { status(card, `${c.label}: preview failed (${p.message})`, true); return; }
    if (c.kind === 'preview') { status(card, `${c.label}: previewed (only you hear it)`, false); return; }
  }
  status(card, c.label + '…', false);
  const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/act`, { name: c.action.name, payload });
  if (r.ok) for (const f of c.fields || []) edits.delete(editKey(inst, f));
  if (r.ok) status(card, c.label + ': done', false);
  else {
    status(card, `${c.label} failed (${r.status}): ${r.data.message}`, true);
    log('refused', `${c.label} on ${labelOf(inst)} refused (${r.status}): ${r.data.message}`);
  }
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
    const text = el('input', { id, type: 'text', 'data-field': f.id, placeholder: f.placeholder, maxlength: f.maxLength });
    const key = editKey(inst, f.id);
    const typed = edits.get(key);
    if (typed && typed.base !== (f.value ?? '')) edits.delete(key); // saved, or changed by someone else
    text.value = typed && typed.base === (f.value ?? '') ? typed.value : f.value ?? '';
    text.addEventListener('input', () => edits.set(key, { value: text.value, base: f.value ?? '' }));
    input = text;
  }
  return el('div', { class: 'field' }, el('label', { for: id, text: f.label }), input);
}

// `pressed` is drawn on every kind of control that has it (a toggle always has it: "requires
// boolean pressed state"): aria-pressed, and a visible mark (style.css) — the answer you voted
// for, the lamp's chosen color.
function controlNode(card: HTMLElement, inst: Instance, c: Control): HTMLElement {
  const toggle = c.icon === 'toggle';
  const pressed = toggle ? !!c.pressed : typeof c.pressed === 'boolean' ? c.pressed : undefined;
  const classes = [toggle ? 'toggle' : c.placement === 'action' ? 'play' : '', pressed ? 'pressed' : ''].filter(Boolean).join(' ');
  return el('button', {
    type: 'button', 'data-control': c.id, disabled: c.disabled, class: classes || undefined,
    'aria-pressed': pressed === undefined ? undefined : String(pressed), title: c.label, text: c.label, // the icon is drawn by CSS: the label stays the accessible name
    onclick: () => void act(card, inst, c),
  });
}

/** The definition's label ("Lamp"), else the view's title. */
function labelOf(inst: Instance): string { return definition(inst.type)?.label || inst.label; }

// The world picker (worldEditor), anchored in the instance's Configure: a choice from the host's
// world directory or an entered world code, which the host resolves and submits as
// { [field]: destination } to the declared editor action. This host's directory is a local stub.
function worldPickerNode(card: HTMLElement, inst: Instance, w: World): HTMLElement {
  const p = inst.worldPicker!;
  const pickId = `wp-${inst.id}`, codeId = `wc-${inst.id}`;
  const select = el('select', { id: pickId, 'data-world-pick': inst.id });
  select.append(el('option', { value: '', text: 'No world (clear)' }));
  for (const d of w.worlds || []) select.append(el('option', { value: d.id, text: `${d.name} (${d.id})` }));
  select.value = inst.navigate && (w.worlds || []).some((d) => d.id === inst.navigate!.world) ? inst.navigate.world : '';
  const code = el('input', { id: codeId, type: 'text', 'data-world-code': inst.id, maxlength: 64, autocomplete: 'off' });
  const send = async (world: string | null) => {
    status(card, `${p.label}…`, false);
    const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/world`, { world });
    status(card, r.ok ? `${p.label}: ${world === null ? 'cleared' : world}` : `${p.label} failed (${r.status}): ${r.data.message}`, !r.ok);
  };
  return el('div', { class: 'world-picker', role: 'group', 'aria-labelledby': `wpl-${inst.id}` },
    el('p', { id: `wpl-${inst.id}`, class: 'picker-label', text: p.label }),
    el('p', { class: 'muted stub', text: 'Local stub directory: these worlds exist only as names on this host; nobody travels to them.' }),
    el('div', { class: 'field' }, el('label', { for: pickId, text: `${p.label}: choose a world` }), select),
    el('button', { type: 'button', 'data-world-save': inst.id, text: `Save ${p.label}`, onclick: () => void send(select.value || null) }),
    el('div', { class: 'field' }, el('label', { for: codeId, text: `${p.label}: or enter a world code` }), code),
    el('button', { type: 'button', class: 'secondary', 'data-world-code-save': inst.id, text: 'Use this code', onclick: () => void send(code.value.trim()) }));
}

// The world link (navigate): what the hosted world would do when a player enters the cell. The
// local host admits nobody anywhere, so the button only says so.
function navigateNode(card: HTMLElement, inst: Instance): HTMLElement {
  const n = inst.navigate!;
  const where = n.name ? `${n.name} (${n.world})` : n.world;
  const desc = `Local stub: in a hosted world, entering this cell asks to admit you to the world ${where}. This host has no cross-world travel.`;
  return el('p', { class: 'navigate' },
    el('button', { type: 'button', class: 'secondary', 'data-navigate': inst.id, 'aria-describedby': `nav-${inst.id}`, text: `🚪 Leads to ${where}`,
      onclick: () => status(card, `No cross-world travel here: the hosted world would now ask to admit you to ${where}.`, false) }),
    el('span', { id: `nav-${inst.id}`, class: 'muted', text: ' ' + desc }));
}

// The element that has the focus, as a selector that finds its redrawn twin: the page redraws a
// card on every change, and a keyboard user must stay where they were.
const focusAttrs = ['data-field', 'data-control', 'data-configure', 'data-world-pick', 'data-world-code', 'data-world-save', 'data-world-code-save', 'data-navigate', 'data-remove', 'data-seed', 'data-seed-set', 'data-state'];
function focusSelector(card: HTMLElement): string | null {
  const f = document.activeElement;
  if (!(f instanceof HTMLElement) || !card.contains(f)) return null;
  for (const a of focusAttrs) {
    const v = f.getAttribute(a);
    if (v !== null) return `[${a}="${CSS.escape(v)}"]`;
  }
  return null;
}

function drawCard(card: HTMLElement, inst: Instance, w: World, at: Spot | undefined): void {
  const keep = focusSelector(card);
  const focused = document.activeElement;
  const kept = keep && focused instanceof HTMLInputElement && focused.type === 'text' ? { value: focused.value, start: focused.selectionStart, end: focused.selectionEnd } : null;
  const oldStatus = card.querySelector('.status')?.cloneNode(true) as HTMLElement | undefined;
  card.replaceChildren();
  const v = inst.view; // null: the definition has no view (the card shows its name, no controls)
  card.append(el('h2', { id: `t-${inst.id}`, text: `${inst.emoji} ${v?.title || inst.label}` }));
  card.setAttribute('aria-labelledby', `t-${inst.id}`);
  card.append(el('p', { class: 'where', 'data-where': at ? `${at.floor} ${at.cell.x},${at.cell.y}` : '', text: at ? `${cap(at.floor)} · cell (${at.cell.x}, ${at.cell.y})` : 'Not on the grid' }));
  card.append(el('p', { class: 'muted', text: `${inst.type} v${inst.version} · ${inst.id}` }));
  const hint = definition(inst.type)?.hint;
  if (hint) card.append(el('p', { class: 'hint', text: hint }));
  if (inst.late) card.append(el('p', { class: 'late', text: 'this view did not render in time' }), el('p', { class: 'muted', text: inst.late }));
  if (inst.problem) card.append(el('p', { class: 'error', text: inst.problem }));
  if (v?.description) card.append(el('p', { class: 'description', text: v.description }));
  if (inst.navigate) card.append(navigateNode(card, inst));
  // Preview controls are drawn like the others; act() auditions them on this tab only (audio.ts).
  const controls = (v?.controls || []).map((c, i) => ({ c, i }));
  const inConfigure = new Set(inst.configure || []);
  const fieldsInConfigure = new Set(inst.configureFields || []);
  const auto = new Map<string, Control>();
  for (const { c } of controls) if (c.trigger === 'change') for (const f of c.fields || []) auto.set(f, c);
  const configure = el('div', { class: 'configure-body' });
  (v?.fields || []).forEach((f, i) => (fieldsInConfigure.has(i) ? configure : card).append(fieldNode(card, inst, f, auto.get(f.id))));
  const row = el('div', { class: 'action-row', role: 'group', 'aria-label': 'Actions' });
  const rest = el('div', { class: 'controls' });
  const settings = el('div', { class: 'controls' });
  for (const { c, i } of controls) {
    if (c.trigger === 'change') continue;
    if (inConfigure.has(i)) settings.append(controlNode(card, inst, c));
    else (c.icon === 'toggle' || c.placement === 'action' ? row : rest).append(controlNode(card, inst, c));
  }
  if (settings.childElementCount) configure.append(settings);
  if (inst.worldPicker) configure.append(worldPickerNode(card, inst, w));
  if (inst.canRemove) rest.append(el('button', { type: 'button', class: 'secondary', 'data-remove': inst.id, text: 'Remove', onclick: async () => {
    if (!window.confirm(`Remove ${labelOf(inst)}${at ? ' at ' + where(at.floor, at.cell) : ''}?`)) return;
    const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/remove`, {});
    if (!r.ok) status(card, `Remove failed (${r.status}): ${r.data.message}`, true);
  } }));
  card.append(row, rest);
  // Configure: the editor settings, for a viewer who may edit (the server sends no others).
  // details/summary is keyboard-operable and tells assistive technology whether it is open.
  if (configure.childElementCount) {
    const details = el('details', { class: 'configure', 'data-configure-for': inst.id }, el('summary', { 'data-configure': inst.id, text: 'Configure' }), configure);
    details.open = configureOpen.get(inst.id) === true;
    details.addEventListener('toggle', () => configureOpen.set(inst.id, details.open));
    card.append(details);
  }
  if (w.canAdmin && inst.state !== undefined) {
    const ta = el('textarea', { id: `s-${inst.id}`, rows: 2, 'data-seed': inst.id });
    ta.value = JSON.stringify(inst.state);
    card.append(el('details', { class: 'seed' }, el('summary', { 'data-state': inst.id, text: 'State' }), el('label', { for: `s-${inst.id}`, text: 'State (JSON, checked by valid())' }), ta,
      el('button', { type: 'button', 'data-seed-set': inst.id, text: 'Set state', onclick: async () => {
        let state: unknown;
        try { state = JSON.parse(ta.value); } catch (e) { status(card, 'State is not JSON: ' + (e as Error).message, true); return; }
        const r = await api(`/api/world/instances/${encodeURIComponent(inst.id)}/state`, { state });
        status(card, r.ok ? 'State set' : `Set state failed (${r.status}): ${r.data.message}`, !r.ok);
      } })));
  }
  card.append(oldStatus || el('p', { class: 'status', role: 'status', 'aria-live': 'polite' }));
  const notice = notices.get(inst.id);
  if (notice) { notices.delete(inst.id); status(card, notice.text, notice.isError); }
  if (keep) {
    const again = card.querySelector(keep) as HTMLElement | null;
    if (again) {
      if (again.tagName !== 'SUMMARY') again.closest('details')?.setAttribute('open', ''); // it was visible, so its disclosure was open
      if (kept && again instanceof HTMLInputElement) { again.value = kept.value; again.setSelectionRange(kept.start, kept.end); }
      again.focus();
    }
  }
}

function drawChrome(w: World): void {
  const bar = document.getElementById('world-bar') as HTMLElement;
  bar.replaceChildren();
  bar.append(el('p', { id: 'who', text: `You are ${w.actor} (${w.role})` }));
  bar.append(el('p', { id: 'world-active', text: w.revision ? `Active revision ${w.revision.number} of ${w.revision.project}` : 'No accepted build yet' }));
  if (w.rejection) {
    const box = el('div', { id: 'world-rejection', class: 'error' }, el('p', { text: `Revision ${w.rejection.number} was rejected:` }),
      el('ul', {}, ...(w.rejection.problems || []).map((p) => el('li', { text: p }))));
    // The owner may ask the host to judge it again against the world now (host/retry.go).
    if (w.canAdmin) box.append(el('button', { type: 'button', id: 'world-retry', class: 'secondary', text: 'Retry', onclick: () => retry(w.rejection!.number) }));
    bar.append(box);
  }
  // A Retry's outcome stays while the revision it names is the one shown.
  if (retryNote && (retryNote.rev === w.rejection?.number || retryNote.rev === w.revision?.number)) {
    bar.append(el('p', { id: 'world-retry-status', role: 'status', class: retryNote.isError ? 'error' : 'ok', text: retryNote.text }));
  }
  if (w.canPlace && w.revision) {
    const place = el('div', { id: 'place', role: 'group', 'aria-label': 'Place a Gizmo' });
    for (const d of w.revision.definitions || []) place.append(el('button', { type: 'button', 'data-place': d.type, title: d.hint || undefined, text: `Place ${d.emoji} ${d.label}`, onclick: async () => {
      // On the cell picked with a shift-click; else beside the viewer's avatar (the host chooses).
      const r = await api('/api/world/instances', pick ? { type: d.type, floor: pick.floor, x: pick.cell.x, y: pick.cell.y } : { type: d.type });
      if (r.ok) clearPick();
      if (!r.ok) { flash(`Place failed (${r.status}): ${r.data.message}`); log('refused', `Place ${d.label} refused (${r.status}): ${r.data.message}`); return; }
      // Show where it went: its cell flashes, its card is selected and says so.
      flashCell({ floor: r.data.floor, cell: r.data.cell });
      select(r.data.id);
      notify(r.data.id, `Placed at ${where(r.data.floor, r.data.cell)}`, false);
      // configuration: `open` opens Configure on this placement; `remember` replayed this tab's settings.
      if (r.data.openConfigure) openConfigure(r.data.id);
      if (r.data.configured) notify(r.data.id, 'Placed with your remembered settings', false);
      if (r.data.configureError) notify(r.data.id, `Remembered settings not applied (${r.data.configureError.status}): ${r.data.configureError.message}`, true);
    } }));
    bar.append(place);
    bar.append(el('p', { id: 'world-place-hint', class: 'muted' }));
  }
  if (w.canAdmin) {
    const inv = el('div', { id: 'invites', role: 'group', 'aria-label': 'Invite' });
    for (const role of ['participant', 'editor', 'remover']) inv.append(el('button', { type: 'button', 'data-invite': role, text: `Invite ${role === 'editor' ? 'an' : 'a'} ${role}`, onclick: async () => {
      const r = await api('/api/world/invites', { role });
      if (r.ok) inv.append(el('p', {}, el('a', { href: r.data.url, 'data-invite-link': role, text: `${role} link` })));
      else flash(`Invite failed (${r.status}): ${r.data.message}`);
    } }));
    bar.append(inv);
  }
}

// The last Retry's outcome, and the revision it is about (the one still rejected, or the new
// accepted one).
let retryNote: { text: string; isError: boolean; rev: number } | undefined;

/** Retry: the host judges the latest rejected revision again against the world now. */
async function retry(rejected: number): Promise<void> {
  const button = document.getElementById('world-retry') as HTMLButtonElement | null;
  if (button) button.disabled = true;
  const r = await api('/api/world/retry', {});
  if (r.ok) retryNote = { text: r.data.message, isError: r.data.status !== 'accepted', rev: r.data.revision };
  else retryNote = { text: `Retry failed (${r.status}): ${r.data.message}`, isError: true, rev: rejected };
  if (button) button.disabled = false;
  const status = document.getElementById('world-retry-status') ?? el('p', { id: 'world-retry-status', role: 'status' });
  status.className = retryNote.isError ? 'error' : 'ok';
  status.textContent = retryNote.text;
  if (!status.isConnected) document.getElementById('world-bar')?.append(status);
}

type Spot = { floor: string; cell: { x: number; y: number } };

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The floor group of the panel (created on first use, in the grid's floor order). */
function floorGroup(container: HTMLElement, floor: string, order: string[]): HTMLElement {
  let group = container.querySelector(`:scope > section.floor-group[data-floor="${CSS.escape(floor)}"]`) as HTMLElement | null;
  if (!group) {
    group = el('section', { class: 'floor-group', 'data-floor': floor, 'aria-labelledby': `fg-${floor}` },
      el('h2', { id: `fg-${floor}` }), el('div', { class: 'cards instances grid' }));
    const after = Array.from(container.children).find((g) => order.indexOf((g as HTMLElement).dataset.floor || '') > order.indexOf(floor));
    container.insertBefore(group, after ?? null);
  }
  return group;
}

export function draw(w: World): void {
  me = w.actor;
  setDefinitions(w.revision);
  drawChrome(w);
  const grid = document.getElementById('world-grid') as HTMLElement;
  const spots = new Map<string, Spot>();
  for (const i of w.grid?.instances || []) spots.set(i.id, { floor: i.floor, cell: i.cell });
  const order = [...(w.grid?.floors || ['surface', 'basement']), ''];
  const here = w.grid?.self?.floor || 'surface';
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  const last = new Map<string, Element>();
  for (const inst of w.instances) {
    seen.add(inst.id);
    const at = spots.get(inst.id);
    const floor = at?.floor ?? '';
    const cards = floorGroup(grid, floor, order).querySelector('.cards') as HTMLElement;
    counts.set(floor, (counts.get(floor) ?? 0) + 1);
    let card = document.getElementById('card-' + inst.id) as HTMLElement | null;
    if (!card) card = cardFor(inst);
    drawCard(card, inst, w, at);
    const prev = last.get(floor);
    if (prev ? prev.nextElementSibling !== card : cards.firstElementChild !== card) {
      if (prev) prev.after(card); else cards.prepend(card);
    }
    last.set(floor, card);
  }
  for (const c of Array.from(grid.querySelectorAll('.card'))) if (!seen.has((c as HTMLElement).dataset.instance || '')) c.remove();
  for (const g of Array.from(grid.querySelectorAll(':scope > section.floor-group')) as HTMLElement[]) {
    const floor = g.dataset.floor || '';
    const n = counts.get(floor) ?? 0;
    if (n === 0) { g.remove(); continue; }
    g.querySelector('h2')!.textContent = `${floor ? cap(floor) : 'Not on the grid'} · ${n} Gizmo${n === 1 ? '' : 's'}${floor === here ? ' · you are here' : ''}`;
  }
  markSelection();
  if (w.grid) drawCanvas(w.grid);
  root.dataset.revision = String(w.revision?.number ?? 0);
  root.dataset.ready = 'true';
  retryLate(w);
}

/** A new card: hovering or focusing it outlines its instance's cell on the canvas. */
function cardFor(inst: Instance): HTMLElement {
  const card = el('section', { class: 'instance card', id: 'card-' + inst.id, 'data-instance': inst.id, 'data-type': inst.type });
  card.addEventListener('mouseenter', () => hover(inst.id));
  card.addEventListener('mouseleave', () => hover(null));
  card.addEventListener('focusin', () => hover(inst.id));
  card.addEventListener('focusout', (e) => { if (!card.contains(e.relatedTarget as Node | null)) hover(null); });
  return card;
}

// The selected instance's card is marked (and scrolled to when the selection changes).
let marked: string | null = null;
function markSelection(): void {
  for (const c of Array.from(document.querySelectorAll('#world-grid .card.selected'))) if ((c as HTMLElement).dataset.instance !== selected) { c.classList.remove('selected'); c.removeAttribute('aria-current'); }
  const card = selected ? document.getElementById('card-' + selected) : null;
  if (!card) return;
  card.classList.add('selected');
  card.setAttribute('aria-current', 'true');
  if (marked !== selected) { marked = selected; card.scrollIntoView({ block: 'nearest' }); }
}
onSelection(markSelection);

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
