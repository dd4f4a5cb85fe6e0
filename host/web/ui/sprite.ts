// Sprites: a GizmoSpriteRecipe drawn into its cell, with a step animation's frame on one layer.
// The recipe's `size` is its square canvas in pixels, scaled to the cell; layers draw in order;
// the animation frame (the SDK's own spriteAnimationFrame) offsets its layer in recipe pixels and
// multiplies its colors by the tint. Under reduced motion the offset is dropped and the tint kept
// ("reduced motion retains tint only"). The host-supplied composition marker is drawn as a faint
// dashed outline of the rectangle the recipe chose (the local approximation of a marker).

import { spriteAnimationFrame, type GizmoSpriteAnimation, type GizmoSpriteFill, type GizmoSpriteFrame, type GizmoSpriteRecipe } from '@scape/sdk/sprite.js';
import { css, rgbOf, type RGB } from './light';

/** The frame of `animation` at progress 0–1, or null when there is none or it is not drawable. */
export function frameOf(animation: GizmoSpriteAnimation | undefined, progress: number): GizmoSpriteFrame | null {
  if (!animation) return null;
  try {
    return spriteAnimationFrame(animation, progress);
  } catch {
    return null; // checked on the server; a frame the SDK refuses is not drawn
  }
}

function tinted(c: string, tint: [number, number, number] | undefined): string {
  const rgb = rgbOf(c, [0, 0, 0]);
  if (!tint) return css(rgb);
  return css(rgb.map((v, i) => Math.min(255, v * Math.max(0, tint[i]))) as RGB);
}

function fillOf(ctx: CanvasRenderingContext2D, fill: GizmoSpriteFill, tint: [number, number, number] | undefined): string | CanvasGradient {
  if (typeof fill === 'string') return tinted(fill, tint);
  const g = ctx.createLinearGradient(0, fill.y[0], 0, fill.y[1] === fill.y[0] ? fill.y[0] + 1e-3 : fill.y[1]);
  g.addColorStop(0, tinted(fill.from, tint));
  g.addColorStop(1, tinted(fill.to, tint));
  return g;
}

/**
 * Draws the recipe centred in the cell whose top-left is (x, y), `cell` pixels square. `frame`
 * applies to the layer `layer`; `reduced` drops its offset.
 */
export function drawSprite(ctx: CanvasRenderingContext2D, recipe: GizmoSpriteRecipe, x: number, y: number, cell: number, layer: string | null, frame: GizmoSpriteFrame | null, reduced: boolean): void {
  const size = Number.isFinite(recipe.size) && recipe.size > 0 ? recipe.size : cell;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, cell, cell);
  ctx.clip(); // shapes may lie anywhere: the host clips to the sprite's cell
  ctx.translate(x, y);
  ctx.scale(cell / size, cell / size);
  for (const l of recipe.layers) {
    const animated = frame && l.id === layer ? frame : null;
    ctx.save();
    if (animated && !reduced) ctx.translate(animated.offset[0], animated.offset[1]);
    const tint = animated?.tint;
    for (const s of l.shapes) {
      if (s.kind === 'rect') {
        ctx.fillStyle = fillOf(ctx, s.fill, tint);
        ctx.beginPath();
        if (typeof ctx.roundRect === 'function') ctx.roundRect(s.x, s.y, s.width, s.height, Math.max(0, s.radius));
        else ctx.rect(s.x, s.y, s.width, s.height);
        ctx.fill();
      } else if (s.kind === 'text') {
        ctx.fillStyle = tinted(s.color, tint);
        ctx.font = `${s.weight} ${Math.max(0, s.size)}px system-ui, sans-serif`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'top';
        ctx.fillText(s.text, s.x, s.y);
      } else {
        ctx.strokeStyle = 'rgba(0,0,0,0.35)';
        ctx.setLineDash([3, 2]);
        ctx.lineWidth = size / cell;
        ctx.strokeRect(s.x, s.y, s.width, s.height);
        ctx.setLineDash([]);
      }
    }
    ctx.restore();
  }
  ctx.restore();
}
