/**
 * Disco floor: a walkable dance-floor tile. A scattered light pattern of colored spots turns
 * over it while the music is on; stepping on it flashes the tile and thumps.
 *
 * Capabilities: walkable, lighting with a scattered pattern, step feedback with
 * lighting and audio, a noise-voice synth.
 *
 * Open values: three-digit hex light colors ("#206", "#f0f") and a pattern palette of
 * three-digit hex colors plus one [r, g, b] color, pattern phase coefficients of ±5,000, a fast
 * spot fade at 44 rad/s, a noise voice with a frequency (the docs make frequency optional on
 * every voice).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoLight } from '@scape/sdk';

interface FloorState {
  music: boolean;
}

const floorLight: GizmoLight = {
  radiusCells: 2.5,
  color: '#206',
  innerColor: '#40c',
  intensity: 0.3,
  illumination: 0.5,
  pattern: {
    kind: 'scattered',
    phase: [5000, -5000],
    rotation: { speed: 1.2, variation: 0.3, phase: 0 },
    density: 3,
    warp: { frequency: [0.7, 1.1], phase: [0, 1.5], amount: 0.25 },
    jitter: 0.6,
    palette: ['#f0f', '#0ff', '#ff0', [1, 0.35, 0.1]],
    spots: {
      size: [0.15, 0.4],
      aspect: [0.8, 1.25],
      edge: 0.3,
      gain: [0.5, 1],
      halo: { radius: [0.4, 0.8], gain: 0.3 },
      fade: { speed: [6, 44], thresholds: [0.2, 0.8] },
    },
    wash: { gain: 0.3, falloff: 1.5, blend: [0.2, 0.8] },
  },
};

export const discoFloor = defineObject<FloorState>({
  type: 'party.disco-floor',
  version: 1,
  emoji: '🕺',
  label: 'Disco floor',
  hint: 'dance on it',
  initial: () => ({ music: true }),
  valid: (s): s is FloorState => record(s) && exactKeys(s, ['music']) && typeof s.music === 'boolean',
  walkable: true,
  actions: {
    toggle: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { music: !s.music };
      },
    },
  },
  view: (s) => ({
    title: 'Disco floor',
    description: 'Step on the tile to make it flash.',
    controls: [{ id: 'toggle', icon: 'toggle', label: s.music ? 'Lights off' : 'Lights on', pressed: s.music, action: { name: 'toggle', payload: {} } }],
  }),
  lighting: (s) => (s.music ? { light: floorLight } : {}),
  sounds: {
    thump: {
      kind: 'synth',
      duration: 0.3,
      voices: [
        { wave: 'sine', start: 0, duration: 0.25, frequency: [{ time: 0, value: 120 }, { time: 0.25, value: 45, curve: 'exponential' }], gain: [{ time: 0, value: 0.4 }, { time: 0.25, value: 0 }] },
        { wave: 'noise', start: 0, duration: 0.05, frequency: 3000, gain: 0.08, filter: { type: 'highpass', frequency: 2000, q: 0.7 } },
      ],
    },
  },
  step: (s, event) => ({
    durationMs: 350,
    lighting: {
      light: { radiusCells: 1.5, color: event.movement === 'push' ? '#0ff' : '#f0f', intensity: 0.5, illumination: 0.6 },
    },
    audio: s.music
      ? [{ kind: 'play', voice: 'step', sound: 'thump', delayMs: 0, gain: 0.8, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.5 }]
      : [],
  }),
});

export default defineProject({ objects: [discoFloor] });
