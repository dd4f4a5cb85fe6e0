/**
 * Nature mixer: a soundscape box with five switchable layers (birds, wind, stream, crickets,
 * frogs). Each layer that is on plays as its own looping voice; switching one off stops just
 * that voice.
 *
 * Capabilities: toggle controls, an audio timeline of looping plays and stop commands derived
 * from the state change, noise and synth sounds.
 *
 * Open values: five looping voices at once (the docs only forbid loops in feedback audio).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoAudioCommand } from '@scape/sdk';

const LAYERS = ['birds', 'wind', 'stream', 'crickets', 'frogs'] as const;
type Layer = (typeof LAYERS)[number];
type MixerState = Record<Layer, boolean> & { changedAt: number };

export const natureMixer = defineObject<MixerState>({
  type: 'spa.nature-mixer',
  version: 1,
  emoji: '🏞️',
  label: 'Nature mixer',
  hint: 'mix your own soundscape',
  initial: () => ({ birds: true, wind: true, stream: true, crickets: true, frogs: true, changedAt: 0 }),
  valid: (s): s is MixerState =>
    record(s) && exactKeys(s, [...LAYERS, 'changedAt']) && LAYERS.every((l) => typeof s[l] === 'boolean') && Number.isSafeInteger(s.changedAt) && Number(s.changedAt) >= 0,
  actions: {
    toggle: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, ['layer']);
        const layer = LAYERS.find((l) => l === p.layer);
        if (!layer) throw new ObjectActionError(400, 'Choose a layer.');
        return { ...s, [layer]: !s[layer], changedAt: context.now };
      },
    },
  },
  view: (s) => ({
    title: 'Nature mixer',
    description: 'Switch layers on and off.',
    controls: LAYERS.map((layer) => ({ id: layer, icon: 'toggle' as const, label: `${layer[0].toUpperCase()}${layer.slice(1)} ${s[layer] ? 'on' : 'off'}`, pressed: s[layer], action: { name: 'toggle', payload: { layer } } })),
  }),
  sounds: {
    birds: { kind: 'synth', duration: 3, voices: [0, 0.7, 1.9].map((start) => ({ wave: 'sine' as const, start, duration: 0.3, frequency: [{ time: 0, value: 3000 }, { time: 0.1, value: 4200 }, { time: 0.3, value: 3500 }], gain: [{ time: 0, value: 0 }, { time: 0.02, value: 0.05 }, { time: 0.3, value: 0 }] })) },
    wind: { kind: 'noise', duration: 8, seed: 1, layers: [{ frequency: 500, gain: 0.3 }], modulation: { base: 0.5, waves: [{ speed: 0.4, amount: 0.3 }] }, fade: 1 },
    stream: { kind: 'noise', duration: 6, seed: 2, layers: [{ frequency: 2500, gain: 0.2 }, { frequency: 800, gain: 0.1 }], modulation: { base: 0.6, waves: [{ speed: 3, amount: 0.1 }] }, fade: 0.5 },
    crickets: { kind: 'synth', duration: 2, voices: [0, 0.5, 1, 1.5].map((start) => ({ wave: 'square' as const, start, duration: 0.15, frequency: 4500, gain: [{ time: 0, value: 0.02 }, { time: 0.15, value: 0 }] })) },
    frogs: { kind: 'synth', duration: 3, voices: [0, 1.4].map((start) => ({ wave: 'sawtooth' as const, start, duration: 0.25, frequency: [{ time: 0, value: 180 }, { time: 0.25, value: 140 }], gain: [{ time: 0, value: 0.06 }, { time: 0.25, value: 0 }], filter: { type: 'lowpass' as const, frequency: 900, q: 2 } })) },
  },
  audio: (s, previous) => {
    const commands: GizmoAudioCommand[] = [];
    for (const layer of LAYERS) {
      if (s[layer] && (!previous[layer] || s === previous || s.changedAt === previous.changedAt))
        commands.push({ kind: 'play', voice: layer, sound: layer, delayMs: 0, gain: 0.6, rate: 1, loop: true, rangeCells: [1, 10], stereo: 0.7 });
      else if (!s[layer] && previous[layer]) commands.push({ kind: 'stop', voice: layer, delayMs: 0 });
    }
    return commands.length ? { key: `mix-${s.changedAt}`, at: s.changedAt, commands } : null;
  },
});

export default defineProject({ objects: [natureMixer] });
