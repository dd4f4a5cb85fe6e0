// The world's sound in this tab (Web Audio): what the Gizmos declare, from the samples the build
// rendered (the host serves each sound as WAV by its content address, host/sounds.go). One
// AudioContext per tab, resumed on the first gesture. Every tab plays for its own avatar: gain by
// distance and pan by horizontal offset (spatial.ts, the local approximation docs/world.md
// describes). Transitions come with 'acted' and 'seeded' events; step and reaction feedback with
// the grid's deliveries (each played once, never for a tab that joined later); previews only in
// the tab that pressed them; ambience per listener (ambience.ts).

import type { Grid } from './types';
import { api, token } from './net';
import { spatial, type Listener } from './spatial';
import { drawMixer } from './mixer';

/** A play or stop command (GizmoAudioCommand), as the SDK checked it in the worker. */
export interface Command { kind: 'play' | 'stop'; voice: string; delayMs: number; sound?: string; gain?: number; rate?: number; loop?: boolean; rangeCells?: [number, number]; stereo?: number }
/** A placed instance as the page's audio knows it (GET /api/world/sounds). */
export interface SoundInstance { id: string; type: string; floor: string; cell: { x: number; y: number }; sounds: Record<string, string>; problem?: string; ambience?: unknown; sequence?: boolean }

/** One playing voice. */
export interface Voice {
  id: string;
  instance: string;
  voice: string;
  key: string;
  kind: 'transition' | 'reaction' | 'step' | 'travel' | 'preview' | 'ambience' | 'sequence';
  by: string;
  base: number;
  range: [number, number] | null;
  stereo: number;
  extraPan: number;
  ducks: number | null; // the remaining level while speaking, for ambience that ducks
  gain: number;
  pan: number;
  loop: boolean;
  rate: number;
  startedAt: number;
  source: AudioBufferSourceNode;
  gainNode: GainNode;
  panNode: StereoPannerNode;
  buffer: AudioBuffer;
}

let ctx: AudioContext | null = null;
export function audioContext(): AudioContext {
  if (!ctx) {
    ctx = new AudioContext({ sampleRate: 48000 });
    const resume = () => { void ctx?.resume(); };
    for (const ev of ['pointerdown', 'keydown']) document.addEventListener(ev, resume, { once: true, capture: true });
  }
  return ctx;
}

// The speakers: every voice and bus ends in one master node, tapped by an analyser before the
// context's destination, so what reaches the output can be measured (window.__scapeAudio.meter)
// rather than read from the page's own bookkeeping.
let master: { input: GainNode; analyser: AnalyserNode } | null = null;
export function speakers(): AudioNode {
  if (!master) {
    const c = audioContext();
    const input = c.createGain();
    const analyser = c.createAnalyser();
    analyser.fftSize = 2048;
    input.connect(analyser).connect(c.destination);
    master = { input, analyser };
  }
  return master.input;
}

/**
 * The loudest sample at the speakers over the next ms milliseconds (the analyser's down-mix, read
 * every 10 ms; its 2,048-sample window at 48 kHz overlaps the next read, so nothing is missed).
 */
function meter(ms: number): Promise<{ peak: number; reads: number; state: string }> {
  speakers();
  const a = master!.analyser, buf = new Float32Array(a.fftSize);
  let peak = 0, reads = 0;
  return new Promise((resolve) => {
    const every = window.setInterval(() => {
      a.getFloatTimeDomainData(buf);
      reads++;
      for (const v of buf) peak = Math.max(peak, Math.abs(v));
    }, 10);
    window.setTimeout(() => { clearInterval(every); resolve({ peak, reads, state: audioContext().state }); }, ms);
  });
}

export const voices = new Map<string, Voice>();
/** Every start, for the debug snapshot (bounded). */
const started: Record<string, unknown>[] = [];
export const muted = new Set<string>();
export let speaking = false;
let me = '';
let grid: Grid | null = null;

/** A sound's WAV. The tab's token goes with it: a preview's or a sequence step's sound is served
 * only to the session that asked for it (a declared one to anyone). */
function fetchSound(key: string): Promise<Response> {
  return fetch(`/api/world/sounds/${key}.wav`, { headers: { Authorization: 'Bearer ' + token } });
}

const buffers = new Map<string, Promise<AudioBuffer>>();
export function bufferOf(key: string): Promise<AudioBuffer> {
  let b = buffers.get(key);
  if (!b) {
    b = fetchSound(key).then(async (r) => {
      if (!r.ok) throw new Error(`sound ${key}: ${r.status} ${await r.text()}`);
      return audioContext().decodeAudioData(await r.arrayBuffer());
    });
    b.catch(() => buffers.delete(key));
    buffers.set(key, b);
  }
  return b;
}

// ---- what the world holds

