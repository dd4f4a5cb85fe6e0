// The published @scape/sdk 0.1.0 declarations, copied verbatim from the "Type declarations" section of
// the SDK reference page for this module (docs: reference/sdk/). Used only to type-check the fidelity corpus.
import { type ObjectDefinition } from './api.js';
/** A single text field rendered by Scape's existing anchored configuration popover. */
export interface GizmoTextEditor {
    field: string;
    action: string;
    label: string;
    maxLength: number;
}
export declare function validGizmoTextEditor(value: unknown): value is GizmoTextEditor;
/** Plain, bounded text only: hosts must never interpret this as HTML. */
export declare function validGizmoWorldText(value: unknown): value is string;
export declare function gizmoWorldText(definition: ObjectDefinition, state: unknown): string;
