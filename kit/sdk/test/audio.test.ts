import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ambienceCompositionProblem,
  audioCommandsProblem,
  encodeGizmoWav,
  gizmoAmbienceError,
  gizmoAudioError,
  gizmoSoundsError,
  renderGizmoSound,
  soundBankProblem,
  validGizmoAmbience,
  type GizmoAudioCommand,
  type GizmoPlaylistAmbience,
  type GizmoSounds,
} from '../src/audio.js';
import type { GizmoSynth } from '../src/synthesis.js';
import type { GizmoNoiseSound } from '../src/noiseSound.js';
import type { GizmoPartialsSound } from '../src/partials.js';

const ring: GizmoSynth = {
  kind: 'synth',
  duration: 0.6,
  voices: [{ wave: 'sine', start: 0, duration: 0.55, frequency: 880, gain: [{ time: 0, value: 0 }, { time: 0.005, value: 0.2 }, { time: 0.55, value: 0 }] }],
};
const hiss: GizmoNoiseSound = { kind: 'noise', duration: 0.5, seed: 3, layers: [{ frequency: 800, gain: 0.5 }], modulation: { base: 0.5, waves: [] }, fade: 0.01 };
const pluck: GizmoPartialsSound = {
  kind: 'partials',
  duration: 0.4,
  layers: [{ frequency: 220, partials: [{ ratio: 1, gain: 0.5, decay: 6 }], gain: 0.5 }],
  amplitude: { gain: 0.8, attack: 0.002, fadeOut: 0.02 },
};
const sounds = (): GizmoSounds => ({ ring, hiss, pluck });

const play = (extra: Partial<Extract<GizmoAudioCommand, { kind: 'play' }>> = {}): GizmoAudioCommand => ({
  kind: 'play', voice: 'bell', sound: 'ring', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.7, ...extra,
});

describe('sound maps', () => {
  test('each kind is dispatched to its own validator', () => {
    assert.equal(gizmoSoundsError(sounds()), null);
    assert.equal(gizmoSoundsError({}), null);
    assert.match(gizmoSoundsError({ ring: { ...ring, duration: 61 } })!, /^ring.duration/);
    assert.match(gizmoSoundsError({ hiss: { ...hiss, duration: 0.05 } })!, /^hiss.duration/);
    assert.match(gizmoSoundsError({ pluck: { ...pluck, layers: 3 } })!, /^pluck.layers/);
    assert.match(gizmoSoundsError({ odd: { kind: 'sample' } })!, /^odd.kind: must be one of "synth", "noise", "partials"/);
    assert.match(gizmoSoundsError({ odd: 42 })!, /^odd: must be a sound recipe object/);
    assert.match(gizmoSoundsError({ wav: 'not base64!' })!, /^wav:/);
    assert.equal(gizmoSoundsError({ wav: encodeGizmoWav([new Float32Array(480)], 48000) }), null);
  });

  test('names follow the key grammar and the map holds at most 32', () => {
    assert.match(gizmoSoundsError({ 'bad name': ring })!, /^\["bad name"\]: must be a name of 1–64/);
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, ring]));
    assert.equal(gizmoSoundsError(many(32)), null);
    assert.match(gizmoSoundsError(many(33))!, /^must declare at most 32 sounds \(this one declares 33\)/);
    assert.match(gizmoSoundsError([])!, /must be an object mapping sound names/);
  });

  test('sound banks: 16 sounds and 64 KiB of JSON', () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, ring]));
    assert.equal(soundBankProblem(many(16), 'soundBank'), null);
    assert.match(String(soundBankProblem(many(17), 'soundBank')), /^soundBank: must declare at most 16 sounds/);
    // A WAV string of ~70 KB pushes the bank over 64 KiB even though it is a valid sound.
    const big = encodeGizmoWav([new Float32Array(26000)], 48000);
    assert.ok(big.length > 65536);
    assert.equal(gizmoSoundsError({ big }), null);
    assert.match(String(soundBankProblem({ big }, 'soundBank')), /^soundBank: must be at most 64 KiB of recipe JSON \(65,536 bytes; this one is /);
    const justUnder = encodeGizmoWav([new Float32Array(24000)], 48000);
    assert.ok(JSON.stringify({ w: justUnder }).length <= 65536);
    assert.equal(soundBankProblem({ w: justUnder }, 'soundBank'), null);
  });
});

