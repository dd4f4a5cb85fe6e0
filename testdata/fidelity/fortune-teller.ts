/**
 * Fortune teller: tap the crystal ball for a random fortune, shown above the ball. The teller
 * rests a few seconds between readings.
 *
 * Capabilities: context.randomInt, a cooldown kept in state, worldText, react feedback with a
 * glow and a shimmer sound, a tap interaction.
 *
 * Open values: a 300-character hint that explains how to use it.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const FORTUNES = [
  'A pleasant surprise is waiting for you.',
  'Your next walk will lead somewhere new.',
  'A friend will share good news today.',
  'Patience brings the best rewards.',
  'Luck follows the curious.',
  'Someone nearby admires your style.',
  'Today is a good day to build something.',
  'Say yes to the next invitation.',
];

interface TellerState {
  fortune: number;
  readAt: number;
}

export const fortuneTeller = defineObject<TellerState>({
  type: 'fair.fortune-teller',
  version: 1,
  emoji: '🔮',
  label: 'Fortune teller',
  hint: "Ask the fortune teller a question and tap the crystal ball to receive your fortune. Each fortune is drawn at random from the teller's book of forty sayings and shown above the ball for everyone nearby to read. The teller rests a few seconds between readings, so take turns, and do not shake the ball!",
  initial: () => ({ fortune: 0, readAt: 0 }),
  valid: (s): s is TellerState =>
    record(s) &&
    exactKeys(s, ['fortune', 'readAt']) &&
    Number.isInteger(s.fortune) &&
    Number(s.fortune) >= 0 &&
    Number(s.fortune) < FORTUNES.length &&
    Number.isSafeInteger(s.readAt) &&
    Number(s.readAt) >= 0,
  actions: {
    read: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        if (context.now - s.readAt < 4000) throw new ObjectActionError(409, 'The teller is resting.');
        return { fortune: context.randomInt(0, FORTUNES.length - 1), readAt: context.now };
      },
    },
  },
  interaction: { tap: { name: 'read', payload: {} } },
  worldText: (s) => FORTUNES[s.fortune],
  sounds: {
    shimmer: {
      kind: 'synth',
      duration: 1.2,
      voices: [1318.5, 1567.98, 1975.53, 2637.02].map((frequency, i) => ({
        wave: 'sine' as const,
        start: i * 0.08,
        duration: 0.9,
        frequency,
        gain: [{ time: 0, value: 0 }, { time: 0.01, value: 0.06 }, { time: 0.9, value: 0 }],
      })),
    },
  },
  react: () => ({
    feedback: {
      durationMs: 1200,
      lighting: { glow: { color: '#b388ff', size: 60, pulse: { speed: 4, amount: 0.2, phaseX: 0 }, opacity: { base: 0.4, amount: 0.3, speed: 3, phaseY: 0 } } },
      audio: [{ kind: 'play', voice: 'ball', sound: 'shimmer', delayMs: 0, gain: 0.8, rate: 1, loop: false, rangeCells: [1, 8], stereo: 0.6 }],
    },
  }),
});

export default defineProject({ objects: [fortuneTeller] });
