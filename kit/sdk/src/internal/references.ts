/** Checks that a definition's declarations point at things it declares. */
import { isPlainObject, type Problem } from './checks.js';
import { problem } from './problem.js';

type WithActions = { actions?: unknown };

/** `name` is an action declared in definition.actions. */
export function declaredActionProblem(name: unknown, path: string, definition: WithActions): Problem {
  const actions = isPlainObject(definition.actions) ? definition.actions : {};
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(actions, name))
    return problem(path, `must name an action declared in actions${declaredList(actions)}`, name);
  return null;
}

/** `name` is an action declared in definition.actions with permission 'editor'. */
export function editorActionProblem(name: unknown, path: string, definition: WithActions): Problem {
  const found = declaredActionProblem(name, path, definition);
  if (found) return found;
  const action = (definition.actions as Record<string, unknown>)[name as string];
  if (!isPlainObject(action) || action.permission !== 'editor') return problem(path, 'must name an action with permission "editor"', name);
  return null;
}

function declaredList(actions: Record<string, unknown>): string {
  const names = Object.keys(actions);
  if (names.length === 0) return ' (none are declared)';
  return ` (${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''})`;
}
