// The panel: one card per instance with its view for this viewer, and the world's chrome (who
// you are, the active revision, the last rejection, Place and Invite). It draws what the server
// sends and sends back what the viewer does; it never decides.

import type { Control, Field, Instance, World } from './types';
import { api, el, flash, root } from './net';
import { clearPick, drawCanvas, pick } from './canvas';
import { preview } from './audio';

export function status(card: HTMLElement, text: string, isError: boolean): void {
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
  // A preview control auditions locally, for this tab only (audio.ts); a control naming a preview
  // auditions it with the same payload before its normal action.
  if (c.kind === 'preview' || c.preview) {
    const p = await preview(inst.id, c.kind === 'preview' ? c.action.name : c.preview!, payload);
    if (!p.ok) { status(card, `${c.label}: preview failed (${p.message})`, true); return; }
    if (c.kind === 'preview') { status(card, `${c.label}: previewed (only you hear it)`, false); return; }
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
  const controls = v?.controls || [];
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
      if (r.ok) clearPick();
      if (!r.ok) flash(`Place failed (${r.status}): ${r.data.message}`);
    } }));
    bar.append(place);
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

export function draw(w: World): void {
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
