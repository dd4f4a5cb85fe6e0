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
import { collectWarnings } from '../src/internal/rules.js';
import { resolveGizmoSounds } from '../src/soundBank.js';
import type { ObjectDefinition } from '../src/api.js';
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

  test('names are any strings; a map holds up to 256 sounds (the render budget)', () => {
    // The docs state no grammar: note names, spaces and dashes are names authors write.
    assert.equal(gizmoSoundsError({ 'F#4': ring, 'kick drum': hiss, 'ding-2': pluck, '': ring, ['x'.repeat(200)]: ring }), null);
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, ring]));
    assert.equal(gizmoSoundsError(many(36)), null, 'a 36-note keyboard builds');
    assert.equal(gizmoSoundsError(many(256)), null);
    assert.match(gizmoSoundsError(many(257))!, /^must declare at most 256 sounds \(this one declares 257\) \(this toolchain's own budget, not a limit of the Scape contract\)/);
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
    assert.equal(gizmoAudioError(timeline([play({ sound: 'gong' })]), sounds()), 'commands[0].sound: must name a declared sound ("ring", "hiss", "pluck") (got "gong")');
    assert.equal(gizmoAudioError(timeline([play({ sound: 'F#4', voice: 'lead voice' })]), { 'F#4': ring }), null);
    assert.match(gizmoAudioError(timeline([play({ sound: 'toString' })]), sounds())!, /must name a declared sound/);
    assert.match(gizmoAudioError(timeline([play()]), {})!, /none are declared/);
    assert.match(gizmoAudioError(timeline([play()]), undefined as unknown as GizmoSounds)!, /none are declared/);
    assert.equal(gizmoAudioError(timeline([{ kind: 'stop', voice: 'bell', delayMs: 0 }]), undefined as unknown as GizmoSounds), null);
  });

  test('playback fields are any finite numbers; the types are checked', () => {
    const at = (c: GizmoAudioCommand) => gizmoAudioError(timeline([c]), sounds());
    assert.equal(at(play({ delayMs: 60000, gain: 1.5, rate: 8, stereo: 2, rangeCells: [2, 48] })), null);
    assert.equal(at(play({ delayMs: -0, gain: -0, rate: 0.1, stereo: -1, rangeCells: [0, 0] })), null);
    assert.match(at(play({ delayMs: NaN }))!, /^commands\[0\].delayMs: must be a finite number/);
    assert.match(at(play({ gain: '1' as unknown as number }))!, /^commands\[0\].gain: must be a finite number/);
    assert.match(at(play({ rangeCells: [1] as unknown as [number, number] }))!, /^commands\[0\].rangeCells: must be a list of exactly 2 numbers/);
    assert.match(at(play({ loop: 1 as unknown as boolean }))!, /^commands\[0\].loop: must be true or false/);
    assert.match(at(play({ voice: 7 as unknown as string }))!, /^commands\[0\].voice: must be a string/);
    assert.equal(at(play({ voice: '' })), null);
    assert.match(at({ kind: 'stop', voice: 'bell', delayMs: 0, sound: 'ring' } as unknown as GizmoAudioCommand)!, /^commands\[0\].sound: is not a known field/);
    assert.match(at({ kind: 'pause' } as unknown as GizmoAudioCommand)!, /^commands\[0\].kind: must be one of "play", "stop"/);
  });

  test('values that are almost certainly mistakes warn', () => {
    const warned = (c: GizmoAudioCommand) => {
      const { result, warnings } = collectWarnings(() => gizmoAudioError(timeline([c]), sounds()));
      assert.equal(result, null);
      return warnings.map(String);
    };
    assert.deepEqual(warned(play()), []);
    assert.deepEqual(warned(play({ delayMs: -5 })), ['commands[0].delayMs: is negative: a command cannot start before its timeline or feedback does (got -5)']);
    assert.deepEqual(warned(play({ gain: -0.5 })), ['commands[0].gain: is negative: a gain below 0 only inverts the signal (use 0 for silence) (got -0.5)']);
    assert.deepEqual(warned(play({ rate: 0 })), ['commands[0].rate: is not greater than 0, so the sound never plays forward (1 is the recorded speed) (got 0)']);
    assert.deepEqual(warned(play({ rangeCells: [8, 1] })), ['commands[0].rangeCells: has the near distance beyond the far one, so it is almost certainly swapped (got [8,1])']);
    const { warnings } = collectWarnings(() => gizmoAudioError(timeline([play({ rangeCells: [8, 1] })]), sounds()));
    assert.equal(warnings[0].severity, 'warning');
    assert.equal(warnings[0].rule?.id, 'audio.rangeCells.order');
  });

  test('any number of commands and looping voices', () => {
    const tune = Array.from({ length: 22 }, (_, i) => play({ voice: `n${i}`, delayMs: i * 250 }));
    assert.equal(gizmoAudioError(timeline(tune), sounds()), null, 'a 22-note tune');
    assert.equal(gizmoAudioError(timeline(Array(40).fill(play())), sounds()), null, 'a 40-command timeline');
    const loops = (n: number) => Array.from({ length: n }, (_, i) => play({ voice: `v${i}`, loop: true }));
    assert.equal(gizmoAudioError(timeline(loops(6)), sounds()), null, 'six looping voices');
  });

  test('feedback audio: no loops, starts before expiry', () => {
    assert.equal(audioCommandsProblem([play({ delayMs: 599 })], sounds(), 'feedback.audio', 600), null);
    assert.equal(String(audioCommandsProblem([play({ delayMs: 600 })], sounds(), 'feedback.audio', 600)), 'feedback.audio[0].delayMs: must be less than the feedback duration (600 ms): audio must start before the feedback expires (got 600)');
    assert.match(String(audioCommandsProblem([{ kind: 'stop', voice: 'x', delayMs: 700 }], sounds(), 'feedback.audio', 600)), /delayMs: must be less than the feedback duration/);
    assert.match(String(audioCommandsProblem([play({ loop: true })], sounds(), 'feedback.audio', 600)), /^feedback.audio\[0\].loop: must be false: feedback audio must not loop/);
    assert.equal(audioCommandsProblem([play({ loop: true })], sounds(), 'audio.commands'), null);
  });

  test('timeline fields', () => {
    assert.equal(gizmoAudioError({ key: '', at: 0, commands: [] }, sounds()), null);
    assert.equal(gizmoAudioError({ key: 'Home: 0\nAway: 0', at: 1700000000000.5, commands: [] }, sounds()), null);
    assert.match(gizmoAudioError({ key: 3, at: 0, commands: [] }, sounds())!, /^key: must be a string/);
    assert.match(gizmoAudioError({ key: 'k', at: '0', commands: [] }, sounds())!, /^at: must be a finite number/);
    const { result, warnings } = collectWarnings(() => gizmoAudioError({ key: 'k', at: -5, commands: [] }, sounds()));
    assert.equal(result, null);
    assert.deepEqual(warnings.map(String), ['at: is negative, so it is not a timestamp (use the action context time, context.now) (got -5)']);
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
    // Without a sound map only the type is checked.
    assert.equal(gizmoAmbienceError({ ...playlist(), sounds: [{ sound: 'rain', gain: 1, rate: 1, pan: 0, weight: 1 }] }), null);
    const p = playlist();
    const bad = (change: Record<string, unknown>) => gizmoAmbienceError({ ...p, ...change }, sounds());
    // Realistic open values build: a looping bed with no gap, a wide range, many choices and sources.
    assert.equal(bad({ loop: true, intervalSeconds: [0, 0] }), null);
    assert.equal(bad({ rangeCells: [2, 48], maxSources: 40, stereo: 1.5 }), null);
    assert.equal(bad({ sounds: Array(24).fill({ ...p.sounds[0], weight: 5000, pan: -2, rate: 6, gain: 2 }) }), null);
    assert.equal(bad({ intervalSeconds: [900, 3600], chance: 0 }), null);
    assert.match(bad({ chance: '1' })!, /^chance: must be a finite number/);
    assert.match(bad({ maxSources: Infinity })!, /^maxSources: must be a finite number/);
    assert.match(bad({ intervalSeconds: [1] })!, /^intervalSeconds: must be a list of exactly 2 numbers/);
    // The docs' ranges.
    assert.match(bad({ loopPhase: [16.5, 0] })!, /^loopPhase\[0\]: must be −16–16 seconds per cell/);
    assert.equal(bad({ loopPhase: [-16, 16] }), null);
    assert.match(bad({ duckGain: 2 })!, /^duckGain: must be 0–1/);
    assert.equal(bad({ duckGain: 1 }), null);
    assert.match(bad({ loop: 'yes' })!, /^loop: must be true or false/);
    assert.match(bad({ bus: { gain: 1 } })!, /^bus: is not a known field/);
  });

  test('playlist values that are almost certainly mistakes warn', () => {
    const p = playlist();
    const warned = (change: Record<string, unknown>) => {
      const { result, warnings } = collectWarnings(() => gizmoAmbienceError({ ...p, ...change }, sounds()));
      assert.equal(result, null);
      return warnings.map(String);
    };
    assert.deepEqual(warned({}), []);
    assert.deepEqual(warned({ sounds: [] }), ['sounds: has no sound choices, so the ambience never plays (got [])']);
    assert.deepEqual(warned({ sounds: [{ ...p.sounds[0], weight: -1 }] }), ['sounds[0].weight: is negative: weights are relative chances (0 leaves a choice out) (got -1)']);
    assert.deepEqual(warned({ sounds: [{ ...p.sounds[0], weight: 0 }] }), []);
    assert.deepEqual(warned({ intervalSeconds: [6, 2] }), ['intervalSeconds: has low above high, so it is almost certainly swapped (got [6,2])']);
    assert.deepEqual(warned({ chance: 50 }), ['chance: is a probability from 0 to 1 (0.5 is one start in two) (got 50)']);
    assert.deepEqual(warned({ maxSources: 0 }), ['maxSources: is less than 1, so no source is ever heard (got 0)']);
    assert.deepEqual(warned({ maxSources: 2.5 }), ['maxSources: is not a whole number of sources (got 2.5)']);
    assert.deepEqual(warned({ rangeCells: [10, 1] }), ['rangeCells: has the near distance beyond the far one, so it is almost certainly swapped (got [10,1])']);
  });

  test('sequence mode', () => {
    assert.equal(gizmoAmbienceError(sequence()), null);
    assert.equal(gizmoAmbienceError({ ...sequence(), bus: { gain: 3 }, maxSources: 20 }), null);
    assert.match(gizmoAmbienceError({ ...sequence(), bus: { gain: 'loud' } })!, /^bus.gain: must be a finite number/);
    assert.match(gizmoAmbienceError({ ...sequence(), mode: 'shuffle' })!, /^mode: must be "sequence" \(or omitted for playlist ambience\)/);
    assert.match(gizmoAmbienceError({ ...sequence(), chance: 1 })!, /^chance: is not a known field/);
    assert.match(gizmoAmbienceError({ ...sequence(), duckGain: -0.1 })!, /^duckGain: must be 0–1/);
  });

  test('definition composition rules for the registry', () => {
    const fn = () => ({});
    assert.match(String(ambienceCompositionProblem({ ambience: playlist(), soundBank: fn })), /^ambience: must not be combined with soundBank/);
    assert.match(String(ambienceCompositionProblem({ ambience: sequence(), soundBank: fn, sequence: fn })), /^ambience: must not be combined with soundBank/);
    assert.equal(ambienceCompositionProblem({ ambience: sequence(), sequence: fn }), null);
    assert.equal(ambienceCompositionProblem({ soundBank: fn }), null);
    assert.equal(ambienceCompositionProblem({ ambience: playlist() }), null);
    assert.match(String(ambienceCompositionProblem({ ambience: sequence(), sequence: 'tick' })), /^sequence: must be a function \(context\) => GizmoSequenceStep/);
    // Half a sequence ambience warns: silent, or a callback that never runs.
    const warned = (definition: Record<string, unknown>) => {
      const { result, warnings } = collectWarnings(() => ambienceCompositionProblem(definition));
      assert.equal(result, null);
      return warnings.map(String);
    };
    assert.deepEqual(warned({ ambience: sequence() }), ['sequence: is not declared, so the sequence ambience never plays (add sequence: (context) => GizmoSequenceStep) (got nothing)']);
    assert.match(warned({ ambience: playlist(), sequence: fn })[0], /^ambience: is not sequence ambience .*, so the sequence callback never runs/);
    assert.match(warned({ sequence: fn })[0], /^ambience: is not sequence ambience/);
  });

  test('resolveGizmoSounds refuses a bank combined with ambience (the docs)', () => {
    const definition = { type: 't.bank', version: 1, emoji: '🎹', label: 'Bank', hint: '', initial: () => ({}), valid: () => true, actions: {}, soundBank: () => ({ ring }), ambience: playlist() } as unknown as ObjectDefinition;
    assert.throws(() => resolveGizmoSounds(definition, {}), /^Error: t.bank: ambience: must not be combined with soundBank/);
    assert.deepEqual(resolveGizmoSounds({ ...definition, ambience: undefined }, {}), { ring });
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