describe('audio commands and timelines', () => {
  const timeline = (commands: unknown[]) => ({ key: 'ring-1', at: 1000, commands });

  test('play and stop', () => {
    assert.equal(gizmoAudioError(timeline([play(), { kind: 'stop', voice: 'bell', delayMs: 500 }]), sounds()), null);
    assert.equal(gizmoAudioError(timeline([]), sounds()), null);
  });

  test('play needs a declared sound', () => {
    assert.equal(gizmoAudioError(timeline([play({ sound: 'gong' })]), sounds()), 'commands[0].sound: must name a declared sound (ring, hiss, pluck) (got "gong")');
    assert.match(gizmoAudioError(timeline([play({ sound: 'toString' })]), sounds())!, /must name a declared sound/);
    assert.match(gizmoAudioError(timeline([play()]), {})!, /none are declared/);
    assert.match(gizmoAudioError(timeline([play()]), undefined as unknown as GizmoSounds)!, /none are declared/);
    assert.equal(gizmoAudioError(timeline([{ kind: 'stop', voice: 'bell', delayMs: 0 }]), undefined as unknown as GizmoSounds), null);
  });

  test('ranges', () => {
    const at = (c: GizmoAudioCommand) => gizmoAudioError(timeline([c]), sounds());
    assert.equal(at(play({ delayMs: 10000, gain: 0, rate: 0.25, stereo: 1, rangeCells: [0, 32] })), null);
    assert.equal(at(play({ rate: 4, rangeCells: [8, 8] })), null);
    assert.match(at(play({ delayMs: -1 }))!, /^commands\[0\].delayMs: must be 0–10,000 ms/);
    assert.match(at(play({ delayMs: 10001 }))!, /^commands\[0\].delayMs/);
    assert.match(at(play({ gain: 1.01 }))!, /^commands\[0\].gain: must be 0–1/);
    assert.match(at(play({ rate: 0.2 }))!, /^commands\[0\].rate: must be 0.25–4/);
    assert.match(at(play({ rate: 4.5 }))!, /^commands\[0\].rate/);
    assert.match(at(play({ stereo: -0.1 }))!, /^commands\[0\].stereo/);
    assert.match(at(play({ rangeCells: [8, 1] }))!, /^commands\[0\].rangeCells: must be \[low, high\]/);
    assert.match(at(play({ rangeCells: [1, 33] }))!, /^commands\[0\].rangeCells\[1\]: must be 0–32 cells/);
    assert.match(at(play({ loop: 1 as unknown as boolean }))!, /^commands\[0\].loop: must be true or false/);
    assert.match(at(play({ voice: '' }))!, /^commands\[0\].voice/);
    assert.match(at({ kind: 'stop', voice: 'bell', delayMs: 0, sound: 'ring' } as unknown as GizmoAudioCommand)!, /^commands\[0\].sound: is not a known field/);
    assert.match(at({ kind: 'pause' } as unknown as GizmoAudioCommand)!, /^commands\[0\].kind: must be one of "play", "stop"/);
  });

  test('list bounds and looping voices', () => {
    assert.equal(gizmoAudioError(timeline(Array(16).fill(play())), sounds()), null);
    assert.match(gizmoAudioError(timeline(Array(17).fill(play())), sounds())!, /^commands: must have 0–16 items/);
    const loops = (n: number) => Array.from({ length: n }, (_, i) => play({ voice: `v${i}`, loop: true }));
    assert.equal(gizmoAudioError(timeline(loops(4)), sounds()), null);
    assert.equal(gizmoAudioError(timeline([...loops(4), play({ voice: 'v0', loop: true })]), sounds()), null);
    assert.match(gizmoAudioError(timeline(loops(5)), sounds())!, /^commands\[4\].loop: must not start more than 4 looping voices/);
  });

  test('feedback audio: no loops, starts before expiry', () => {
    assert.equal(audioCommandsProblem([play({ delayMs: 599 })], sounds(), 'feedback.audio', 600), null);
    assert.equal(String(audioCommandsProblem([play({ delayMs: 600 })], sounds(), 'feedback.audio', 600)), 'feedback.audio[0].delayMs: must be less than the feedback duration (600 ms): audio must start before the feedback expires (got 600)');
    assert.match(String(audioCommandsProblem([{ kind: 'stop', voice: 'x', delayMs: 700 }], sounds(), 'feedback.audio', 600)), /delayMs: must be less than the feedback duration/);
    assert.match(String(audioCommandsProblem([play({ loop: true })], sounds(), 'feedback.audio', 600)), /^feedback.audio\[0\].loop: must be false: feedback audio must not loop/);
    assert.equal(audioCommandsProblem([play({ loop: true })], sounds(), 'audio.commands'), null);
  });

  test('timeline fields', () => {
    assert.match(gizmoAudioError({ key: '', at: 0, commands: [] }, sounds())!, /^key: must not be empty/);
    assert.match(gizmoAudioError({ key: 'k', at: -5, commands: [] }, sounds())!, /^at: must be a timestamp/);
    assert.match(gizmoAudioError({ key: 'k', at: 0 }, sounds())!, /^commands: is required/);
    assert.match(gizmoAudioError(null, sounds())!, /must be an object/);
  });
});

