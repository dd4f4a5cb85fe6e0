// Ambience per listener: passive playback of placed Gizmos near this tab's avatar (GizmoAmbience).
// Which sources sound is decided here, for this listener only: the instances of one definition on
// the listener's floor within rangeCells' far, nearest first, at most maxSources.
// - Playlists: with `loop`, each audible source loops one weighted choice, started at
//   loopPhase[0]·x + loopPhase[1]·y seconds into it, its gain divided by √(audible sources) under
//   normalizeSources; without, each audible source waits a uniform draw of intervalSeconds, then
//   plays a weighted choice with probability chance, and waits again.
// - Sequences: one step at a time, the host runs sequence({step, sources}) (sources nearest
//   first with this listener's gain and pan) and each strike plays through the listener-local bus
//   (gain, delay with modulation, reverb, compressor), whose effects keep their state between
//   strikes. The next step comes afterSeconds later (bounded to 0.05–60 s by this host).
// - Ducking: while the viewer is "speaking", an ambience with duckWhileSpeaking drops to duckGain.

import { api } from './net';
import { audioContext, listener, onListenerMoved, play, soundMap, speakers, speaking, stopVoice, voices, type SoundInstance } from './audio';
import { mixerInstances } from './mixer';
import { spatial } from './spatial';

interface Choice { sound: string; gain: number; rate: number; pan: number; weight: number }
interface Playlist { sounds: Choice[]; intervalSeconds: [number, number]; chance: number; rangeCells: [number, number]; maxSources: number; stereo: number; loop: boolean; duckWhileSpeaking: boolean; duckGain?: number; normalizeSources?: boolean; loopPhase?: [number, number] }
interface Bus { gain: number; delay?: { time: number; feedback: number; wet: number; modulation?: { frequency: number; depth: number } }; reverb?: { duration: number; decay: number; seed: number; wet: number }; compressor?: { threshold: number; knee: number; ratio: number; attack: number; release: number } }
interface SequenceAmbience { mode: 'sequence'; bus: Bus; rangeCells: [number, number]; maxSources: number; stereo: number; duckWhileSpeaking: boolean; duckGain?: number }

function finite(n: unknown, or: number): number { return typeof n === 'number' && Number.isFinite(n) ? n : or; }

/** The audible sources of one definition's ambience for this listener: nearest first, bounded. */
function audible(list: SoundInstance[], range: [number, number], max: number): { inst: SoundInstance; gain: number; pan: number; distance: number }[] {
  const l = listener();
  const out = [];
  for (const inst of list) {
    const s = spatial(l, { floor: inst.floor, x: inst.cell.x, y: inst.cell.y }, range, 0);
    if (s.distance < range[1] || (s.distance <= range[0])) out.push({ inst, gain: s.gain, pan: 0, distance: s.distance });
  }
  out.sort((a, b) => a.distance - b.distance || (a.inst.id < b.inst.id ? -1 : 1));
  return out.slice(0, Math.max(0, Math.floor(finite(max, 0))));
}

function pick(choices: Choice[]): Choice | null {
  const usable = choices.filter((c) => finite(c.weight, 0) > 0);
  const total = usable.reduce((s, c) => s + c.weight, 0);
  if (total <= 0) return null;
  let r = Math.random() * total;
  for (const c of usable) { if ((r -= c.weight) < 0) return c; }
  return usable[usable.length - 1];
}

// ---- playlists

/** Per source: its loop (the choice it loops), or its timer. */
const playing = new Map<string, { choice?: Choice; timer?: number }>();