let sounds: Promise<Map<string, SoundInstance>> | null = null;
export function soundMap(): Promise<Map<string, SoundInstance>> {
  if (!sounds) {
    sounds = api('/api/world/sounds').then((r) => {
      if (!r.ok) { sounds = null; throw new Error(`sounds: ${r.status} ${r.data?.message}`); }
      const m = new Map<string, SoundInstance>();
      for (const i of r.data.instances as SoundInstance[]) m.set(i.id, i);
      return m;
    });
    sounds.catch(() => { sounds = null; });
  }
  return sounds;
}
/** The world changed (states, placements, a revision): names may map to other keys now. */
export function soundsChanged(): void { sounds = null; }

/** A 'world' event: this tab's actor, and the sounds and ambience to look up again. */
export function worldChanged(w: { actor: string; grid?: Grid }): void {
  me = w.actor;
  soundsChanged();
  if (w.grid) gridChanged(w.grid); else ambienceHook?.();
}

export function listener(): Listener | null {
  const self = grid?.self;
  return self ? { floor: self.floor, x: self.cell.x, y: self.cell.y } : null;
}

// ---- voices

function level(v: Voice, l: Listener | null, at: { floor: string; x: number; y: number } | null): void {
  let g = v.base, p = v.extraPan;
  if (v.range && at) {
    const s = spatial(l, at, v.range, v.stereo);
    g *= s.gain;
    p += s.pan;
  }
  if (muted.has(v.instance)) g = 0;
  if (speaking && v.ducks !== null) g *= v.ducks;
  v.gain = g;
  v.pan = Math.max(-1, Math.min(1, p));
}

const where = new Map<string, { floor: string; x: number; y: number }>();

function apply(v: Voice, smooth: boolean): void {
  level(v, listener(), where.get(v.instance) ?? null);
  const c = audioContext();
  if (smooth) {
    v.gainNode.gain.setTargetAtTime(v.gain, c.currentTime, 0.03);
    v.panNode.pan.setTargetAtTime(v.pan, c.currentTime, 0.03);
  } else {
    v.gainNode.gain.value = v.gain;
    v.panNode.pan.value = v.pan;
  }
}

export interface Play {
  instance: string; voice: string; key: string; kind: Voice['kind']; by: string; gain: number; rate: number; loop: boolean;
  range: [number, number] | null; stereo: number; extraPan?: number; ducks?: number | null; offset?: number; when?: number; out?: AudioNode;
}

/** Starts a voice (a play of a playing voice of the same name replaces it). */
export async function play(p: Play): Promise<Voice> {
  const buffer = await bufferOf(p.key);
  const c = audioContext();
  const id = `${p.instance}/${p.voice}`;
  stopVoice(id);
  const source = c.createBufferSource();
  source.buffer = buffer;
  source.playbackRate.value = p.rate > 0 && Number.isFinite(p.rate) ? p.rate : 1;
  source.loop = p.loop;
  const gainNode = c.createGain();
  const panNode = c.createStereoPanner();
  source.connect(gainNode).connect(panNode).connect(p.out ?? speakers());
  const v: Voice = { id, instance: p.instance, voice: p.voice, key: p.key, kind: p.kind, by: p.by, base: p.gain, range: p.range, stereo: p.stereo,
    extraPan: p.extraPan ?? 0, ducks: p.ducks ?? null, gain: 0, pan: 0, loop: p.loop, rate: source.playbackRate.value, startedAt: Date.now(), source, gainNode, panNode, buffer };
  apply(v, false);
  voices.set(id, v);
  source.onended = () => { if (voices.get(id) === v) { voices.delete(id); drawMixer(); } };
  const offset = p.offset && buffer.duration > 0 ? ((p.offset % buffer.duration) + buffer.duration) % buffer.duration : 0;
  source.start(Math.max(c.currentTime, p.when ?? 0), offset);
  started.push({ id, instance: v.instance, voice: v.voice, key: v.key, kind: v.kind, by: v.by, gain: v.gain, pan: v.pan, loop: v.loop, rate: v.rate, startedAt: v.startedAt });
  if (started.length > 256) started.shift();
  drawMixer();
  return v;
}

export function stopVoice(id: string): void {
  const v = voices.get(id);
  if (!v) return;
  voices.delete(id);
  try { v.source.stop(); } catch { /* never started */ }
  v.source.disconnect();
  drawMixer();
}

/**
 * Runs an instance's commands (a timeline's, or feedback's): each at its delayMs from now,
 * voices by name per instance; a sound name resolves through the instance's sounds now (a sound
 * bank's keys follow its state).
 */
export async function run(instance: string, commands: Command[], kind: Voice['kind'], by: string): Promise<void> {
  let inst: SoundInstance | undefined;
  try { inst = (await soundMap()).get(instance); } catch (e) { console.warn((e as Error).message); return; }
  if (!inst) return;
  where.set(instance, { floor: inst.floor, x: inst.cell.x, y: inst.cell.y });
  for (const cmd of commands) {
    const id = `${instance}/${cmd.voice}`;
    const go = () => {
      if (cmd.kind === 'stop') { stopVoice(id); return; }
      const key = inst!.sounds[cmd.sound ?? ''];
      if (!key) { console.warn(`${instance}: no sound ${JSON.stringify(cmd.sound)}`); return; }
      void play({ instance, voice: cmd.voice, key, kind, by, gain: cmd.gain ?? 1, rate: cmd.rate ?? 1, loop: cmd.loop === true,
        range: cmd.rangeCells ?? null, stereo: cmd.stereo ?? 0 }).catch((e) => console.warn((e as Error).message));
    };
    const delay = Math.max(0, cmd.delayMs || 0);
    if (delay === 0) go(); else window.setTimeout(go, delay);
  }
}

