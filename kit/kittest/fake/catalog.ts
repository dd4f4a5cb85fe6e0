// Stand-in catalogProblems with a few real-looking rules (unique types, version, initial
// state validity, view and lighting called through authorCall).
import type { ObjectDefinition } from '../api.js';
import { problem, GizmoProblem } from './problem.js';
import { numberIn } from './checks.js';
import { callAuthor } from './call.js';

export function catalogProblems(objects: readonly ObjectDefinition[]): { index: number; problem: GizmoProblem }[] {
  const out: { index: number; problem: GizmoProblem }[] = [];
  if (objects.length > 16) out.push({ index: -1, problem: problem('objects', 'must hold at most 16 definitions', objects.length) });
  const seen = new Set<string>();
  objects.forEach((def, index) => {
    if (seen.has(def.type)) out.push({ index, problem: problem('type', 'must be unique in the project', def.type) });
    seen.add(def.type);
    if (!Number.isSafeInteger(def.version) || def.version < 1) {
      out.push({ index, problem: problem('version', 'must be a positive integer', def.version) });
      return;
    }
    const state = callAuthor(def, 'initial', def.initial);
    if (callAuthor(def, 'valid', def.valid, state) !== true) {
      out.push({ index, problem: problem('initial()', 'must return state that valid() accepts', state) });
      return;
    }
    if (def.view) callAuthor(def, 'view', def.view, state, { actorId: 'validator', canEdit: true });
    if (def.lighting) {
      const lit = callAuthor(def, 'lighting', def.lighting, state, { floor: 0, basement: false } as never) as { light?: { radiusCells?: unknown } };
      if (lit && lit.light) {
        const found = numberIn(lit.light.radiusCells, 'lighting.light.radiusCells', 0.25, 12, 'cells');
        if (found) out.push({ index, problem: found });
      }
    }
  });
  return out;
}
