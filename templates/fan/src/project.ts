/** Project entry: exports fan to Scape's SDK loader. */
import { defineProject } from '@scape/sdk';
import { fan } from './definition.js';

export default defineProject({ objects: [fan] });
