/**
 * Pixel canvas: a shared 56 × 56 pixel-art canvas. Anyone can paint a pixel or press a stamp
 * button that pastes a 13 × 13 heart; the sprite shows an 8 × 8 thumbnail of the picture. The
 * saved picture is close to the instance-state limit and the stamp close to the payload limit.
 *
 * Capabilities: large state (about 31 KB of JSON, under the stated 32 KiB), an action payload of
 * about 1.7 KB (under 2 KiB), text fields, a sprite of 64 shapes.
 *
 * Open values: none beyond the stated limits (a case at the state, payload and sprite sizes an
 * ambitious author reaches).
 */
import { defineObject, defineProject, exactKeys, record, requirePayload, ObjectActionError, type GizmoSpriteShape } from '@scape/sdk';

const SIZE = 56;
const STAMP = 13;
const HEX = /^#[0-9a-f]{6}$/;
const color = (v: unknown): v is string => typeof v === 'string' && HEX.test(v);

interface CanvasState {
  pixels: string[];
}

const HEART = Array.from({ length: STAMP * STAMP }, (_, i) => {
  const x = (i % STAMP) / (STAMP - 1) * 2.6 - 1.3;
  const y = 1.3 - Math.floor(i / STAMP) / (STAMP - 1) * 2.6;
  const inside = Math.pow(x * x + y * y - 1, 3) - x * x * y * y * y <= 0;
  return inside ? '#e0245e' : '#ffffff';
});

export const pixelCanvas = defineObject<CanvasState>({
  type: 'art.pixel-canvas',
  version: 1,
  emoji: '🖼️',
  label: 'Pixel canvas',
  hint: 'paint pixels together',
  initial: () => ({ pixels: Array.from({ length: SIZE * SIZE }, (_, i) => ((i % SIZE) + Math.floor(i / SIZE)) % 2 ? '#f0f0f0' : '#ffffff') }),
  valid: (s): s is CanvasState => record(s) && exactKeys(s, ['pixels']) && Array.isArray(s.pixels) && s.pixels.length === SIZE * SIZE && s.pixels.every(color),
  actions: {
    paint: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['x', 'y', 'color']);
        const x = Number(p.x), y = Number(p.y);
        if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= SIZE || y >= SIZE) throw new ObjectActionError(400, `x and y are 0–${SIZE - 1}.`);
        if (!color(p.color)) throw new ObjectActionError(400, 'Colors look like #a1b2c3.');
        const pixels = s.pixels.slice();
        pixels[y * SIZE + x] = p.color;
        return { pixels };
      },
    },
    stamp: {
      permission: 'participant',
      run: (s, p) => {
        requirePayload(p, ['x', 'y', 'pattern']);
        const x0 = Number(p.x), y0 = Number(p.y);
        const pattern = p.pattern;
        if (!Array.isArray(pattern) || pattern.length !== STAMP * STAMP || !pattern.every(color)) throw new ObjectActionError(400, 'A stamp is 13 × 13 colors.');
        if (!Number.isInteger(x0) || !Number.isInteger(y0) || x0 < 0 || y0 < 0 || x0 > SIZE - STAMP || y0 > SIZE - STAMP) throw new ObjectActionError(400, 'The stamp must fit on the canvas.');
        const pixels = s.pixels.slice();
        pattern.forEach((c, i) => (pixels[(y0 + Math.floor(i / STAMP)) * SIZE + x0 + (i % STAMP)] = c));
        return { pixels };
      },
    },
  },
  view: () => ({
    title: 'Pixel canvas',
    description: 'Paint one pixel, or stamp a heart in the middle.',
    fields: [
      { id: 'x', label: 'x', value: '0', maxLength: 2 },
      { id: 'y', label: 'y', value: '0', maxLength: 2 },
      { id: 'color', label: 'Color', value: '#000000', maxLength: 7 },
    ],
    controls: [
      { id: 'paint', label: 'Paint pixel', fields: ['x', 'y', 'color'], action: { name: 'paint', payload: {} } },
      { id: 'stamp', label: 'Stamp a heart', action: { name: 'stamp', payload: { x: 21, y: 21, pattern: HEART } } },
    ],
  }),
  sprite: (s) => {
    const thumb: GizmoSpriteShape[] = [];
    for (let ty = 0; ty < 8; ty++)
      for (let tx = 0; tx < 8; tx++)
        thumb.push({ kind: 'rect', x: tx * 8, y: ty * 8, width: 8, height: 8, radius: 0, fill: s.pixels[ty * 7 * SIZE + tx * 7] });
    return { size: 64, layers: [{ id: 'top', shapes: thumb.slice(0, 32) }, { id: 'bottom', shapes: thumb.slice(32) }] };
  },
});

export default defineProject({ objects: [pixelCanvas] });
