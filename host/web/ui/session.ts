// The tab's connection and person, above the world bar (docs/dev.md, "The world page"): whether
// the page is live, and says so at once when the host stops (Ctrl-C in dev) and when it is back;
// and "Open as another player", a new tab that is a second person (net.ts: one person per
// browser otherwise).

import { anotherPlayer, el, invite } from './net';
import { LiveStream } from './stream';

/** Draws the line and keeps it current with live's connection. */
export function drawSession(live: LiveStream): void {
  const status = el('span', { id: 'world-live', role: 'status', 'aria-live': 'polite', text: 'Connecting…' });
  const url = new URL(location.href);
  url.search = '';
  if (invite) url.searchParams.set('invite', invite);
  url.searchParams.set('player', 'new');
  const another = el('a', { id: 'another-player', href: url.pathname + url.search, target: '_blank', rel: 'noopener',
    title: 'Opens the world in a new tab as a second person (another avatar and name), to try what others see', text: 'Open as another player' });
  const line = el('p', { id: 'world-session' }, status, ' · ', anotherPlayer ? el('span', { text: 'this tab is another player · ' }) : null, another);
  document.getElementById('world-bar')?.before(line);
  live.addEventListener('open', () => { status.textContent = 'Live'; status.className = 'live'; });
  live.addEventListener('down', () => {
    status.textContent = 'Disconnected: the world\u2019s host stopped (dev ended?). Reconnecting by itself when it is back…';
    status.className = 'down';
  });
  live.addEventListener('ended', () => { status.textContent = 'Session ended'; status.className = 'down'; });
}
