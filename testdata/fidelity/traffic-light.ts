/**
 * Traffic light: tap it (or press Next) to cycle red → green → amber. The lit lamp lights the
 * cells around it; a layered sprite draws the housing and the three lamps.
 *
 * Capabilities: interaction tap, a control with placement 'action', state-driven lighting,
 * sprite layers.
 *
 * Open values: light colors "#f00", "#0f0", "#fa0" (the docs say "Hex sRGB"), three-digit sprite
 * fills, a sprite layer whose shape list is empty (the "signal" overlay has nothing to draw until
 * the pedestrian button is pressed).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, type GizmoSpriteShape } from '@scape/sdk';

const phases = ['red', 'green', 'amber'] as const;
type Phase = (typeof phases)[number];
interface LightState {
  phase: Phase;
  walk: boolean;
}

const lit: Record<Phase, string> = { red: '#f00', green: '#0f0', amber: '#fa0' };
const dim: Record<Phase, string> = { red: '#400', green: '#040', amber: '#430' };

export const trafficLight = defineObject<LightState>({
  type: 'acme.traffic-light',
  version: 1,
  emoji: '🚦',
  label: 'Traffic light',
  hint: 'tap to change the signal',
  initial: () => ({ phase: 'red', walk: false }),
  valid: (state): state is LightState =>
    record(state) &&
    exactKeys(state, ['phase', 'walk']) &&
    phases.some((p) => p === state.phase) &&
    typeof state.walk === 'boolean',
  actions: {
    next: {
      permission: 'participant',
      run: (state, payload) => {
        requirePayload(payload, []);
        const phase = phases[(phases.indexOf(state.phase) + 1) % phases.length];
        return { phase, walk: phase === 'red' ? state.walk : false };
      },
    },
    walk: {
      permission: 'participant',
      run: (state, payload) => {
        requirePayload(payload, []);
        return { ...state, walk: true };
      },
    },
  },
  interaction: { tap: { name: 'next', payload: {} } },
  view: (state) => ({
    title: 'Traffic light',
    description: `Now showing: ${state.phase}. The walk signal ${state.walk ? 'is on' : 'is off'}.`,
    controls: [
      { id: 'next', label: 'Next signal', placement: 'action', action: { name: 'next', payload: {} } },
      { id: 'walk', label: 'Request to walk', disabled: state.walk, action: { name: 'walk', payload: {} } },
    ],
  }),
  lighting: (state) => ({
    light: {
      radiusCells: 1.5,
      color: lit[state.phase],
      intensity: 0.2,
      illumination: 0.4,
    },
  }),
  sprite: (state) => {
    const lamp = (phase: Phase, y: number): GizmoSpriteShape => ({
      kind: 'rect',
      x: 18,
      y,
      width: 12,
      height: 12,
      radius: 6,
      fill: state.phase === phase ? lit[phase] : dim[phase],
    });
    return {
      size: 48,
      layers: [
        { id: 'housing', shapes: [{ kind: 'rect', x: 14, y: 2, width: 20, height: 44, radius: 4, fill: '#222' }] },
        { id: 'lamps', shapes: [lamp('red', 5), lamp('amber', 18), lamp('green', 31)] },
        {
          id: 'signal',
          shapes: state.walk ? [{ kind: 'text', x: 36, y: 40, text: 'WALK', size: 8, weight: 600, color: '#fff' }] : [],
        },
      ],
    };
  },
});

export default defineProject({ objects: [trafficLight] });
