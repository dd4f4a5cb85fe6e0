/** Checks that a definition's declarations point at things it declares. */
import { isPlainObject, type Problem } from './checks.js';
import { fail, rule } from './rules.js';

const S = 'Definitions, state and actions';

export const REFERENCES_RULES = {
  action: rule({
    id: 'references.action',
    class: 'doc',
    section: S,
    item: 'A declaration naming an action (configuration, text and world editors, interaction, presentation tap)',
    bound: 'an action declared in `actions`',
    source:
      'Controls and configuration: "Declare `configuration` to identify the editor action"; Models and animation: "A presentation tap invokes a normal declared action with its permission checks"; Shared action reactions: "An `interaction` declares tap or bump actions. The action still passes normal permission and payload checks"',
  }),
  editor: rule({
    id: 'references.action.editor',
    class: 'doc',
    section: S,
    item: 'The action of `configuration`, `textEditor`, `worldEditor`',
    bound: 'declared with permission `editor`',
    source:
      'GizmoConfiguration: "Copy only these state fields through an editor reducer"; Controls and configuration: "`textEditor` reuses the host\'s anchored editor for one string field; it targets an editor action"; GizmoWorldEditor: "The selected destination or null is submitted to an editor action"',
  }),
};

type WithActions = { actions?: unknown };

/** `name` is an action declared in definition.actions. */
export function declaredActionProblem(name: unknown, path: string, definition: WithActions): Problem {
  const actions = isPlainObject(definition.actions) ? definition.actions : {};
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(actions, name))
    return fail(REFERENCES_RULES.action, path, `must name an action declared in actions${declaredList(actions)}`, name);
  return null;
}

/** `name` is an action declared in definition.actions with permission 'editor'. */
export function editorActionProblem(name: unknown, path: string, definition: WithActions): Problem {
  const found = declaredActionProblem(name, path, definition);
  if (found) return found;
  const action = (definition.actions as Record<string, unknown>)[name as string];
  if (!isPlainObject(action) || action.permission !== 'editor') return fail(REFERENCES_RULES.editor, path, 'must name an action with permission "editor"', name);
  return null;
}

function declaredList(actions: Record<string, unknown>): string {
  const names = Object.keys(actions);
  if (names.length === 0) return ' (none are declared)';
  return ` (${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''})`;
}
