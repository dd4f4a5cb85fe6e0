// The shapes the host sends the world page (host/worldapi.go, host/grid.go).

import type { GizmoLight } from '@scape/sdk/light.js';
import type { GizmoGlow } from '@scape/sdk/glow.js';
import type { GizmoSpriteRecipe } from '@scape/sdk/sprite.js';

export interface Field { id: string; label: string; kind?: string; value?: string; placeholder?: string; maxLength?: number; options?: { value: string; label: string }[] }
export interface Control { id: string; label: string; action: { name: string; payload: Record<string, unknown> }; pressed?: boolean; disabled?: boolean; confirm?: string; fields?: string[]; icon?: string; placement?: string; trigger?: string; kind?: string; preview?: string }
export interface View { title?: string; description?: string; fields?: Field[]; controls?: Control[] }
export interface Instance { id: string; type: string; version: number; emoji: string; label: string; view?: View | null; late?: string; problem?: string; canRemove: boolean; state?: unknown;
  // The panel (host/panel.go): indexes of the editor settings under Configure, the world picker, the world link.
  configure?: number[]; configureFields?: number[]; worldPicker?: WorldPicker; navigate?: { world: string; name?: string } }
export interface WorldPicker { field: string; action: string; label: string }
export interface WorldDestination { id: string; name: string }
export interface Rev { number: number; project: string; definitions?: { type: string; emoji: string; label: string; hint?: string }[]; problems?: string[] }
export interface Cell { x: number; y: number }
// Light, glow and sprite are the SDK's own recipes, resolved and checked on the server.
export type Light = GizmoLight;
export interface GridCell { id: string; type: string; emoji: string; label?: string; floor: string; cell: Cell; blocking: boolean; problem?: string; light?: Light; glow?: GizmoGlow; sprite?: GizmoSpriteRecipe; worldText?: string; worldTextRange?: number }
export interface Avatar { actor: string; floor: string; cell: Cell; movingTo?: Cell; self: boolean }
export interface Grid { width: number; height: number; floors: string[]; self?: Avatar; instances: GridCell[]; avatars: Avatar[]; revision?: number; feedback: Pending[];
  // nearby: how far feedback reaches (cells); log: this viewer's avatar's notes (world.Note).
  nearby?: number; log?: Note[] }
// Note is one entry of the avatar's log (host/grid.go, world/explain.go): a refused step, a hold,
// a step, a travel or one that did nothing, with what was in the way.
export interface Note { seq: number; kind: string; at?: number; actor?: string; instance?: string; floor: string; from?: Cell; to?: Cell; movement?: string;
  reason?: string; direction?: string; cause?: string; obstacle?: string; by?: string;
  arrival?: { durationMs: number; scale: number; trail?: { color: string; opacity: number } }; travelFeedback?: { durationMs: number; audio?: unknown[] } }
// Pending is feedback this viewer receives (GizmoStepEffects or GizmoFeedback as `effects`).
export interface Pending { id: string; kind: 'step' | 'reaction'; instance: string; until: number; effects: Record<string, unknown> }
export interface World { world: string; actor: string; role: string; canPlace: boolean; canAdmin: boolean; revision?: Rev; rejection?: Rev; instances: Instance[]; grid?: Grid;
  worlds?: WorldDestination[] }
