// What ties the cards to the world: the cell the next placement goes to (a shift-click's pick),
// the instance whose card the pointer or focus is on (its cell is outlined on the canvas), the
// instance selected (its card marked and scrolled to, its cell outlined: a click on its cell or
// a new placement selects it), the cell a placement just went to (flashed), and the active
// build's definitions by type (labels and hints for cards, confirms and notes). The canvas and
// the panel both read it; neither imports the other for it.

import type { Cell, Rev } from './types';

export type Spot = { floor: string; cell: Cell };

/** The cell a shift-click chose for the next placement, on its floor. */
export let pick: Spot | null = null;
/** The instance whose card is hovered or focused. */
export let hovered: string | null = null;
/** The instance selected (a click on its cell, or just placed). */
export let selected: string | null = null;
/** The cell a placement just went to, flashed from `start` (performance.now()) for FLASH_MS. */
export let flashed: (Spot & { start: number }) | null = null;
export const FLASH_MS = 2400;

type Definition = NonNullable<Rev['definitions']>[number];
const definitions = new Map<string, Definition>();

const listeners: (() => void)[] = [];
/** fn runs after any of the above changes (the canvas redraws; the panel marks its cards). */
export function onSelection(fn: () => void): void { listeners.push(fn); }
function changed(): void { for (const fn of listeners) fn(); }

export function setPick(p: Spot | null): void { pick = p; changed(); }
export function clearPick(): void { if (pick) setPick(null); }

export function hover(id: string | null): void {
  if (hovered === id) return;
  hovered = id;
  changed();
}

export function select(id: string | null): void {
  selected = id;
  changed();
}

export function flashCell(spot: Spot): void {
  flashed = { ...spot, start: performance.now() };
  changed();
}

/** The active build's definitions (a 'world' event's revision). */
export function setDefinitions(rev?: Rev): void {
  definitions.clear();
  for (const d of rev?.definitions || []) definitions.set(d.type, d);
}

/** The definition of a type in the active build, if it has one. */
export function definition(type: string): Definition | undefined { return definitions.get(type); }

/** "(3, 4)", or "(3, 4) on the basement" off the surface. */
export function where(floor: string, cell: Cell): string {
  return `(${cell.x}, ${cell.y})` + (floor === 'surface' ? '' : ` on the ${floor}`);
}
