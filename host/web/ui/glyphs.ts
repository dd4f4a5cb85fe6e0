// Emoji without a color emoji font: a browser that has none draws a Gizmo's emoji as a
// monochrome outline or an empty box, and an author cannot tell a lamp from a chime. The page
// checks once whether emoji come out in color (drawn on a small canvas: any strongly colored
// pixel says yes) and, when they do not, marks each tile with its label's initials as well.

let color: boolean | null = null;

/** Whether this browser draws emoji in color. */
export function colorEmoji(): boolean {
  if (color !== null) return color;
  color = false;
  try {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 32;
    const ctx = c.getContext('2d', { willReadFrequently: true });
    if (!ctx) return color;
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    ctx.font = '24px system-ui, sans-serif';
    ctx.fillText('\u{1F600}\u{1F34E}', 0, 2); // a yellow face and a red apple in any color font
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < px.length; i += 4) {
      const [r, g, b, a] = [px[i], px[i + 1], px[i + 2], px[i + 3]];
      if (a > 100 && Math.max(r, g, b) - Math.min(r, g, b) > 60) { color = true; break; }
    }
  } catch { /* no canvas: no color either */ }
  return color;
}

/** A label's initials: the first letters of its first two words ("Voting booth" → "VB"), else its first two letters ("Chime" → "Ch"). */
export function initials(label: string): string {
  const words = label.split(/[\s_.-]+/).filter(Boolean);
  if (words.length >= 2) return (Array.from(words[0])[0] + Array.from(words[1])[0]).toUpperCase();
  const letters = Array.from(words[0] || '?');
  return letters[0].toUpperCase() + (letters[1] ?? '');
}

/** Draws initials as a small badge in the bottom-right corner of the tile at (x, y). */
export function drawInitials(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, cell: number): void {
  ctx.save();
  ctx.font = `bold ${Math.round(cell * 0.3)}px system-ui, sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  const w = ctx.measureText(text).width + 4, h = Math.round(cell * 0.36);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.fillRect(x + cell - w - 1, y + cell - h - 1, w, h);
  ctx.fillStyle = '#111';
  ctx.fillText(text, x + cell - 3, y + cell - 1);
  ctx.restore();
}
