// The tab's live event stream (docs/dev.md, "Tabs, invites and guests"). An EventSource cannot
// send the tab's bearer token, and a token in its URL would reach logs, so each connection asks
// the host for a stream ticket (POST /api/world/events/ticket, with the token) and opens
// GET /api/world/events?ticket=…; the ticket is spent on that first use and dies within 30 s
// anyway. A browser's own reconnection would reuse the spent ticket, so this stream reconnects
// itself with a new one, backing off to 2 s (the host is on this machine: dev coming back is seen
// within 2 s). A lost connection is told at once ('down': dev stopped, or the host restarting).
// When the host no longer knows the tab: if the host restarted (another run, GET
// /api/world/boot) the tab opens again by itself (the same person when the host still knows its
// secret, else a new one); if not, the session has ended (signed out, removed by the owner,
// forgotten) and it stops and says so: a reload joins again.
//
// LiveStream is one EventTarget for the page's whole life: listeners added once keep receiving
// the named events of every connection after it.

import { api, boot, hostBoot, openTab, root } from './net';

const quiet = new Set(['open', 'error', 'ended', 'down']);

export class LiveStream extends EventTarget {
  private es: EventSource | null = null;
  private readonly names = new Set<string>();
  private delay = 500;
  private readonly forward = (e: Event): void => {
    this.dispatchEvent(new MessageEvent(e.type, { data: (e as MessageEvent).data }));
  };

  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener, options);
    if (quiet.has(type) || this.names.has(type)) return;
    this.names.add(type);
    this.es?.addEventListener(type, this.forward);
  }

  /** Opens a connection with a fresh ticket; on its failure, another one later. */
  async connect(): Promise<void> {
    const r = await api('/api/world/events/ticket', {}).catch(() => null);
    if (r && r.status === 401) { await this.rejoin(); return; }
    if (!r || !r.ok) { this.retry(); return; }
    const es = new EventSource('/api/world/events?ticket=' + encodeURIComponent(r.data.ticket));
    this.es = es;
    for (const name of this.names) es.addEventListener(name, this.forward);
    es.addEventListener('open', () => { this.delay = 500; root.dataset.live = 'open'; this.dispatchEvent(new Event('open')); });
    es.addEventListener('error', () => {
      es.close();
      if (this.es !== es) return;
      this.es = null;
      this.dispatchEvent(new Event('error'));
      this.retry();
    });
  }

  /** The host does not know this tab: open it again if the host restarted, else end. */
  private async rejoin(): Promise<void> {
    const now = await hostBoot();
    if (!now) { this.retry(); return; }
    if (now === boot) { this.end("This tab's session ended (signed out, removed or forgotten): reload the page to join again."); return; }
    try { await openTab(); } catch (e) { this.end('The host restarted and this tab could not join again: ' + (e as Error).message); return; }
    void this.connect();
  }

  private retry(): void {
    if (root.dataset.live !== 'reconnecting') {
      root.dataset.live = 'reconnecting';
      root.dataset.downSince = String(Date.now());
      this.dispatchEvent(new Event('down'));
    }
    window.setTimeout(() => void this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 2000);
  }

  private end(message: string): void {
    root.dataset.live = 'ended';
    this.dispatchEvent(new MessageEvent('ended', { data: message }));
  }
}
