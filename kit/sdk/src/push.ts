/** Directional push: state-derived intent to move an occupant one adjacent cell. Requires walkable. */
import type { ObjectDefinition } from './api.js';
import { booleanValue, first, knownKeys, oneOf, optional, requiredKeys, type Problem } from './internal/checks.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText } from './internal/problem.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';

/** One adjacent cell at host-controlled speed. No coordinates, player IDs or collision bypass. */
export interface GizmoPush {
  direction: 'right' | 'down' | 'left' | 'up';
  /** Defaults to false. Lateral exits are always allowed. */
  blockOpposingInput?: boolean;
}

export const PUSH_DIRECTIONS = ['right', 'down', 'left', 'up'] as const;

export const PUSH_RULES = {
  walkable: rule({ id: 'push.walkable', class: 'doc', section: 'Travel and push', item: '`push`', bound: 'requires `walkable: true`', source: 'Movement and travel, Directional push: "Push requires walkability."' }),
};

export function pushProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['direction', 'blockOpposingInput']),
    () => requiredKeys(value as Record<string, unknown>, path, ['direction']),
    () => oneOf((value as Record<string, unknown>).direction, joinPath(path, 'direction'), PUSH_DIRECTIONS),
    () => optional((value as Record<string, unknown>).blockOpposingInput, () => booleanValue((value as Record<string, unknown>).blockOpposingInput, joinPath(path, 'blockOpposingInput'))),
  );
}

export function gizmoPushError(value: unknown): string | null {
  return problemText(pushProblem(value, ''));
}

/** A definition that declares push must be walkable (the catalog checks it up front too). */
export function pushWalkableProblem(definition: { walkable?: unknown; push?: unknown }): Problem {
  return definition.walkable === true ? null : fail(PUSH_RULES.walkable, 'push', 'requires walkable: true (players must be able to stand on the cell)', definition.push);
}

/** The checks applied to a push(state) result: null (off) or a push, on a walkable definition. */
export function checkedPush(definition: Pick<ObjectDefinition, 'walkable' | 'push'>, result: unknown): Problem {
  const walkable = pushWalkableProblem(definition);
  if (walkable) return walkable;
  if (result === null) return null;
  if (result === undefined) return fail(TYPE_RULES.required, 'push', 'must return a push or null', result);
  return pushProblem(result, 'push');
}

/** Pure state-derived intent, checked during registration, actions and host evaluation. */
export function resolveGizmoPush(definition: ObjectDefinition, state: unknown): GizmoPush | null {
  if (typeof definition.push !== 'function') return null;
  const walkable = pushWalkableProblem(definition);
  if (walkable) throw new Error(problemText(walkable)!);
  const result = callAuthor(definition, 'push', definition.push, state);
  const found = checkedPush(definition, result);
  if (found) throw new Error(problemText(found)!);
  return result === null ? null : { ...result };
}
