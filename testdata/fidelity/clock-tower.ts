/**
 * Clock tower: strikes the hour. Pull the rope to strike the current hour (by the action's
 * authoritative time): twelve strokes at noon, one every 2.5 seconds, the last one 27.5 s after
 * the first. The hour shows in Roman numerals above the tower.
 *
 * Capabilities: an audio timeline driven by context.now, worldText, a bell synth.
 *
 * Open values: play commands delayed up to 27,500 ms (the docs give delayMs a type, not a
 * range; only feedback audio must start before its expiry).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoAudioCommand } from '@scape/sdk';

const ROMAN = ['XII', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];

interface TowerState {
  hour: number;
  struckAt: number;
}

export const clockTower = defineObject<TowerState>({
  type: 'town.clock-tower',
  version: 2,
  emoji: '🕰️',
  label: 'Clock tower',
  hint: 'pull the rope to strike the hour',
  initial: () => ({ hour: 12, struckAt: 0 }),
  valid: (s): s is TowerState =>
    record(s) && exactKeys(s, ['hour', 'struckAt']) && Number.isInteger(s.hour) && Number(s.hour) >= 1 && Number(s.hour) <= 12 && Number.isSafeInteger(s.struckAt) && Number(s.struckAt) >= 0,
  actions: {
    strike: {
      permission: 'participant',
      run: (_s, p, context) => {
        requirePayload(p, []);
        const hour = Math.floor(context.now / 3600000) % 12;
        return { hour: hour === 0 ? 12 : hour, struckAt: context.now };
      },
    },
  },
  view: (s) => ({
    title: `${ROMAN[s.hour % 12]} o'clock`,
    description: 'Pull the rope to strike the hour.',
    controls: [{ id: 'strike', label: 'Pull the rope', placement: 'action', action: { name: 'strike', payload: {} } }],
  }),
  worldText: (s) => ROMAN[s.hour % 12],
  sounds: {
    bell: {
      kind: 'synth',
      duration: 3,
      voices: [
        { wave: 'sine', start: 0, duration: 2.9, frequency: 196, gain: [{ time: 0, value: 0 }, { time: 0.005, value: 0.3 }, { time: 2.9, value: 0, curve: 'exponential' }] },
        { wave: 'sine', start: 0, duration: 2, frequency: 392 * 1.19, gain: [{ time: 0, value: 0.1 }, { time: 2, value: 0 }] },
      ],
    },
  },
  audio: (s) => {
    const commands: GizmoAudioCommand[] = Array.from({ length: s.hour }, (_, i) => ({
      kind: 'play',
      voice: i % 2 ? 'bell-b' : 'bell-a',
      sound: 'bell',
      delayMs: i * 2500,
      gain: 1,
      rate: 1,
      loop: false,
      rangeCells: [1, 30],
      stereo: 0.3,
    }));
    return { key: `strike-${s.struckAt}`, at: s.struckAt, commands };
  },
});

export default defineProject({ objects: [clockTower] });
