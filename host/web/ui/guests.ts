// The admin's "Guests and invites" disclosure, under the world bar (docs/dev.md, "Tabs, invites
// and guests"): the open invites, each with Revoke (which also ends the tabs it opened), and the
// guests' tabs, each with Remove (its streams close, its avatar leaves). Read from the host when
// opened and after each change; the host checks every call is the admin's.

import { api, el, flash } from './net';

interface InviteRow { id: string; role: string; expiresAt: string; maxUses?: number; uses: number }
interface GuestRow { actor: string; role: string; invite: string; live: boolean }

let box: HTMLDetailsElement | null = null;

/** Puts the disclosure under the world bar, once, for an admin tab. */
export function drawPeople(canAdmin: boolean): void {
  if (!canAdmin || box) return;
  box = el('details', { id: 'world-people' }, el('summary', { text: 'Guests and invites' }), el('div', { id: 'world-people-list' }));
  box.addEventListener('toggle', () => { if (box?.open) void refresh(); });
  document.getElementById('world-bar')?.after(box);
}

async function refresh(): Promise<void> {
  const [inv, gs] = await Promise.all([api('/api/world/invites'), api('/api/world/guests')]);
  const list = document.getElementById('world-people-list');
  if (!list) return;
  if (!inv.ok || !gs.ok) { flash(`Guests and invites (${inv.ok ? gs.status : inv.status}): ${(inv.ok ? gs : inv).data.message}`); return; }
  const invites = (inv.data.invites || []) as InviteRow[];
  const guests = (gs.data.guests || []) as GuestRow[];
  list.replaceChildren(
    el('button', { type: 'button', id: 'people-refresh', text: 'Refresh', onclick: () => void refresh() }),
    el('h3', { text: `Open invites (${invites.length})` }),
    el('ul', { id: 'invite-list' }, ...invites.map((i) => el('li', { 'data-invite-id': i.id },
      `${i.role}, used ${i.uses}${i.maxUses ? ' of ' + i.maxUses : ''}, until ${new Date(i.expiresAt).toLocaleString()} `,
      el('button', { type: 'button', 'data-revoke': i.id, text: 'Revoke', onclick: () => void act(`/api/world/invites/${encodeURIComponent(i.id)}/revoke`, { removeGuests: true }) })))),
    el('h3', { text: `Guests (${guests.length})` }),
    el('ul', { id: 'guest-list' }, ...guests.map((g) => el('li', { 'data-guest': g.actor },
      `${g.actor} (${g.role}${g.live ? '' : ', away'}) `,
      el('button', { type: 'button', 'data-remove-guest': g.actor, text: 'Remove', onclick: () => void act(`/api/world/guests/${encodeURIComponent(g.actor)}/remove`, {}) })))),
  );
}

async function act(path: string, body: unknown): Promise<void> {
  const r = await api(path, body);
  if (!r.ok) flash(`Failed (${r.status}): ${r.data.message}`);
  await refresh();
}