function playlist(type: string, a: Playlist, list: SoundInstance[]): Set<string> {
  const range: [number, number] = [finite(a.rangeCells?.[0], 0), finite(a.rangeCells?.[1], 0)];
  const on = audible(list, range, a.maxSources);
  const ducks = a.duckWhileSpeaking ? Math.max(0, Math.min(1, finite(a.duckGain, 0))) : null;
  const live = new Set<string>();
  const norm = a.normalizeSources && on.length > 0 ? 1 / Math.sqrt(on.length) : 1;
  for (const { inst } of on) {
    live.add(inst.id);
    const state = playing.get(inst.id) ?? {};
    playing.set(inst.id, state);
    const sound = (c: Choice, voice: string, loop: boolean, gain: number, offset = 0) => {
      const key = inst.sounds[c.sound];
      if (!key) return;
      void play({ instance: inst.id, voice, key, kind: 'ambience', by: type, gain, rate: finite(c.rate, 1), loop, range, stereo: finite(a.stereo, 0),
        extraPan: finite(c.pan, 0), ducks, offset })
        // Its sample may load after the source fell silent (the listener moved on): then it stops.
        .then((v) => { if (playing.get(inst.id) !== state) stopVoice(v.id); })
        .catch((e) => console.warn((e as Error).message));
    };
    if (a.loop) {
      const v = voices.get(`${inst.id}/ambience`);
      if (!state.choice) state.choice = pick(a.sounds) ?? undefined;
      if (state.choice && (!v || Math.abs(v.base - finite(state.choice.gain, 1) * norm) > 1e-9)) {
        const phase = a.loopPhase ?? [0, 0];
        const offset = finite(phase[0], 0) * inst.cell.x + finite(phase[1], 0) * inst.cell.y;
        if (v) v.base = finite(state.choice.gain, 1) * norm;
        else sound(state.choice, 'ambience', true, finite(state.choice.gain, 1) * norm, offset);
      }
    } else if (state.timer === undefined) {
      const [lo, hi] = [finite(a.intervalSeconds?.[0], 1), finite(a.intervalSeconds?.[1], 1)];
      let n = 0;
      const next = () => {
        const wait = Math.max(0.05, Math.min(lo, hi) + Math.random() * Math.abs(hi - lo));
        state.timer = window.setTimeout(() => {
          if (Math.random() < finite(a.chance, 0)) {
            const c = pick(a.sounds);
            if (c) sound(c, `ambience:${n++ % 8}`, false, finite(c.gain, 1));
          }
          next();
        }, wait * 1000);
      };
      // The first start comes at once when the chance allows, so a listener arriving hears it.
      if (Math.random() < finite(a.chance, 0)) { const c = pick(a.sounds); if (c) sound(c, `ambience:${n++ % 8}`, false, finite(c.gain, 1)); }
      next();
    }
  }
  return live;
}

function silence(id: string): void {
  const state = playing.get(id);
  if (state?.timer !== undefined) window.clearTimeout(state.timer);
  playing.delete(id);
  for (const v of [...voices.values()]) if (v.instance === id && v.kind === 'ambience') stopVoice(v.id);
}

// ---- sequences and their bus

interface Sequencer { bus: AudioNode; duck: GainNode; step: number; timer?: number; running: boolean; sources: { inst: SoundInstance; gain: number; pan: number }[]; a: SequenceAmbience }
const sequencers = new Map<string, Sequencer>();

/** A decaying noise response for the bus reverb: seeded mulberry32 noise, −60 dB after `decay` s. */
function impulse(c: BaseAudioContext, r: { duration: number; decay: number; seed: number }): AudioBuffer {
  const frames = Math.max(1, Math.min(Math.round(finite(r.duration, 1) * c.sampleRate), 20 * c.sampleRate));
  const b = c.createBuffer(2, frames, c.sampleRate);
  let s = finite(r.seed, 0) >>> 0;
  const rand = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296 * 2 - 1; };
  const k = 6.907755 / Math.max(1e-3, finite(r.decay, 1));
  for (let ch = 0; ch < 2; ch++) { const d = b.getChannelData(ch); for (let n = 0; n < frames; n++) d[n] = rand() * Math.exp(-k * n / c.sampleRate); }
  return b;
}

function busOf(a: SequenceAmbience): { input: AudioNode; duck: GainNode } {
  const c = audioContext();
  const bus = a.bus || { gain: 1 };
  const input = c.createGain();
  input.gain.value = finite(bus.gain, 1);
  const out = c.createGain(); // the sum before the compressor
  input.connect(out);
  if (bus.delay) {
    const d = c.createDelay(10);
    d.delayTime.value = Math.max(0, Math.min(10, finite(bus.delay.time, 0)));
    const fb = c.createGain(); fb.gain.value = finite(bus.delay.feedback, 0);
    const wet = c.createGain(); wet.gain.value = finite(bus.delay.wet, 0);
    input.connect(d); d.connect(fb).connect(d); d.connect(wet).connect(out);
    if (bus.delay.modulation) {
      const lfo = c.createOscillator(); lfo.frequency.value = finite(bus.delay.modulation.frequency, 0);
      const depth = c.createGain(); depth.gain.value = finite(bus.delay.modulation.depth, 0);
      lfo.connect(depth).connect(d.delayTime); lfo.start();
    }
  }
  if (bus.reverb) {
    const conv = c.createConvolver();
    conv.buffer = impulse(c, bus.reverb);
    const wet = c.createGain(); wet.gain.value = finite(bus.reverb.wet, 0);
    input.connect(conv).connect(wet).connect(out);
  }
  let last: AudioNode = out;
  if (bus.compressor) {
    const k = c.createDynamicsCompressor();
    k.threshold.value = finite(bus.compressor.threshold, -24); k.knee.value = finite(bus.compressor.knee, 30); k.ratio.value = finite(bus.compressor.ratio, 12);
    k.attack.value = finite(bus.compressor.attack, 0.003); k.release.value = finite(bus.compressor.release, 0.25);
    last = last.connect(k);
  }
  const duck = c.createGain();
  last.connect(duck).connect(speakers());
  return { input, duck };
}

