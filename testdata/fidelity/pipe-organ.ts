/**
 * Pipe organ: press a key to sound a rich organ chord built with partial synthesis: three
 * ranks of pipes (layers) with harmonic partials, a little vibrato, a soft-clip stage and two
 * echoes for the church.
 *
 * Capabilities: a partials sound (oversample, layers, partials, vibrato, stages, amplitude with
 * attack curve and release, echoes, tailFade), react feedback playing it.
 *
 * Open values: none beyond the declared types (a partials case at ordinary values).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

const rank = (frequency: number, gain: number) => ({
  frequency,
  gain,
  partials: [
    { ratio: 1, gain: 1, decay: 0 },
    { ratio: 2, gain: 0.5, decay: 0.3 },
    { ratio: 3, gain: 0.3, decay: 0.5 },
    { ratio: 4, gain: 0.2, decay: 0.8 },
    { ratio: 6, gain: 0.1, decay: 1.2 },
  ],
  vibrato: { depth: 0.003, rate: 5.5 },
});

export const pipeOrgan = defineObject<{ presses: number }>({
  type: 'chapel.pipe-organ',
  version: 1,
  emoji: '⛪',
  label: 'Pipe organ',
  hint: 'play a chord',
  initial: () => ({ presses: 0 }),
  valid: (s): s is { presses: number } => record(s) && exactKeys(s, ['presses']) && Number.isSafeInteger(s.presses) && Number(s.presses) >= 0,
  actions: {
    play: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return { presses: s.presses + 1 };
      },
    },
  },
  interaction: { tap: { name: 'play', payload: {} } },
  sounds: {
    chord: {
      kind: 'partials',
      duration: 1.9,
      oversample: 2,
      layers: [
        { ...rank(130.81, 0.4), stages: [{ kind: 'pole', frequency: 3000 }] },
        rank(164.81, 0.3),
        rank(196.0, 0.3),
      ],
      stages: [{ kind: 'soft-clip', drive: 1.5 }, { kind: 'pole', frequency: 6000, subtract: 0 }],
      amplitude: { gain: 0.5, attack: 0.08, attackCurve: 'sine-squared', decay: 0.2, release: { at: 1.4, time: 0.4 }, fadeOut: 0.1 },
      echoes: [{ time: 0.21, gain: 0.3 }, { time: 0.43, gain: 0.15 }],
      tailFade: 0.05,
    },
  },
  react: () => ({
    feedback: {
      durationMs: 1900,
      audio: [{ kind: 'play', voice: 'pipes', sound: 'chord', delayMs: 0, gain: 0.9, rate: 1, loop: false, rangeCells: [1, 16], stereo: 0.7 }],
      lighting: { glow: { color: '#ffe8b0', size: 90, pulse: { speed: 2, amount: 0.05, phaseX: 0 }, opacity: { base: 0.2, amount: 0.1, speed: 1, phaseY: 0 } } },
    },
  }),
});

export default defineProject({ objects: [pipeOrgan] });
