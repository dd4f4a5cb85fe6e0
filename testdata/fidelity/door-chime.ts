/**
 * Door chime: walking into it plays a two-tone "ding-dong" for everyone nearby, with a little
 * burst of music notes and a light buzz on the visitor's phone.
 *
 * Capabilities: interaction bump, react with feedback (audio, burst with particleEmojis,
 * haptic), static synth sounds.
 *
 * Open values: sound names "F#5" and "D5" (pitch names; "F#5" has a "#"), a burst color "#fe8"
 * (three-digit hex).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoSynth } from '@scape/sdk';

const tone = (frequency: number): GizmoSynth => ({
  kind: 'synth',
  duration: 1.2,
  voices: [
    { wave: 'sine', start: 0, duration: 1.15, frequency, gain: [{ time: 0, value: 0 }, { time: 0.004, value: 0.25 }, { time: 1.15, value: 0, curve: 'exponential' }] },
    { wave: 'sine', start: 0, duration: 0.8, frequency: frequency * 2.76, gain: [{ time: 0, value: 0.05 }, { time: 0.8, value: 0 }] },
  ],
});

interface ChimeState {
  rungAt: number;
}

export const doorChime = defineObject<ChimeState>({
  type: 'home.door-chime',
  version: 1,
  emoji: '🔔',
  label: 'Door chime',
  hint: 'walk into it to ring',
  initial: () => ({ rungAt: 0 }),
  valid: (s): s is ChimeState => record(s) && exactKeys(s, ['rungAt']) && Number.isSafeInteger(s.rungAt) && Number(s.rungAt) >= 0,
  actions: {
    ring: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        if (context.now - s.rungAt < 1500) throw new ObjectActionError(409, 'Wait for the chime to finish.');
        return { rungAt: context.now };
      },
    },
  },
  interaction: { bump: { name: 'ring', payload: {} } },
  sounds: { 'F#5': tone(739.99), D5: tone(587.33) },
  react: () => ({
    feedback: {
      durationMs: 1800,
      haptic: 'light',
      burst: { color: '#fe8', radiusCells: 1, particles: 6, particleEmojis: ['🎵', '🎶'] },
      audio: [
        { kind: 'play', voice: 'ding', sound: 'F#5', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.6 },
        { kind: 'play', voice: 'dong', sound: 'D5', delayMs: 550, gain: 1, rate: 1, loop: false, rangeCells: [1, 10], stereo: 0.6 },
      ],
    },
  }),
});

export default defineProject({ objects: [doorChime] });
