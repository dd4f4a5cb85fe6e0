/**
 * Thermostat: choose a target temperature (10–41.5 °C in half degrees: 64 choices) and a mode;
 * both save as soon as they change. The room light shifts from blue to red with the target.
 * The settings copy to the next thermostat you place.
 *
 * Capabilities: two selects each with its own trigger 'change' control (64 options: the stated
 * maximum), configuration, lighting with a light color given as sRGB components.
 *
 * Open values: a control whose payload already carries the field's current value
 * ({ mode: state.mode } with fields ['mode']: the host collects the field into the payload).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const TARGETS = Array.from({ length: 64 }, (_, i) => (10 + i / 2).toFixed(1));
const MODES = ['heat', 'cool', 'off'] as const;
type Mode = (typeof MODES)[number];

interface ThermostatState {
  target: string;
  mode: Mode;
}

const checkTarget = (v: unknown): string => {
  if (typeof v !== 'string' || !TARGETS.includes(v)) throw new ObjectActionError(400, 'Choose a temperature.');
  return v;
};
const checkMode = (v: unknown): Mode => {
  const mode = MODES.find((m) => m === v);
  if (!mode) throw new ObjectActionError(400, 'Choose heat, cool or off.');
  return mode;
};

export const thermostat = defineObject<ThermostatState>({
  type: 'home.thermostat',
  version: 1,
  emoji: '🌡️',
  label: 'Thermostat',
  hint: 'set the room temperature',
  initial: () => ({ target: '21.0', mode: 'heat' }),
  valid: (s): s is ThermostatState =>
    record(s) && exactKeys(s, ['target', 'mode']) && typeof s.target === 'string' && TARGETS.includes(s.target) && MODES.some((m) => m === s.mode),
  actions: {
    setTarget: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['target']);
        return { ...s, target: checkTarget(p.target) };
      },
    },
    setMode: {
      permission: 'editor',
      run: (s, p) => {
        requirePayload(p, ['mode']);
        return { ...s, mode: checkMode(p.mode) };
      },
    },
    configure: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['target', 'mode']);
        return { target: checkTarget(p.target), mode: checkMode(p.mode) };
      },
    },
  },
  configuration: { action: 'configure', fields: ['target', 'mode'], remember: true },
  view: (s, viewer) => ({
    title: `${s.target} °C`,
    description: s.mode === 'off' ? 'The heating and cooling are off.' : `Mode: ${s.mode}`,
    fields: [
      { id: 'target', label: 'Target temperature', kind: 'select', value: s.target, options: TARGETS.map((t) => ({ value: t, label: `${t} °C` })) },
      { id: 'mode', label: 'Mode', kind: 'select', value: s.mode, options: MODES.map((m) => ({ value: m, label: m })) },
    ],
    controls: [
      { id: 'target', label: 'Set temperature', fields: ['target'], trigger: 'change', disabled: !viewer.canEdit, action: { name: 'setTarget', payload: {} } },
      { id: 'mode', label: 'Set mode', fields: ['mode'], trigger: 'change', disabled: !viewer.canEdit, action: { name: 'setMode', payload: { mode: s.mode } } },
    ],
  }),
  lighting: (s) => {
    if (s.mode === 'off') return {};
    const warmth = (Number(s.target) - 10) / 31.5;
    return { light: { radiusCells: 2, color: [0.3 + 0.7 * warmth, 0.4, 1 - 0.7 * warmth], intensity: 0.1, illumination: 0.3 } };
  },
});

export default defineProject({ objects: [thermostat] });
