/**
 * World door: a doorway to another world. The editor picks the destination with Scape's world
 * picker; walking into the door asks the host to admit the player there, with a shrinking
 * departure, a trail and a creak. The destination is copied with the door's settings.
 *
 * Capabilities: worldEditor, navigate with transition (at the stated bounds: 1,000 ms, scale
 * and opacity 0.02, trail opacity 1) and feedback (audio, haptic), validGizmoWorldDestination,
 * configuration including the destination field, worldText, glow.
 *
 * Open values: none beyond the stated bounds (a case that exercises navigation at its limits).
 */
import {
  defineObject,
  defineProject,
  exactKeys,
  record,
  requirePayload,
  validGizmoWorldDestination,
  ObjectActionError,
  type GizmoWorldDestination,
} from '@scape/sdk';

interface DoorState {
  destination: GizmoWorldDestination | null;
}

export const worldDoor = defineObject<DoorState>({
  type: 'travel.world-door',
  version: 1,
  emoji: '⛩️',
  label: 'World door',
  hint: 'walk through to visit another world',
  initial: () => ({ destination: { id: 'harbor-plaza', name: 'Harbor Plaza' } }),
  valid: (s): s is DoorState =>
    record(s) && exactKeys(s, ['destination']) && (s.destination === null || validGizmoWorldDestination(s.destination)),
  actions: {
    setDestination: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['destination']);
        if (p.destination !== null && !validGizmoWorldDestination(p.destination)) throw new ObjectActionError(400, 'Choose a world.');
        return { destination: p.destination as GizmoWorldDestination | null };
      },
    },
  },
  worldEditor: { field: 'destination', action: 'setDestination', label: 'Destination world' },
  configuration: { action: 'setDestination', fields: ['destination'] },
  sounds: {
    creak: {
      kind: 'synth',
      duration: 0.9,
      voices: [{ wave: 'sawtooth', start: 0, duration: 0.85, frequency: [{ time: 0, value: 180 }, { time: 0.85, value: 120 }], gain: [{ time: 0, value: 0 }, { time: 0.1, value: 0.05 }, { time: 0.85, value: 0 }], filter: { type: 'bandpass', frequency: 900, q: 4 } }],
    },
  },
  navigate: (s) =>
    s.destination
      ? {
          world: s.destination.id,
          transition: { durationMs: 1000, scale: 0.02, opacity: 0.02, trail: { color: '#3366ff', opacity: 1 } },
          feedback: {
            durationMs: 900,
            haptic: 'heavy',
            audio: [{ kind: 'play', voice: 'door', sound: 'creak', delayMs: 0, gain: 0.8, rate: 1, loop: false, rangeCells: [1, 6], stereo: 0.5 }],
          },
        }
      : null,
  worldText: (s) => (s.destination ? `To ${s.destination.name}` : 'Closed'),
  worldTextRange: 3,
  glow: { color: '#3366ff', size: 70, pulse: { speed: 1, amount: 0.1, phaseX: 0 }, opacity: { base: 0.3, amount: 0.2, speed: 1, phaseY: 0 } },
});

export default defineProject({ objects: [worldDoor] });
