/** Standalone project entry for the Scape development CLI. */
import { defineProject } from '@scape/sdk';
import { jumpPad } from './definition.js';

export default defineProject({ objects: [jumpPad] });
