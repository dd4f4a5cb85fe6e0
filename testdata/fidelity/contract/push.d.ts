// The published @scape/sdk 0.1.0 declarations, copied verbatim from the "Type declarations" section of
// the SDK reference page for this module (docs: reference/sdk/). Used only to type-check the fidelity corpus.
import { type ObjectDefinition } from './api.js';
/** One adjacent cell at host-controlled speed. No coordinates, player IDs or collision bypass. */
export interface GizmoPush {
    direction: 'right' | 'down' | 'left' | 'up';
    /** Defaults to false. Lateral exits are always allowed. */
    blockOpposingInput?: boolean;
}
export declare function gizmoPushError(value: unknown): string | null;
/** Pure state-derived intent, checked during registration, actions and host evaluation. */
export declare function resolveGizmoPush(definition: ObjectDefinition, state: unknown): GizmoPush | null;
