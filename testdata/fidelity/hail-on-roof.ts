/**
 * Hail on a tin roof: a procedural sequence ambience. Every half second a dozen hailstones
 * strike the roofs nearby (spread over the nearest sources), each a tiny metallic ping with
 * its own pitch and delay, through a short bright reverb.
 *
 * Capabilities: a sequence ambience with a bus, sequence(context) returning many strikes per
 * step spread over context.sources.
 *
 * Open values: twelve strikes in one step (the step type gives strikes as an array, with no
 * count).
 */
import { defineObject, defineProject, exactKeys, record, type GizmoSynth } from '@scape/sdk';

const ping = (frequency: number): GizmoSynth => ({
  kind: 'synth',
  duration: 0.15,
  voices: [{ wave: 'triangle', start: 0, duration: 0.12, frequency, gain: [{ time: 0, value: 0.06 }, { time: 0.12, value: 0, curve: 'exponential' }] }],
});

export const hailOnRoof = defineObject<Record<string, never>>({
  type: 'weather.hail-on-roof',
  version: 1,
  emoji: '🌨️',
  label: 'Hail on a tin roof',
  hint: 'a noisy hailstorm overhead',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  ambience: {
    mode: 'sequence',
    bus: { gain: 0.7, reverb: { duration: 0.8, decay: 4, seed: 12, wet: 0.2 } },
    rangeCells: [1, 10],
    maxSources: 4,
    stereo: 0.8,
    duckWhileSpeaking: false,
  },
  sequence: (context) => {
    const n = context.sources.length;
    return {
      afterSeconds: 0.5,
      strikes:
        n === 0
          ? []
          : Array.from({ length: 12 }, (_, i) => {
              const r = ((context.step * 12 + i) * 2654435761) % 1000;
              return { source: i % n, delaySeconds: (r % 500) / 1000, sound: ping(2500 + r * 3) };
            }),
    };
  },
});

export default defineProject({ objects: [hailOnRoof] });