describe('ambience', () => {
  const playlist = (): GizmoPlaylistAmbience => ({
    sounds: [{ sound: 'hiss', gain: 0.5, rate: 1, pan: 0, weight: 1 }, { sound: 'pluck', gain: 0.3, rate: 1.5, pan: -0.5, weight: 3 }],
    intervalSeconds: [2, 6],
    chance: 0.5,
    rangeCells: [1, 10],
    maxSources: 4,
    stereo: 0.6,
    loop: false,
    duckWhileSpeaking: true,
    duckGain: 0.3,
    normalizeSources: true,
    loopPhase: [0.5, -0.5],
  });
  const sequence = () => ({ mode: 'sequence', bus: { gain: 0.8 }, rangeCells: [0, 12], maxSources: 6, stereo: 0.5, duckWhileSpeaking: false });

  test('playlist', () => {
    assert.equal(gizmoAmbienceError(playlist(), sounds()), null);
    assert.equal(validGizmoAmbience(playlist()), true);
    assert.match(gizmoAmbienceError({ ...playlist(), sounds: [{ sound: 'rain', gain: 1, rate: 1, pan: 0, weight: 1 }] }, sounds())!, /^sounds\[0\].sound: must name a declared sound/);
    // Without a sound map only the name grammar is checked.
    assert.equal(gizmoAmbienceError({ ...playlist(), sounds: [{ sound: 'rain', gain: 1, rate: 1, pan: 0, weight: 1 }] }), null);
    const p = playlist();
    const bad = (change: Record<string, unknown>) => gizmoAmbienceError({ ...p, ...change }, sounds());
    assert.match(bad({ sounds: [] })!, /^sounds: must have 1–16 items/);
    assert.match(bad({ sounds: [{ ...p.sounds[0], weight: 0 }] })!, /^sounds\[0\].weight: must be greater than 0 and at most 1,000/);
    assert.match(bad({ sounds: [{ ...p.sounds[0], pan: 1.5 }] })!, /^sounds\[0\].pan: must be −1–1/);
    assert.match(bad({ intervalSeconds: [6, 2] })!, /^intervalSeconds: must be \[low, high\]/);
    assert.match(bad({ intervalSeconds: [0, 2] })!, /^intervalSeconds\[0\]: must be 0.1–600 s/);
    assert.match(bad({ chance: 1.5 })!, /^chance: must be 0–1/);
    assert.match(bad({ maxSources: 0 })!, /^maxSources: must be an integer 1–16 sources/);
    assert.match(bad({ maxSources: 17 })!, /^maxSources/);
    assert.match(bad({ loopPhase: [16.5, 0] })!, /^loopPhase\[0\]: must be −16–16 seconds per cell/);
    assert.equal(bad({ loopPhase: [-16, 16] }), null);
    assert.match(bad({ duckGain: 2 })!, /^duckGain: must be 0–1/);
    assert.match(bad({ loop: 'yes' })!, /^loop: must be true or false/);
    assert.match(bad({ bus: { gain: 1 } })!, /^bus: is not a known field/);
  });

  test('sequence mode', () => {
    assert.equal(gizmoAmbienceError(sequence()), null);
    assert.match(gizmoAmbienceError({ ...sequence(), bus: { gain: 3 } })!, /^bus.gain: must be 0–1/);
    assert.match(gizmoAmbienceError({ ...sequence(), mode: 'shuffle' })!, /^mode: must be "sequence" \(or omitted for playlist ambience\)/);
    assert.match(gizmoAmbienceError({ ...sequence(), chance: 1 })!, /^chance: is not a known field/);
    assert.match(gizmoAmbienceError({ ...sequence(), maxSources: 20 })!, /^maxSources/);
  });

  test('definition composition rules for the registry', () => {
    const fn = () => ({});
    assert.match(String(ambienceCompositionProblem({ ambience: playlist(), soundBank: fn })), /^ambience: must not be combined with soundBank/);
    assert.match(String(ambienceCompositionProblem({ ambience: sequence(), soundBank: fn, sequence: fn })), /^ambience: must not be combined with soundBank/);
    assert.equal(ambienceCompositionProblem({ ambience: sequence(), sequence: fn }), null);
    assert.equal(ambienceCompositionProblem({ soundBank: fn }), null);
    assert.match(String(ambienceCompositionProblem({ ambience: sequence() })), /^sequence: must be a function/);
    assert.match(String(ambienceCompositionProblem({ ambience: playlist(), sequence: fn })), /^ambience: must be sequence ambience/);
    assert.equal(ambienceCompositionProblem({ ambience: playlist() }), null);
  });
});

describe('renderGizmoSound', () => {
  test('dispatches by kind', () => {
    const s = renderGizmoSound(ring);
    assert.equal(s.rate, 48000);
    assert.equal(s.samples[0].length, Math.round(0.6 * 48000));
    assert.ok(s.samples[0].some((x) => Math.abs(x) > 0.05));
    assert.equal(renderGizmoSound(hiss).samples[0].length, Math.round(0.5 * 48000));
    assert.equal(renderGizmoSound(pluck).samples[0].length, Math.round(0.4 * 48000));
  });

  test('decodes a WAV string', () => {
    const tone = new Float32Array(4800).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48000));
    const out = renderGizmoSound(encodeGizmoWav([tone], 48000));
    assert.equal(out.samples[0].length, 4800);
    assert.ok(Math.abs(out.samples[0][100] - tone[100]) < 1e-4);
  });

  test('refuses an invalid sound with its path', () => {
    assert.throws(() => renderGizmoSound({ ...ring, duration: 61 }), /renderGizmoSound: sound.duration/);
  });
});
