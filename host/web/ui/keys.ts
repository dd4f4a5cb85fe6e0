// The arrow keys: every press is one step, sent in order (one request at a time, so presses
// cannot overtake each other) and queued by the host, so presses faster than a move are not
// lost. A key held down walks on: once the browser repeats it (its own key repeat, so a tap on a
// slow machine is never taken for a hold), the page asks for a "held" step every HOLD_EVERY_MS
// until the key is let go; the host queues a held step only when no step is (world.Model.Hold),
// so the avatar moves continuously and stops one step after the key is let go.

import { api } from './net';
import { log } from './explain';

const KEYS: Record<string, string> = { ArrowRight: 'right', ArrowDown: 'down', ArrowLeft: 'left', ArrowUp: 'up' };
/** How often a held key asks again (less than a move, 150 ms, so the next step is always queued). */
export const HOLD_EVERY_MS = 75;

let sending: Promise<void> = Promise.resolve();
let held: { key: string; dir: string; every?: number } | null = null;

function send(direction: string, isHeld: boolean): void {
  sending = sending.then(async () => {
    const r = await api('/api/world/move', isHeld ? { direction, held: true } : { direction });
    if (!r.ok) log('refused', `Step ${direction} refused (${r.status}): ${r.data.message}`);
  }).catch(() => { /* the network: the next press tries again */ });
}

function release(): void {
  if (held?.every !== undefined) clearInterval(held.every);
  held = null;
}

function typing(t: EventTarget | null): boolean {
  const e = t as HTMLElement | null;
  return !!e && (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA' || e.tagName === 'SELECT' || e.isContentEditable);
}

export function wireKeys(): void {
  document.addEventListener('keydown', (e) => {
    const dir = KEYS[e.key];
    if (!dir || typing(e.target)) return;
    e.preventDefault();
    if (!e.repeat) { // a press: one step
      release();
      send(dir, false);
      held = { key: e.key, dir };
      return;
    }
    if (held?.key !== e.key) { release(); held = { key: e.key, dir }; }
    if (held.every === undefined) { // held down: walk on until it is let go
      held.every = window.setInterval(() => send(dir, true), HOLD_EVERY_MS);
      send(dir, true);
    }
  });
  document.addEventListener('keyup', (e) => { if (held && e.key === held.key) release(); });
  window.addEventListener('blur', release);
}