// ---- what the server tells this tab

const heard = new Set<string>();

/** An 'acted' or 'seeded' event: the change's audio timeline, played once per key and time. */
export function transition(data: { instance: string; actor?: string; transition?: { audio?: { key: string; at: number; commands: Command[] } | null } }): void {
  soundsChanged();
  const t = data.transition?.audio;
  if (!t) return;
  const seen = `t\u0000${data.instance}\u0000${t.key}\u0000${t.at}`;
  if (heard.has(seen)) return;
  heard.add(seen);
  void run(data.instance, t.commands, 'transition', data.actor ?? '');
}

let first = true;
/** A grid for this tab: new step and reaction feedback plays once; voices follow the avatar. */
export function gridChanged(g: Grid): void {
  grid = g;
  for (const i of g.instances) where.set(i.id, { floor: i.floor, x: i.cell.x, y: i.cell.y });
  const feedback = (g.feedback || []) as { id: string; kind?: string; instance: string; effects?: { audio?: Command[] } }[];
  for (const f of feedback) {
    if (heard.has(f.id)) continue;
    heard.add(f.id);
    // Feedback pending when this tab first sees the grid began before it: not replayed.
    if (first || !f.effects?.audio?.length) continue;
    void run(f.instance, f.effects.audio, f.kind === 'step' ? 'step' : 'reaction', '');
  }
  first = false;
  for (const v of voices.values()) apply(v, true);
  ambienceHook?.();
  drawMixer();
}

let ambienceHook: (() => void) | null = null;
export function onListenerMoved(fn: () => void): void { ambienceHook = fn; }

export function setMe(actor: string): void { me = actor; }
export function whoAmI(): string { return me; }

export function setSpeaking(on: boolean): void {
  speaking = on;
  for (const v of voices.values()) apply(v, true);
  ambienceHook?.();
  drawMixer();
}

export function setMuted(instance: string, on: boolean): void {
  if (on) muted.add(instance); else muted.delete(instance);
  for (const v of voices.values()) if (v.instance === instance) apply(v, true);
  drawMixer();
}

/** A preview for this tab only: the host runs it through the SDK and hands back its sound's key. */
export async function preview(instance: string, name: string, payload: Record<string, unknown>): Promise<{ ok: boolean; message?: string }> {
  audioContext();
  const r = await api(`/api/world/instances/${encodeURIComponent(instance)}/preview`, { name, payload });
  if (!r.ok) return { ok: false, message: `${r.status}: ${r.data?.message}` };
  try {
    await play({ instance, voice: `preview:${name}`, key: r.data.key, kind: 'preview', by: me, gain: r.data.gain, rate: 1, loop: false, range: null, stereo: 0 });
  } catch (e) { return { ok: false, message: (e as Error).message }; }
  return { ok: true };
}

// ---- the debug snapshot (window.__scapeAudio) for tests and the curious

function snapshot(): unknown {
  return {
    context: ctx ? { state: ctx.state, sampleRate: ctx.sampleRate } : null,
    speaking,
    muted: [...muted],
    listener: listener(),
    voices: [...voices.values()].map((v) => ({ id: v.id, instance: v.instance, voice: v.voice, key: v.key, kind: v.kind, by: v.by, gain: v.gain, pan: v.pan, loop: v.loop, rate: v.rate, startedAt: v.startedAt })),
    started: started.slice(),
  };
}

/** The samples of the buffer a voice of key plays (the last one started), per channel. */
async function voiceSamples(key: string): Promise<{ rate: number; channels: number[][] }> {
  const b = await bufferOf(key);
  const channels: number[][] = [];
  for (let c = 0; c < b.numberOfChannels; c++) channels.push(Array.from(b.getChannelData(c)));
  return { rate: b.sampleRate, channels };
}

/** The served WAV decoded on its own by an OfflineAudioContext at its rate (no resampling). */
async function decodeServed(key: string): Promise<{ rate: number; channels: number[][] }> {
  const r = await fetchSound(key);
  const bytes = await r.arrayBuffer();
  const off = new OfflineAudioContext(1, 1, 48000);
  const b = await off.decodeAudioData(bytes);
  const channels: number[][] = [];
  for (let c = 0; c < b.numberOfChannels; c++) channels.push(Array.from(b.getChannelData(c)));
  return { rate: b.sampleRate, channels };
}

(window as unknown as Record<string, unknown>).__scapeAudio = {
  get snapshot() { return snapshot(); },
  voiceSamples,
  decodeServed,
  meter,
  soundMap: async () => Object.fromEntries(await soundMap()),
};
