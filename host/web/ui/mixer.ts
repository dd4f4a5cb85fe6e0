// The mixer: what this tab is playing, for whom, at what gain and pan, with a mute per instance
// and the "speaking" toggle that ducks ambience. It shows the page's audio state (audio.ts); the
// spatial law it labels is the local approximation (spatial.ts).

import { el } from './net';
import { muted, setMuted, setSpeaking, speaking, voices, whoAmI } from './audio';
import { CURVE_LABEL } from './spatial';

let instances: { id: string; type: string }[] = [];
export function mixerInstances(list: { id: string; type: string }[]): void {
  instances = list;
  drawMixer();
}

let pending = false;
/** Redraws the mixer on the next frame (voices start and stop often). */
export function drawMixer(): void {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; draw(); });
}

function db(g: number): string {
  return g <= 0 ? '−∞ dB' : `${(20 * Math.log10(g)).toFixed(1)} dB`;
}

function draw(): void {
  let box = document.getElementById('world-mixer');
  if (!box) {
    const root = document.getElementById('world-app');
    if (!root) return;
    box = el('section', { id: 'world-mixer', 'aria-label': 'Sound mixer' });
    root.append(box);
  }
  box.replaceChildren();
  box.append(el('h2', { text: 'Sound' }));
  const talk = el('input', { type: 'checkbox', id: 'mixer-speaking' }) as HTMLInputElement;
  talk.checked = speaking;
  talk.addEventListener('change', () => setSpeaking(talk.checked));
  box.append(el('label', { class: 'inline', for: 'mixer-speaking' }, talk, ' Speaking (ducks ambience that asks for it)'));
  box.append(el('p', { class: 'muted', id: 'mixer-law', text: CURVE_LABEL }));
  const rows = [...voices.values()];
  const table = el('table', { id: 'mixer-voices' },
    el('thead', {}, el('tr', {}, ...['instance', 'voice', 'what', 'for', 'gain', 'pan'].map((h) => el('th', { text: h })))));
  const body = el('tbody');
  for (const v of rows) {
    body.append(el('tr', { 'data-voice': v.id },
      el('td', { text: v.instance }), el('td', { text: v.voice }),
      el('td', { text: v.kind + (v.by ? ` by ${v.by}` : '') + (v.loop ? ' (loop)' : '') }),
      el('td', { text: `you (${whoAmI()})` }),
      el('td', { 'data-gain': v.gain.toFixed(4), text: `${v.gain.toFixed(3)} (${db(v.gain)})` }),
      el('td', { 'data-pan': v.pan.toFixed(4), text: v.pan.toFixed(2) })));
  }
  if (rows.length === 0) body.append(el('tr', {}, el('td', { colspan: 6, class: 'muted', text: 'nothing playing' })));
  table.append(body);
  box.append(table);
  const mutes = el('div', { id: 'mixer-mutes', role: 'group', 'aria-label': 'Mute per instance' });
  for (const i of instances) {
    const cb = el('input', { type: 'checkbox', id: `mute-${i.id}`, 'data-mute': i.id }) as HTMLInputElement;
    cb.checked = muted.has(i.id);
    cb.addEventListener('change', () => setMuted(i.id, cb.checked));
    mutes.append(el('label', { class: 'inline', for: `mute-${i.id}` }, cb, ` mute ${i.id} (${i.type})`));
  }
  box.append(mutes);
}
