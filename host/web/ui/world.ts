// The world page's entry: it opens the tab's session and wires the server's events to the panel
// (panel.ts) and the canvas (canvas.ts). The page draws what the server sends and sends back what
// the viewer does. It never decides: every view, action and placement runs on the host, through the SDK's
// registry, with this tab's session (docs/dev.md, "The world page"). Compiled by the esbuild in
// the binary on first request (host/web/script.go); nothing is fetched from elsewhere.

import { draw, stateChanged } from './panel';
import { drawCanvas, wireCanvas } from './canvas';
import { el, flash, openTab } from './net';
import { LiveStream } from './stream';
import { drawSession } from './session';
import { drawPeople } from './guests';
import { gridChanged, transition, worldChanged } from './audio';
import { acted, reactionLine, setActor, showLog } from './explain';
import './ambience';
import { watchModels } from './modelhook';

// A reaction, on its card for a moment: who acted and its effects as this viewer gets them
// ("burst · ring 0.82 gain"), never the raw JSON.
function reaction(data: { instance: string; actor: string; reaction: unknown }): void {
  const card = document.getElementById('card-' + data.instance);
  if (!card || data.reaction == null) return;
  const line = reactionLine(data.instance, data.actor, data.reaction as Parameters<typeof reactionLine>[2]);
  const r = el('p', { class: 'reaction', role: 'status', text: `✨ ${data.actor}: ${line}` });
  card.append(r);
  setTimeout(() => r.remove(), 2000);
}

async function main(): Promise<void> {
  try { await openTab(); } catch (e) { flash((e as Error).message); return; }
  const live = new LiveStream(); // stream.ts: ticketed, reconnects itself
  drawSession(live); // session.ts: live or down, and "open as another player"
  live.addEventListener('world', (e) => { const w = JSON.parse((e as MessageEvent).data); setActor(w.actor); draw(w); worldChanged(w); drawPeople(w.canAdmin); });
  live.addEventListener('acted', (e) => { const d = JSON.parse((e as MessageEvent).data); reaction(d); transition(d); acted(d); stateChanged(d); });
  live.addEventListener('seeded', (e) => { const d = JSON.parse((e as MessageEvent).data); transition(d); stateChanged(d); });
  live.addEventListener('revision', (e) => stateChanged(JSON.parse((e as MessageEvent).data)));
  live.addEventListener('grid', (e) => { const g = JSON.parse((e as MessageEvent).data); drawCanvas(g); gridChanged(g); });
  live.addEventListener('ended', (e) => flash(String((e as MessageEvent).data)));
  wireCanvas();
  showLog();
  watchModels(live); // models: transitions to animate, taps
  await live.connect();
}

void main();