function sequence(type: string, a: SequenceAmbience, list: SoundInstance[]): Set<string> {
  const range: [number, number] = [finite(a.rangeCells?.[0], 0), finite(a.rangeCells?.[1], 0)];
  const l = listener();
  const on = audible(list, range, a.maxSources).map((s) => {
    const sp = spatial(l, { floor: s.inst.floor, x: s.inst.cell.x, y: s.inst.cell.y }, range, finite(a.stereo, 0));
    return { inst: s.inst, gain: sp.gain, pan: sp.pan };
  });
  let sq = sequencers.get(type);
  if (!sq) {
    const { input, duck } = busOf(a);
    sq = { bus: input, duck, step: 0, running: false, sources: [], a };
    sequencers.set(type, sq);
  }
  sq.sources = on;
  sq.duck.gain.value = speaking && a.duckWhileSpeaking ? Math.max(0, Math.min(1, finite(a.duckGain, 0))) : 1;
  const s = sq;
  if (on.length > 0 && !s.running) {
    s.running = true;
    const tick = async () => {
      if (s.sources.length === 0) { s.running = false; return; }
      const sources = s.sources.map((x) => ({ x: x.inst.cell.x, y: x.inst.cell.y, gain: x.gain, pan: x.pan }));
      const ids = s.sources.map((x) => x.inst.id);
      const step = s.step++;
      const r = await api(`/api/world/instances/${encodeURIComponent(ids[0])}/sequence`, { step, sources });
      let after = 1;
      if (r.ok) {
        after = finite(r.data.afterSeconds, 1);
        const c = audioContext();
        for (const [i, st] of (r.data.strikes as { source: number; delaySeconds: number; key: string }[]).entries()) {
          const src = sources[st.source];
          if (!src) continue;
          void play({ instance: ids[st.source], voice: `strike:${step}:${i}`, key: st.key, kind: 'sequence', by: type, gain: src.gain, rate: 1, loop: false,
            range: null, stereo: 0, extraPan: src.pan, when: c.currentTime + Math.max(0, finite(st.delaySeconds, 0)), out: s.bus }).catch((e) => console.warn((e as Error).message));
        }
      } else console.warn(`sequence ${type}: ${r.status} ${r.data?.message}`);
      s.timer = window.setTimeout(() => void tick(), Math.max(0.05, Math.min(60, after)) * 1000);
    };
    void tick();
  }
  return new Set(on.map((x) => x.inst.id));
}

// ---- keeping up with the listener

let busy = false, again = false;
async function update(): Promise<void> {
  if (busy) { again = true; return; }
  busy = true;
  try {
    let map: Map<string, SoundInstance>;
    try { map = await soundMap(); } catch { return; }
    mixerInstances([...map.values()].map((i) => ({ id: i.id, type: i.type })));
    const byType = new Map<string, SoundInstance[]>();
    for (const i of map.values()) if (i.ambience) byType.set(i.type, [...(byType.get(i.type) ?? []), i]);
    const live = new Set<string>();
    for (const [type, list] of byType) {
      const a = list[0].ambience as Playlist | SequenceAmbience;
      const on = (a as SequenceAmbience).mode === 'sequence' ? sequence(type, a as SequenceAmbience, list) : playlist(type, a as Playlist, list);
      for (const id of on) live.add(id);
    }
    for (const id of [...playing.keys()]) if (!live.has(id)) silence(id);
    for (const [type, sq] of sequencers) if (!byType.has(type)) { sq.sources = []; sequencers.delete(type); }
  } finally {
    busy = false;
    if (again) { again = false; void update(); }
  }
}

onListenerMoved(() => void update());
