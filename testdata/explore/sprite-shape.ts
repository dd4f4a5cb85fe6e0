/**
 * After two presses the sprite draws a "circle", a shape kind the sprite type does not declare
 * (rect, text, marker).
 */
import { defineObject, exactKeys, ObjectActionError, record, requirePayload } from '@scape/sdk';

type State = { n: number };

export default defineObject<State>({
  type: 'explore.sprite-shape',
  version: 1,
  emoji: '🖼️',
  label: 'Sprite shape',
  hint: '',
  initial: () => ({ n: 0 }),
  valid: (s): s is State => record(s) && exactKeys(s, ['n']) && Number.isSafeInteger(s.n) && Number(s.n) >= 0 && Number(s.n) <= 100,
  actions: {
    up: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, []);
        if (s.n >= 9) throw new ObjectActionError(409, 'Reset first.');
        return { n: s.n + 1 };
      },
    },
  },
  view: (s) => ({
    title: 'Count ' + s.n,
    description: '',
    controls: [{ id: 'up', label: 'Up', action: { name: 'up', payload: {} } }],
  }),
  sprite: (s) => ({ size: 32, layers: [{ id: 'dot', shapes: [{ kind: (s.n < 2 ? 'rect' : 'circle') as 'rect', x: 0, y: 0, width: 8, height: 8, radius: 0, fill: '#ffffff' }] }] }),
});
