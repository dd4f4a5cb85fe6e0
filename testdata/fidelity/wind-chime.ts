/**
 * Wind chime: hangs in the air and rings by itself, a pentatonic note every second or two,
 * through a shared bus with a long six-second reverb tail and a slow echo. Nearby chimes take
 * turns, nearest first.
 *
 * Capabilities: a sequence ambience (mode 'sequence') with a bus (gain, delay with modulation,
 * reverb, compressor), sequence(context) returning synth strikes.
 *
 * Open values: a bus reverb of 6 s (the docs give the reverb's fields, not their ranges).
 */
import { defineObject, defineProject, exactKeys, record, type GizmoSynth } from '@scape/sdk';

const PENTATONIC = [523.25, 587.33, 659.25, 783.99, 880.0, 1046.5];

const strike = (frequency: number): GizmoSynth => ({
  kind: 'synth',
  duration: 2.5,
  voices: [
    { wave: 'sine', start: 0, duration: 2.4, frequency, gain: [{ time: 0, value: 0 }, { time: 0.002, value: 0.15 }, { time: 2.4, value: 0, curve: 'exponential' }] },
    { wave: 'sine', start: 0, duration: 1.2, frequency: frequency * 2.76, gain: [{ time: 0, value: 0.04 }, { time: 1.2, value: 0 }] },
    { wave: 'sine', start: 0, duration: 0.6, frequency: frequency * 5.4, gain: [{ time: 0, value: 0.02 }, { time: 0.6, value: 0 }] },
  ],
});

export const windChime = defineObject<Record<string, never>>({
  type: 'garden.wind-chime',
  version: 1,
  emoji: '🎐',
  label: 'Wind chime',
  hint: 'rings in the breeze',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  ambience: {
    mode: 'sequence',
    bus: {
      gain: 0.8,
      delay: { time: 0.45, feedback: 0.35, wet: 0.25, modulation: { frequency: 0.2, depth: 0.004 } },
      reverb: { duration: 6, decay: 3, seed: 7, wet: 0.45 },
      compressor: { threshold: -18, knee: 6, ratio: 3, attack: 0.01, release: 0.3 },
    },
    rangeCells: [1, 12],
    maxSources: 4,
    stereo: 0.8,
    duckWhileSpeaking: true,
    duckGain: 0.5,
  },
  sequence: (context) => {
    const n = context.sources.length;
    const gust = (context.step * 7919) % 13;
    return {
      afterSeconds: 0.8 + (gust % 5) * 0.3,
      strikes:
        n === 0
          ? []
          : [
              { source: context.step % n, delaySeconds: 0, sound: strike(PENTATONIC[gust % PENTATONIC.length]) },
              ...(gust > 8 ? [{ source: (context.step + 1) % n, delaySeconds: 0.12, sound: strike(PENTATONIC[(gust + 2) % PENTATONIC.length]) }] : []),
            ],
    };
  },
});

export default defineProject({ objects: [windChime] });
