/**
 * Name tag: a settings-first Gizmo. Placing one opens Configure straight away so you can type
 * a name and pick a color; the name floats above the tag within eight cells.
 *
 * Capabilities: configuration with open (and without remember), text and select fields
 * submitted by an ordinary button, worldText with worldTextRange, a colored glow.
 *
 * Open values: none beyond the declared types.
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError } from '@scape/sdk';

const COLORS = { sky: '#4fc3f7', mint: '#69f0ae', rose: '#ff80ab', sun: '#ffd740' } as const;
type TagColor = keyof typeof COLORS;
interface TagState {
  name: string;
  color: TagColor;
}
const tagName = (v: unknown): v is string => typeof v === 'string' && v.trim() === v && v.length >= 1 && v.length <= 30 && !/[\u0000-\u001f]/.test(v);

export const nameTag = defineObject<TagState>({
  type: 'meetup.name-tag',
  version: 1,
  emoji: '📛',
  label: 'Name tag',
  hint: 'say who you are',
  initial: () => ({ name: 'Hello!', color: 'sky' }),
  valid: (s): s is TagState => record(s) && exactKeys(s, ['name', 'color']) && tagName(s.name) && typeof s.color === 'string' && Object.prototype.hasOwnProperty.call(COLORS, s.color),
  actions: {
    configure: {
      permission: 'editor',
      run: (_s, p) => {
        requirePayload(p, ['name', 'color']);
        const name = typeof p.name === 'string' ? p.name.trim() : '';
        if (!tagName(name) || typeof p.color !== 'string' || !Object.prototype.hasOwnProperty.call(COLORS, p.color)) throw new ObjectActionError(400, 'Enter a name of up to 30 characters and pick a color.');
        return { name, color: p.color as TagColor };
      },
    },
  },
  configuration: { action: 'configure', fields: ['name', 'color'], open: true },
  view: (s, viewer) => ({
    title: s.name,
    description: '',
    fields: viewer.canEdit
      ? [
          { id: 'name', label: 'Name', value: s.name, maxLength: 30 },
          { id: 'color', label: 'Color', kind: 'select', value: s.color, options: (Object.keys(COLORS) as TagColor[]).map((c) => ({ value: c, label: c })) },
        ]
      : [],
    controls: viewer.canEdit ? [{ id: 'save', label: 'Save', fields: ['name', 'color'], action: { name: 'configure', payload: {} } }] : [],
  }),
  worldText: (s) => s.name,
  worldTextRange: 8,
  glow: { color: '#ffffff', size: 20, pulse: { speed: 0, amount: 0, phaseX: 0 }, opacity: { base: 0.2, amount: 0, speed: 0, phaseY: 0 } },
  lighting: (s) => ({ glow: { color: COLORS[s.color], size: 28, pulse: { speed: 0, amount: 0, phaseX: 0 }, opacity: { base: 0.35, amount: 0, speed: 0, phaseY: 0 } } }),
});

export default defineProject({ objects: [nameTag] });
