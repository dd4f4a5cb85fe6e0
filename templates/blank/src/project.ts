/** Project entry: default-exports every definition to Scape's SDK loader (at most 16). */
import { defineProject } from '@scape/sdk';
import gizmo from './definition.js';

export default defineProject({ objects: [gizmo] });
