// The tab's session and its one way to the host: every request carries the tab's bearer token
// and the page's CSRF token (docs/dev.md, "The world page").

export const root = document.getElementById('world-app') as HTMLElement;
const csrf = root.dataset.csrf || '';
export const invite = new URLSearchParams(location.search).get('invite') || '';
// One person per browser (host/persons.go): the host mints a person secret with a person's first
// tab; this browser keeps it in localStorage (per origin, so per world, and per invite) and
// presents it when a tab opens, so every tab and every reopening of the link is that person.
// "Open as another player" (?player=new) is a new person kept by that tab alone (sessionStorage),
// under keys of its own so a tab copied from another does not reuse its token.
export const anotherPlayer = new URLSearchParams(location.search).get('player') === 'new';
const scope = (invite ? '.' + invite.slice(0, 16) : '') + (anotherPlayer ? '.player' : '');
const key = 'scape.tab' + scope;
const personKey = 'scape.person' + scope;
const people = anotherPlayer ? sessionStorage : localStorage;
export let token = sessionStorage.getItem(key) || '';
/** The run of the host that opened this tab (GET /api/world/boot tells a restart). */
export let boot = '';

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
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

export async function api(path: string, body?: unknown): Promise<{ ok: boolean; status: number; data: any }> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token, 'X-CSRF-Token': csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: any = null;
  try { data = await res.json(); } catch { data = { message: res.statusText }; }
  return { ok: res.ok, status: res.status, data };
}

export async function openTab(): Promise<void> {
  if (token) {
    const probe = await api('/api/world');
    if (probe.status !== 401) {
      if (!boot) boot = await hostBoot();
      return;
    }
  }
  const r = await api('/api/world/tabs', { invite, person: people.getItem(personKey) || '' });
  if (!r.ok) throw new Error(r.data.message);
  token = r.data.token;
  boot = r.data.boot || '';
  sessionStorage.setItem(key, token);
  if (r.data.person) people.setItem(personKey, r.data.person);
}

/** The host's run, or '' when it does not answer. */
export async function hostBoot(): Promise<string> {
  try {
    const r = await fetch('/api/world/boot', { cache: 'no-store' });
    return r.ok ? String((await r.json()).boot || '') : '';
  } catch { return ''; }
}

export function flash(text: string): void {
  const f = document.getElementById('world-flash') as HTMLElement;
  f.textContent = text;
}
