// The published @scape/sdk 0.1.0 declarations, copied verbatim from the "Type declarations" section of
// the SDK reference page for this module (docs: reference/sdk/). Used only to type-check the fidelity corpus.
import { type ObjectDefinition } from './api.js';
import { type GizmoSounds, type GizmoSound } from './audio.js';
export interface GizmoPreview {
    sound: GizmoSound;
    gain: number;
}
export declare function gizmoPreviewError(value: unknown): string | null;
/** State-dependent recipes are prepared/cached by the host; synthesis never runs in a definition callback. */
export declare function resolveGizmoSounds(definition: ObjectDefinition, state: unknown): GizmoSounds;
