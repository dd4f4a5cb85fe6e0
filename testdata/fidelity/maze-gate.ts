/**
 * Maze gate: a gate in a hedge maze. When open, walking into it carries you two cells through
 * to the other side; when shut, nothing happens. Only a world administrator who placed it can
 * open or shut it (editPolicy 'placer-admin'); participants can knock.
 *
 * Capabilities: editPolicy, travel that returns null when shut, an editor toggle, react
 * feedback for the knock.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload } from '@scape/sdk';

export const mazeGate = defineObject<{ open: boolean }>({
  type: 'hedge-maze.gate',
  version: 1,
  emoji: '🌳',
  label: 'Maze gate',
  hint: 'walk through when the gate is open',
  initial: () => ({ open: true }),
  valid: (s): s is { open: boolean } => record(s) && exactKeys(s, ['open']) && typeof s.open === 'boolean',
  editPolicy: 'placer-admin',
  actions: {
    toggle: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, []);
        return { open: !s.open };
      },
    },
    knock: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        return s;
      },
    },
  },
  view: (s, viewer) => ({
    title: s.open ? 'The gate is open' : 'The gate is shut',
    description: '',
    controls: [
      { id: 'knock', label: 'Knock', action: { name: 'knock', payload: {} } },
      ...(viewer.canEdit ? [{ id: 'toggle', label: s.open ? 'Shut the gate' : 'Open the gate', pressed: s.open, action: { name: 'toggle', payload: {} } }] : []),
    ],
  }),
  travel: (s) => (s.open ? { destination: { kind: 'offset', x: 2, y: 0 }, exits: [[0, 0]], relative: true, cooldownMs: 1000 } : null),
  sounds: { knock: { kind: 'synth', duration: 0.2, voices: [{ wave: 'triangle', start: 0, duration: 0.08, frequency: 120, gain: [{ time: 0, value: 0.5 }, { time: 0.08, value: 0 }] }, { wave: 'triangle', start: 0.1, duration: 0.08, frequency: 120, gain: [{ time: 0, value: 0.5 }, { time: 0.08, value: 0 }] }] } },
  react: (_s, _p, action) =>
    action.name === 'knock'
      ? { feedback: { durationMs: 300, audio: [{ kind: 'play', voice: 'knock', sound: 'knock', delayMs: 0, gain: 1, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.5 }] } }
      : null,
});

export default defineProject({ objects: [mazeGate] });
