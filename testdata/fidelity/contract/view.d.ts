// The published @scape/sdk 0.1.0 declarations, copied verbatim from the "Type declarations" section of
// the SDK reference page for this module (docs: reference/sdk/). Used only to type-check the fidelity corpus.
import { type ObjectView } from './api.js';
/** The same bounded view contract is used for bundled and uploaded definitions. */
export declare function validObjectView(value: unknown): value is ObjectView;
