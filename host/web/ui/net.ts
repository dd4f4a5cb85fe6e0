// The tab's session and its one way to the host: every request carries the tab's bearer token
// and the page's CSRF token (docs/dev.md, "The world page").

export const root = document.getElementById('world-app') as HTMLElement;
const csrf = root.dataset.csrf || '';
export const invite = new URLSearchParams(location.search).get('invite') || '';
const key = 'scape.tab' + (invite ? '.' + invite.slice(0, 16) : '');
export let token = sessionStorage.getItem(key) || '';

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
    if (probe.status !== 401) return;
  }
  const r = await api('/api/world/tabs', { invite });
  if (!r.ok) throw new Error(r.data.message);
  token = r.data.token;
  sessionStorage.setItem(key, token);
}

export function flash(text: string): void {
  const f = document.getElementById('world-flash') as HTMLElement;
  f.textContent = text;
}
