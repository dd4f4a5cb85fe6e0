/**
 * Firework launcher: launch a rocket that bursts into a wide shower of sparks high above, with
 * a boom and a rumble everyone nearby feels.
 *
 * Capabilities: react feedback with a large burst, flash, camera shake lasting the whole
 * feedback (2,000 ms, the stated maximum), audio with two delayed plays.
 *
 * Open values: a burst 10 cells wide with 120 particles, flash "#fff" (three-digit hex).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

interface LauncherState {
  launchedAt: number;
  shells: number;
}

export const fireworks = defineObject<LauncherState>({
  type: 'festival.firework-launcher',
  version: 1,
  emoji: '🎆',
  label: 'Firework launcher',
  hint: 'launch a firework',
  initial: () => ({ launchedAt: 0, shells: 12 }),
  valid: (s): s is LauncherState =>
    record(s) && exactKeys(s, ['launchedAt', 'shells']) && Number.isSafeInteger(s.launchedAt) && Number(s.launchedAt) >= 0 && Number.isInteger(s.shells) && Number(s.shells) >= 0 && Number(s.shells) <= 12,
  actions: {
    launch: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        if (s.shells === 0) throw new ObjectActionError(409, 'Out of fireworks: ask the editor to reload.');
        return { launchedAt: context.now, shells: s.shells - 1 };
      },
    },
    reload: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, shells: 12 };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Firework launcher',
    description: `${s.shells} of 12 shells left.`,
    controls: [
      { id: 'launch', label: 'Launch', placement: 'action', disabled: s.shells === 0, action: { name: 'launch', payload: {} } },
      ...(viewer.canEdit ? [{ id: 'reload', label: 'Reload', action: { name: 'reload', payload: {} } }] : []),
    ],
  }),
  sounds: {
    whistle: { kind: 'synth', duration: 0.8, voices: [{ wave: 'sine', start: 0, duration: 0.75, frequency: [{ time: 0, value: 900 }, { time: 0.75, value: 2400, curve: 'exponential' }], gain: [{ time: 0, value: 0.05 }, { time: 0.75, value: 0.02 }] }] },
    boom: {
      kind: 'noise',
      duration: 1.8,
      seed: 2024,
      layers: [{ frequency: 120, gain: 0.9 }, { frequency: 800, gain: 0.4 }],
      modulation: { base: 0.8, waves: [{ speed: 3, amount: 0.2 }] },
      grains: { start: 0.2, end: 1.6, interval: [0.02, 0.12], duration: [0.003, 0.02], amplitude: [0.1, 0.6], bias: 1.5, smoothing: 0.2, attack: 0.001, decay: 0.5 },
      fade: 0.6,
    },
  },
  react: () => ({
    feedback: {
      durationMs: 2000,
      cameraShake: { strength: 0.3, durationMs: 2000 },
      burst: { color: '#ffd700', radiusCells: 10, particles: 120, flash: '#fff' },
      audio: [
        { kind: 'play', voice: 'rocket', sound: 'whistle', delayMs: 0, gain: 0.7, rate: 1, loop: false, rangeCells: [1, 16], stereo: 0.6 },
        { kind: 'play', voice: 'bang', sound: 'boom', delayMs: 800, gain: 1, rate: 1, loop: false, rangeCells: [1, 24], stereo: 0.4 },
      ],
    },
  }),
});

export default defineProject({ objects: [fireworks] });
