/**
 * Piano key: a floor tile that plays one note when someone steps on it. Lay out a row of them
 * and choose each key's note in Configure; the note is remembered for the next placement, so
 * placing a scale is quick. A local preview lets the editor hear the note first.
 *
 * Capabilities: walkable, step feedback with audio, soundBank (one state-specific note),
 * previews with a kind 'preview' control, a 61-option select with trigger 'change',
 * configuration with remember and open.
 *
 * Open values: the bank's sound is named after its note, "F#4" (the default black key).
 */
import {
  defineObject,
  defineProject,
  exactKeys,
  record,
  requirePayload,
  ObjectActionError,
  type GizmoSynth,
} from '@scape/sdk';

const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
// C2 to C7: the 61 keys of a five-octave keyboard.
const KEYS = Array.from({ length: 61 }, (_, i) => `${NAMES[i % 12]}${2 + Math.floor(i / 12)}`);
const frequency = (note: string) => 65.406 * Math.pow(2, KEYS.indexOf(note) / 12);

const piano = (hz: number): GizmoSynth => ({
  kind: 'synth',
  duration: 1.6,
  voices: [
    { wave: 'triangle', start: 0, duration: 1.5, frequency: hz, gain: [{ time: 0, value: 0 }, { time: 0.003, value: 0.22 }, { time: 1.5, value: 0, curve: 'exponential' }] },
    { wave: 'sine', start: 0, duration: 0.9, frequency: hz * 2, gain: [{ time: 0, value: 0.06 }, { time: 0.9, value: 0 }] },
  ],
});

interface KeyState {
  note: string;
}

export const pianoKey = defineObject<KeyState>({
  type: 'floor-piano.key',
  version: 1,
  emoji: '🎼',
  label: 'Piano key',
  hint: 'step on it to play its note',
  initial: () => ({ note: 'F#4' }),
  valid: (s): s is KeyState => record(s) && exactKeys(s, ['note']) && typeof s.note === 'string' && KEYS.includes(s.note),
  walkable: true,
  actions: {
    configure: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['note']);
        if (typeof p.note !== 'string' || !KEYS.includes(p.note)) throw new ObjectActionError(400, 'Choose a note from C2 to C7.');
        return { note: p.note };
      },
    },
  },
  configuration: { action: 'configure', fields: ['note'], remember: true, open: true },
  soundBank: (s) => ({ [s.note]: piano(frequency(s.note)) }),
  previews: {
    hear: {
      permission: 'editor',
      run: (s, p) => ({ sound: piano(frequency(typeof p.note === 'string' && KEYS.includes(p.note) ? p.note : s.note)), gain: 0.9 }),
    },
  },
  step: (s) => ({
    durationMs: 2000,
    audio: [{ kind: 'play', voice: 'key', sound: s.note, delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 12], stereo: 0.7 }],
    lighting: { glow: { color: '#ffffff', size: 30, pulse: { speed: 0, amount: 0, phaseX: 0 }, opacity: { base: 0.4, amount: 0, speed: 0, phaseY: 0 } } },
  }),
  view: (s, viewer) => ({
    title: `Piano key ${s.note}`,
    description: 'Step on the key to play it.',
    fields: [{ id: 'note', label: 'Note', kind: 'select', value: s.note, options: KEYS.map((k) => ({ value: k, label: k })) }],
    controls: [
      { id: 'note', label: 'Set note', fields: ['note'], trigger: 'change', disabled: !viewer.canEdit, action: { name: 'configure', payload: {} } },
      { id: 'hear', label: 'Hear this note', kind: 'preview', action: { name: 'hear', payload: { note: s.note } } },
    ],
  }),
});

export default defineProject({ objects: [pianoKey] });
