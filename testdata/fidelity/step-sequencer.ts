/**
 * Step sequencer: a 16-step drum machine. Each step has an instrument select; Save stores the
 * pattern; tempo presets and Play are buttons; each step can be auditioned locally. Play loops
 * the pattern twice: 32 plays in one timeline.
 *
 * Capabilities: a view at the stated maxima (16 fields, 32 controls), preview controls, an
 * audio timeline with many commands.
 *
 * Open values: 32 play commands in one audio timeline, delays up to 12,400 ms at 75 BPM.
 */
import {
  defineObject,
  defineProject,
  exactKeys,
  record,
  requirePayload,
  ObjectActionError,
  type GizmoAudioCommand,
  type GizmoSynth,
  type ObjectControl,
} from '@scape/sdk';

const INSTRUMENTS = ['kick', 'snare', 'hat', 'clap', 'rest'] as const;
type Instrument = (typeof INSTRUMENTS)[number];
const TEMPOS = [75, 80, 85, 90, 95, 100, 105, 110, 115, 120, 125, 130, 135, 140];

interface SequencerState {
  steps: Instrument[];
  bpm: number;
  startedAt: number;
}

const hit = (frequency: number, noise: boolean): GizmoSynth => ({
  kind: 'synth',
  duration: 0.25,
  voices: [
    noise
      ? { wave: 'noise', start: 0, duration: 0.2, gain: [{ time: 0, value: 0.25 }, { time: 0.2, value: 0 }], filter: { type: 'highpass', frequency, q: 0.7 } }
      : { wave: 'sine', start: 0, duration: 0.2, frequency, gain: [{ time: 0, value: 0.5 }, { time: 0.2, value: 0 }] },
  ],
});
const KIT: Record<Exclude<Instrument, 'rest'>, GizmoSynth> = {
  kick: hit(60, false),
  snare: hit(1500, true),
  hat: hit(7000, true),
  clap: hit(2500, true),
};

const isInstrument = (v: unknown): v is Instrument => INSTRUMENTS.some((i) => i === v);

export const stepSequencer = defineObject<SequencerState>({
  type: 'band.step-sequencer',
  version: 1,
  emoji: '🎛️',
  label: 'Step sequencer',
  hint: 'program a 16-step beat and play it',
  initial: () => ({
    steps: ['kick', 'hat', 'snare', 'hat', 'kick', 'hat', 'snare', 'clap', 'kick', 'hat', 'snare', 'hat', 'kick', 'kick', 'snare', 'clap'],
    bpm: 75,
    startedAt: 0,
  }),
  valid: (s): s is SequencerState =>
    record(s) &&
    exactKeys(s, ['steps', 'bpm', 'startedAt']) &&
    Array.isArray(s.steps) &&
    s.steps.length === 16 &&
    s.steps.every(isInstrument) &&
    TEMPOS.includes(Number(s.bpm)) &&
    Number.isSafeInteger(s.startedAt) &&
    Number(s.startedAt) >= 0,
  actions: {
    save: {
      permission: 'participant',
      run: (s, p) => {
        const keys = Array.from({ length: 16 }, (_, i) => `step${i + 1}`);
        requirePayload(p, keys);
        const steps = keys.map((k) => p[k]);
        if (!steps.every(isInstrument)) throw new ObjectActionError(400, 'Choose an instrument for every step.');
        return { ...s, steps };
      },
    },
    tempo: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['bpm']);
        if (!TEMPOS.includes(Number(p.bpm))) throw new ObjectActionError(400, 'Choose a tempo.');
        return { ...s, bpm: Number(p.bpm) };
      },
    },
    play: {
      permission: 'participant',
      run: (s, p, context) => {
        requirePayload(p, []);
        return { ...s, startedAt: context.now };
      },
    },
  },
  sounds: KIT,
  previews: {
    step: {
      permission: 'participant',
      run: (s, p) => {
        const step = Number(p.step);
        const instrument = Number.isInteger(step) && step >= 0 && step < 16 ? s.steps[step] : 'kick';
        return { sound: KIT[instrument === 'rest' ? 'kick' : instrument], gain: instrument === 'rest' ? 0 : 0.9 };
      },
    },
  },
  view: (s) => {
    const controls: ObjectControl[] = [
      { id: 'play', label: 'Play', placement: 'action', action: { name: 'play', payload: {} } },
      { id: 'save', label: 'Save pattern', fields: s.steps.map((_, i) => `step${i + 1}`), action: { name: 'save', payload: {} } },
      ...s.steps.map((_, i) => ({ id: `hear${i + 1}`, label: `Hear step ${i + 1}`, kind: 'preview' as const, action: { name: 'step', payload: { step: i } } })),
      ...TEMPOS.map((bpm) => ({ id: `bpm${bpm}`, label: `${bpm} BPM`, pressed: s.bpm === bpm, action: { name: 'tempo', payload: { bpm } } })),
    ];
    return {
      title: 'Step sequencer',
      description: `${s.bpm} BPM, 16 steps`,
      fields: s.steps.map((instrument, i) => ({
        id: `step${i + 1}`,
        label: `Step ${i + 1}`,
        kind: 'select' as const,
        value: instrument,
        options: INSTRUMENTS.map((value) => ({ value, label: value })),
      })),
      controls,
    };
  },
  audio: (s) => {
    const stepMs = 60000 / s.bpm / 2;
    const commands: GizmoAudioCommand[] = [];
    for (let bar = 0; bar < 2; bar++)
      s.steps.forEach((instrument, i) => {
        if (instrument === 'rest') return;
        commands.push({ kind: 'play', voice: `step${i % 4}`, sound: instrument, delayMs: Math.round((bar * 16 + i) * stepMs), gain: 0.9, rate: 1, loop: false, rangeCells: [1, 12], stereo: 0.5 });
      });
    return { key: `play-${s.startedAt}`, at: s.startedAt, commands };
  },
});

export default defineProject({ objects: [stepSequencer] });
