/** Project entry: exports counter to Scape's SDK loader. */
import { defineProject } from '@scape/sdk';
import { counter } from './definition.js';

export default defineProject({ objects: [counter] });
