/**
 * Harp: sixteen strings (the stated sound-bank maximum) tuned to a scale the editor chooses.
 * Strum plays a glissando across all sixteen strings; each string can be auditioned locally.
 *
 * Capabilities: soundBank with 16 state-specific sounds, an audio timeline of 16 plays,
 * previews with a kind 'preview' control, a select with trigger 'change', configuration.
 *
 * Open values: none beyond the stated bounds (16 bank sounds).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoSounds, type GizmoSynth } from '@scape/sdk';

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10], pentatonic: [0, 2, 4, 7, 9] } as const;
type Scale = keyof typeof SCALES;

const pitch = (scale: Scale, i: number) => {
  const steps = SCALES[scale];
  return 196 * Math.pow(2, (Math.floor(i / steps.length) * 12 + steps[i % steps.length]) / 12);
};
const pluck = (frequency: number): GizmoSynth => ({
  kind: 'synth',
  duration: 1.5,
  voices: [
    { wave: 'triangle', start: 0, duration: 1.45, frequency, gain: [{ time: 0, value: 0 }, { time: 0.003, value: 0.18 }, { time: 1.45, value: 0, curve: 'exponential' }] },
    { wave: 'sine', start: 0, duration: 0.6, frequency: frequency * 2, gain: [{ time: 0, value: 0.05 }, { time: 0.6, value: 0 }] },
  ],
});
const strings = (scale: Scale): GizmoSounds => Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`string${i + 1}`, pluck(pitch(scale, i))]));

interface HarpState {
  scale: Scale;
  strummedAt: number;
}

export const harp = defineObject<HarpState>({
  type: 'bandstand.harp',
  version: 1,
  emoji: '🪕',
  label: 'Harp',
  hint: 'strum all sixteen strings',
  initial: () => ({ scale: 'major', strummedAt: 0 }),
  valid: (s): s is HarpState =>
    record(s) && exactKeys(s, ['scale', 'strummedAt']) && typeof s.scale === 'string' && Object.prototype.hasOwnProperty.call(SCALES, s.scale) && Number.isSafeInteger(s.strummedAt) && Number(s.strummedAt) >= 0,
  actions: {
    strum: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { ...s, strummedAt: context.now };
      },
    },
    tune: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['scale']);
        if (typeof p.scale !== 'string' || !Object.prototype.hasOwnProperty.call(SCALES, p.scale)) throw new ObjectActionError(400, 'Choose a scale.');
        return { ...s, scale: p.scale as Scale };
      },
    },
  },
  configuration: { action: 'tune', fields: ['scale'] },
  soundBank: (s) => strings(s.scale),
  previews: {
    string: {
      permission: 'participant',
      run: (s, p) => {
        const i = Number(p.string);
        return { sound: pluck(pitch(s.scale, Number.isInteger(i) && i >= 0 && i < 16 ? i : 0)), gain: 0.8 };
      },
    },
  },
  audio: (s) => ({
    key: `strum-${s.strummedAt}`,
    at: s.strummedAt,
    commands: Array.from({ length: 16 }, (_, i) => ({
      kind: 'play' as const,
      voice: `s${i % 4}`,
      sound: `string${i + 1}`,
      delayMs: i * 60,
      gain: 0.8,
      rate: 1,
      loop: false,
      rangeCells: [1, 10] as [number, number],
      stereo: 0.8,
    })),
  }),
  view: (s, viewer) => ({
    title: 'Harp',
    description: `Tuned to ${s.scale}.`,
    fields: [{ id: 'scale', label: 'Scale', kind: 'select', value: s.scale, options: [{ value: 'major', label: 'Major' }, { value: 'minor', label: 'Minor' }, { value: 'pentatonic', label: 'Pentatonic' }] }],
    controls: [
      { id: 'strum', label: 'Strum', placement: 'action', action: { name: 'strum', payload: {} } },
      { id: 'scale', label: 'Set scale', fields: ['scale'], trigger: 'change', disabled: !viewer.canEdit, action: { name: 'tune', payload: {} } },
      { id: 'low', label: 'Hear the lowest string', kind: 'preview', action: { name: 'string', payload: { string: 0 } } },
      { id: 'high', label: 'Hear the highest string', kind: 'preview', action: { name: 'string', payload: { string: 15 } } },
    ],
  }),
});

export default defineProject({ objects: [harp] });
