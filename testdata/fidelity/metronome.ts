/**
 * Metronome: a switch starts a 24-beat click track with an accent on each bar; a tempo select
 * in Configure saves on change. Placed running, so the build sees the whole track.
 *
 * Capabilities: state, participant and editor actions, a select with trigger 'change', a toggle
 * control, static synth sounds, an audio timeline with play and stop commands, a pulsing glow.
 *
 * Open values: 24 play commands in one timeline (the docs state no count), delays up to
 * 11,500 ms, a sound named "accent tick" (a space), a description with "\n", glow color "#fc0"
 * (three-digit hex), rangeCells [2, 48].
 */
import {
  defineObject,
  defineProject,
  exactKeys,
  record,
  requirePayload,
  ObjectActionError,
  type GizmoAudioCommand,
} from '@scape/sdk';

const tempos = ['60', '72', '90', '100', '120', '144'] as const;
const BEATS = 24;

interface MetronomeState {
  on: boolean;
  bpm: number;
  startedAt: number;
}

const validTempo = (bpm: unknown) => tempos.some((t) => Number(t) === bpm);

export const metronome = defineObject<MetronomeState>({
  type: 'fidelity.metronome',
  version: 1,
  emoji: '⏱️',
  label: 'Metronome',
  hint: 'switch it on to count 24 beats; choose the tempo in Configure',
  initial: () => ({ on: true, bpm: 120, startedAt: 0 }),
  valid: (state): state is MetronomeState =>
    record(state) &&
    exactKeys(state, ['on', 'bpm', 'startedAt']) &&
    typeof state.on === 'boolean' &&
    validTempo(state.bpm) &&
    Number.isSafeInteger(state.startedAt) &&
    Number(state.startedAt) >= 0,
  actions: {
    toggle: {
      permission: 'participant',
      run: (state, payload, context) => {
        requirePayload(payload, []);
        return { ...state, on: !state.on, startedAt: context.now };
      },
    },
    tempo: {
      permission: 'editor',
      run: (state, payload) => {
        requirePayload(payload, ['bpm']);
        const bpm = Number(payload.bpm);
        if (!validTempo(bpm)) throw new ObjectActionError(400, 'Choose a tempo.');
        return { ...state, bpm };
      },
    },
  },
  view: (state, viewer) => ({
    title: 'Metronome',
    description: `${state.bpm} beats per minute\n${BEATS} beats per start, an accent on every fourth`,
    fields: [
      {
        id: 'bpm',
        label: 'Tempo',
        kind: 'select',
        value: String(state.bpm),
        options: tempos.map((value) => ({ value, label: `${value} BPM` })),
      },
    ],
    controls: [
      {
        id: 'toggle',
        icon: 'toggle',
        label: state.on ? 'Stop' : 'Start',
        pressed: state.on,
        action: { name: 'toggle', payload: {} },
      },
      {
        id: 'tempo',
        label: 'Set tempo',
        fields: ['bpm'],
        trigger: 'change',
        disabled: !viewer.canEdit,
        action: { name: 'tempo', payload: {} },
      },
    ],
  }),
  sounds: {
    tick: {
      kind: 'synth',
      duration: 0.08,
      voices: [
        {
          wave: 'square',
          start: 0,
          duration: 0.06,
          frequency: 1000,
          gain: [
            { time: 0, value: 0.18 },
            { time: 0.06, value: 0, curve: 'linear' },
          ],
        },
      ],
    },
    'accent tick': {
      kind: 'synth',
      duration: 0.1,
      voices: [
        {
          wave: 'square',
          start: 0,
          duration: 0.08,
          frequency: 1500,
          gain: [
            { time: 0, value: 0.25 },
            { time: 0.08, value: 0 },
          ],
        },
      ],
    },
  },
  audio: (state, previous) => {
    if (!state.on) {
      return previous.on
        ? { key: `stop-${state.startedAt}`, at: state.startedAt, commands: [{ kind: 'stop', voice: 'click', delayMs: 0 }] }
        : null;
    }
    const beatMs = 60000 / state.bpm;
    const commands: GizmoAudioCommand[] = [];
    for (let beat = 0; beat < BEATS; beat++) {
      commands.push({
        kind: 'play',
        voice: 'click',
        sound: beat % 4 === 0 ? 'accent tick' : 'tick',
        delayMs: Math.round(beat * beatMs),
        gain: beat % 4 === 0 ? 1 : 0.7,
        rate: 1,
        loop: false,
        rangeCells: [2, 48],
        stereo: 0.5,
      });
    }
    return { key: `run-${state.startedAt}-${state.bpm}`, at: state.startedAt, commands };
  },
  lighting: (state) =>
    state.on
      ? {
          glow: {
            color: '#fc0',
            size: 40,
            pulse: { speed: (2 * Math.PI * state.bpm) / 60, amount: 0.2, phaseX: 0 },
            opacity: { base: 0.3, amount: 0.2, speed: (2 * Math.PI * state.bpm) / 60, phaseY: 0 },
          },
        }
      : {},
});

export default defineProject({ objects: [metronome] });
