// The world page's entry: it opens the tab's session and wires the server's events to the panel
// (panel.ts) and the canvas (canvas.ts). The page draws what the server sends and sends back what
// the viewer does. It never decides: every view, action and placement runs on the host, through the SDK's
// registry, with this tab's session (docs/dev.md, "The world page"). Compiled by the esbuild in
// the binary on first request (host/worldscript.go); nothing is fetched from elsewhere.

import { draw } from './panel';
import { drawCanvas, wireCanvas } from './canvas';
import { el, flash, openTab } from './net';
import { LiveStream } from './stream';
import { drawPeople } from './guests';
import { gridChanged, transition, worldChanged } from './audio';
import './ambience';
import { watchModels } from './modelhook';

function reaction(data: { instance: string; actor: string; reaction: unknown }): void {
  const card = document.getElementById('card-' + data.instance);
  if (!card || data.reaction == null) return;
  const r = el('p', { class: 'reaction', role: 'status', text: `✨ ${data.actor}: ${JSON.stringify(data.reaction).slice(0, 200)}` });
  card.append(r);
  setTimeout(() => r.remove(), 2000);
}

async function main(): Promise<void> {
  try { await openTab(); } catch (e) { flash((e as Error).message); return; }
  const live = new LiveStream(); // stream.ts: ticketed, reconnects itself
  live.addEventListener('world', (e) => { const w = JSON.parse((e as MessageEvent).data); draw(w); worldChanged(w); drawPeople(w.canAdmin); });
  live.addEventListener('acted', (e) => { const d = JSON.parse((e as MessageEvent).data); reaction(d); transition(d); });
  live.addEventListener('seeded', (e) => transition(JSON.parse((e as MessageEvent).data)));
  live.addEventListener('grid', (e) => { const g = JSON.parse((e as MessageEvent).data); drawCanvas(g); gridChanged(g); });
  live.addEventListener('ended', (e) => flash(String((e as MessageEvent).data)));
  wireCanvas();
  watchModels(live); // models: transitions to animate, taps
  await live.connect();
}

void main();
