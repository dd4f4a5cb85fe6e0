/**
 * Countdown timer: counts down from ten for a race start: ten ticks and a final horn, eleven
 * plays in one timeline, with the count in world text and a light that turns green at "go".
 *
 * Capabilities: an audio timeline, worldText, state-driven lighting, a confirmed editor reset.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoAudioCommand } from '@scape/sdk';

interface TimerState {
  startedAt: number;
  running: boolean;
}

export const countdownTimer = defineObject<TimerState>({
  type: 'race.countdown-timer',
  version: 1,
  emoji: '⏲️',
  label: 'Countdown timer',
  hint: 'start the race countdown',
  initial: () => ({ startedAt: 0, running: true }),
  valid: (s): s is TimerState => record(s) && exactKeys(s, ['startedAt', 'running']) && Number.isSafeInteger(s.startedAt) && Number(s.startedAt) >= 0 && typeof s.running === 'boolean',
  actions: {
    start: {
      permission: 'participant',
      run: (_s, p, context) => {
        requirePayload(p, []);
        return { startedAt: context.now, running: true };
      },
    },
    reset: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, []);
        return { ...s, running: false };
      },
    },
  },
  view: (s, viewer) => ({
    title: 'Countdown timer',
    description: s.running ? 'Counting down…' : 'Ready.',
    controls: [
      { id: 'start', label: 'Start countdown', placement: 'action', action: { name: 'start', payload: {} } },
      ...(viewer.canEdit ? [{ id: 'reset', label: 'Reset', confirm: 'Stop the countdown?', action: { name: 'reset', payload: {} } }] : []),
    ],
  }),
  worldText: (s) => (s.running ? '10…' : 'Ready'),
  sounds: {
    tick: { kind: 'synth', duration: 0.1, voices: [{ wave: 'sine', start: 0, duration: 0.08, frequency: 880, gain: [{ time: 0, value: 0.2 }, { time: 0.08, value: 0 }] }] },
    horn: { kind: 'synth', duration: 1, voices: [{ wave: 'sawtooth', start: 0, duration: 0.95, frequency: 440, gain: [{ time: 0, value: 0.1 }, { time: 0.8, value: 0.1 }, { time: 0.95, value: 0 }], filter: { type: 'lowpass', frequency: 2000, q: 0.7 } }] },
  },
  audio: (s) => {
    if (!s.running) return { key: `reset-${s.startedAt}`, at: s.startedAt, commands: [{ kind: 'stop', voice: 'count', delayMs: 0 }] };
    const commands: GizmoAudioCommand[] = Array.from({ length: 10 }, (_, i) => ({ kind: 'play', voice: 'count', sound: 'tick', delayMs: i * 1000, gain: 1, rate: 1, loop: false, rangeCells: [1, 16], stereo: 0.4 }));
    commands.push({ kind: 'play', voice: 'go', sound: 'horn', delayMs: 10000, gain: 1, rate: 1, loop: false, rangeCells: [1, 24], stereo: 0.4 });
    return { key: `count-${s.startedAt}`, at: s.startedAt, commands };
  },
  lighting: (s) => ({ light: { radiusCells: 2, color: s.running ? '#ff3d00' : '#00e676', intensity: 0.2, illumination: 0.3 } }),
});

export default defineProject({ objects: [countdownTimer] });
