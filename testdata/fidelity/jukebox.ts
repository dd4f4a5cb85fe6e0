/**
 * Jukebox: pick a song and an instrument; the jukebox plays the song's melody from a sound bank
 * of pitched notes in that instrument's timbre. An audition button previews the instrument
 * locally before saving it.
 *
 * Capabilities: soundBank (state-specific timbre, 16 sounds, the stated maximum), previews, a
 * preview control, selects with trigger 'change', an audio timeline.
 *
 * Open values: bank sound names "F#4" and "C#5" (pitch names), 22 play commands in one
 * timeline, rangeCells [2, 48], a control with both kind 'preview' and preview.
 */
import {
  defineObject,
  defineProject,
  exactKeys,
  record,
  requirePayload,
  ObjectActionError,
  type GizmoAudioCommand,
  type GizmoSounds,
  type GizmoSynth,
} from '@scape/sdk';

const NOTES: Record<string, number> = {
  G3: 196.0, A3: 220.0, B3: 246.94, C4: 261.63, D4: 293.66, E4: 329.63, 'F#4': 369.99, G4: 392.0,
  A4: 440.0, B4: 493.88, C5: 523.25, 'C#5': 554.37, D5: 587.33, E5: 659.25, 'F#5': 739.99, G5: 783.99,
};

const songs = {
  ode: ['B4', 'B4', 'C5', 'D5', 'D5', 'C5', 'B4', 'A4', 'G4', 'G4', 'A4', 'B4', 'B4', 'A4', 'A4', 'B4', 'B4', 'C5', 'D5', 'D5', 'C5', 'B4'],
  greensleeves: ['E4', 'G4', 'A4', 'B4', 'C5', 'B4', 'A4', 'F#4', 'D4', 'E4', 'F#4', 'G4', 'E4', 'E4', 'D4', 'E4', 'F#4', 'D4', 'B3', 'E4', 'G4', 'A4'],
  scale: ['G3', 'A3', 'B3', 'C4', 'D4', 'E4', 'F#4', 'G4', 'A4', 'B4', 'C5', 'C#5', 'D5', 'E5', 'F#5', 'G5', 'E5', 'D5', 'B4', 'G4', 'D4', 'G3'],
} as const;
type Song = keyof typeof songs;
const instruments = ['bell', 'organ', 'pluck'] as const;
type Instrument = (typeof instruments)[number];

interface JukeboxState {
  song: Song;
  instrument: Instrument;
  startedAt: number;
}

function note(frequency: number, instrument: Instrument): GizmoSynth {
  const wave = instrument === 'organ' ? 'square' : instrument === 'pluck' ? 'sawtooth' : 'sine';
  const length = instrument === 'organ' ? 0.45 : 0.6;
  return {
    kind: 'synth',
    duration: length + 0.05,
    voices: [
      {
        wave,
        start: 0,
        duration: length,
        frequency,
        gain: [
          { time: 0, value: 0 },
          { time: 0.01, value: instrument === 'organ' ? 0.08 : 0.2 },
          { time: length, value: 0, curve: instrument === 'organ' ? 'linear' : 'exponential' },
        ],
        ...(instrument === 'pluck' ? { filter: { type: 'lowpass' as const, frequency: 2400, q: 1 } } : {}),
      },
    ],
  };
}

function bank(instrument: Instrument): GizmoSounds {
  const sounds: GizmoSounds = {};
  for (const [name, frequency] of Object.entries(NOTES)) sounds[name] = note(frequency, instrument);
  return sounds;
}

export const jukebox = defineObject<JukeboxState>({
  type: 'studio.jukebox',
  version: 1,
  emoji: '📻',
  label: 'Jukebox',
  hint: 'choose a song and an instrument, then press play',
  initial: () => ({ song: 'ode', instrument: 'bell', startedAt: 0 }),
  valid: (state): state is JukeboxState =>
    record(state) &&
    exactKeys(state, ['song', 'instrument', 'startedAt']) &&
    typeof state.song === 'string' &&
    Object.prototype.hasOwnProperty.call(songs, state.song) &&
    instruments.some((i) => i === state.instrument) &&
    Number.isSafeInteger(state.startedAt) &&
    Number(state.startedAt) >= 0,
  actions: {
    play: {
      permission: 'participant',
      run: (state, payload, context) => {
        requirePayload(payload, []);
        return { ...state, startedAt: context.now };
      },
    },
    choose: {
      permission: 'editor',
      run: (state, payload) => {
        requirePayload(payload, ['song', 'instrument']);
        const song = String(payload.song);
        const instrument = instruments.find((i) => i === payload.instrument);
        if (!Object.prototype.hasOwnProperty.call(songs, song) || !instrument)
          throw new ObjectActionError(400, 'Choose a song and an instrument.');
        return { ...state, song: song as Song, instrument };
      },
    },
  },
  soundBank: (state) => bank(state.instrument),
  previews: {
    audition: {
      permission: 'participant',
      run: (_state, payload) => {
        const instrument = instruments.find((i) => i === payload.instrument) ?? 'bell';
        return { sound: note(NOTES['F#4'], instrument), gain: 0.8 };
      },
    },
  },
  audio: (state) => {
    const commands: GizmoAudioCommand[] = songs[state.song].map((name, i) => ({
      kind: 'play',
      voice: `note-${i % 4}`,
      sound: name,
      delayMs: i * 400,
      gain: 0.9,
      rate: 1,
      loop: false,
      rangeCells: [2, 48],
      stereo: 0.6,
    }));
    return { key: `song-${state.startedAt}`, at: state.startedAt, commands };
  },
  view: (state, viewer) => ({
    title: 'Jukebox',
    description: `Song: ${state.song} · instrument: ${state.instrument}`,
    fields: [
      {
        id: 'song',
        label: 'Song',
        kind: 'select',
        value: state.song,
        options: [
          { value: 'ode', label: 'Ode to Joy' },
          { value: 'greensleeves', label: 'Greensleeves' },
          { value: 'scale', label: 'G major scale' },
        ],
      },
      {
        id: 'instrument',
        label: 'Instrument',
        kind: 'select',
        value: state.instrument,
        options: instruments.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) })),
      },
    ],
    controls: [
      { id: 'play', label: 'Play', placement: 'action', action: { name: 'play', payload: {} } },
      {
        id: 'choose',
        label: 'Save song',
        fields: ['song', 'instrument'],
        trigger: 'change',
        disabled: !viewer.canEdit,
        action: { name: 'choose', payload: {} },
      },
      {
        id: 'audition',
        label: 'Hear this instrument',
        kind: 'preview',
        preview: 'audition',
        action: { name: 'audition', payload: { instrument: state.instrument } },
      },
    ],
  }),
});

export default defineProject({ objects: [jukebox] });
