/**
 * Alarm clock: rings with a looping beep until someone presses Snooze, which stops the loop.
 * The beep plays a little fast (rate 1.5) for urgency.
 *
 * Capabilities: an audio timeline with a looping play and a stop command on a later state,
 * a playback rate, a toggle.
 *
 * Open values: none beyond the declared types (looping timeline audio; only feedback audio
 * must not loop).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

interface AlarmState {
  ringing: boolean;
  changedAt: number;
}

export const alarmClock = defineObject<AlarmState>({
  type: 'bedroom.alarm-clock',
  version: 1,
  emoji: '⏰',
  label: 'Alarm clock',
  hint: 'press snooze to stop the ringing',
  initial: () => ({ ringing: true, changedAt: 0 }),
  valid: (s): s is AlarmState => record(s) && exactKeys(s, ['ringing', 'changedAt']) && typeof s.ringing === 'boolean' && Number.isSafeInteger(s.changedAt) && Number(s.changedAt) >= 0,
  actions: {
    toggle: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { ringing: !s.ringing, changedAt: context.now };
      },
    },
  },
  view: (s) => ({
    title: s.ringing ? 'Ring ring!' : 'Alarm clock',
    description: '',
    controls: [{ id: 'toggle', icon: 'toggle', label: s.ringing ? 'Snooze' : 'Set the alarm off', pressed: s.ringing, action: { name: 'toggle', payload: {} } }],
  }),
  sounds: {
    beep: {
      kind: 'synth',
      duration: 0.5,
      voices: [
        { wave: 'square', start: 0, duration: 0.12, frequency: 2000, gain: 0.08 },
        { wave: 'square', start: 0.2, duration: 0.12, frequency: 2000, gain: 0.08 },
      ],
    },
  },
  audio: (s, previous) =>
    s.ringing
      ? { key: `ring-${s.changedAt}`, at: s.changedAt, commands: [{ kind: 'play', voice: 'alarm', sound: 'beep', delayMs: 0, gain: 0.9, rate: 1.5, loop: true, rangeCells: [0.5, 6], stereo: 0.3 }] }
      : previous.ringing
        ? { key: `snooze-${s.changedAt}`, at: s.changedAt, commands: [{ kind: 'stop', voice: 'alarm', delayMs: 0 }] }
        : null,
});

export default defineProject({ objects: [alarmClock] });
