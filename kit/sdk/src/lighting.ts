/**
 * State-driven lighting: `lighting(state, environment)` returns a complete replacement for the
 * fixed `light`/`glow`. The result is validated here, before any renderer or accepted action sees
 * it, so an invalid callback result is the author's error, never a host crash.
 */
import type { GizmoEnvironment } from './travel.js';
import type { ObjectDefinition } from './api.js';
import { lightProblem, type GizmoLight } from './light.js';
import { glowProblem, type GizmoGlow } from './glow.js';
import { callAuthor } from './internal/call.js';
import { joinPath, problemText } from './internal/problem.js';
import { booleanValue, first, isPlainObject, knownKeys, requiredKeys, type Problem } from './internal/checks.js';
import { fail, rule } from './internal/rules.js';

/** Complete lighting for one state. Missing or null effects are off. */
export interface GizmoLightingState {
  light?: GizmoLight | null;
  glow?: GizmoGlow | null;
}

/** The lighting-state rule the docs state: each effect is a recipe, or absent or null (off). */
export const LIGHTING_RULES = {
  effect: rule({
    id: 'lighting.effect',
    class: 'doc',
    section: 'Light and glow',
    item: 'Lighting state `light`, `glow`',
    bound: 'a recipe, or absent or null (off); `{}` turns both off',
    source: 'GizmoLightingState: "Complete lighting for one state. Missing or null effects are off."; Light versus glow: "`{}` turns both off"',
  }),
};

function effectProblem(value: unknown, path: string, check: (value: unknown, path: string) => Problem): Problem {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) return fail(LIGHTING_RULES.effect, path, 'must be an object (a recipe), or null or absent for off', value);
  return check(value, path);
}

/** A GizmoLightingState: `{}` (everything off), or a light and/or glow, each possibly null. */
export function lightingProblem(value: unknown, path: string): Problem {
  const v = value as Record<string, unknown>;
  return first(
    () => knownKeys(value, path, ['light', 'glow']),
    () => effectProblem(v.light, joinPath(path, 'light'), lightProblem),
    () => effectProblem(v.glow, joinPath(path, 'glow'), glowProblem),
  );
}

/** Validate every callback result before it reaches a renderer or an accepted action. */
export function gizmoLightingError(value: unknown): string | null {
  return problemText(lightingProblem(value, ''));
}

/** The environment a host passes; `{ linked: boolean }` and nothing else. */
export function environmentProblem(value: unknown, path: string): Problem {
  return first(
    () => knownKeys(value, path, ['linked']),
    () => requiredKeys(value as Record<string, unknown>, path, ['linked']),
    () => booleanValue((value as Record<string, unknown>).linked, joinPath(path, 'linked')),
  );
}

/** The local-test default: host-created linking is not complete. */
const UNLINKED: GizmoEnvironment = Object.freeze({ linked: false });

/**
 * Pure state evaluation; clocks and frame animation belong to the host.
 *
 * With a `lighting` callback its result is the complete recipe (absent or null effects are off);
 * otherwise the fixed `light`/`glow` apply. Either way the result is validated and returned as a
 * fresh JSON copy with only the effects that are on, so later mutation of author objects cannot
 * change what a renderer was given. Throws an Error naming the definition and the field when the
 * recipe is invalid.
 */
export function resolveGizmoLighting(definition: ObjectDefinition, state: unknown, environment: GizmoEnvironment = UNLINKED): GizmoLightingState {
  const name = definitionName(definition);
  const envProblem = environmentProblem(environment, 'environment');
  if (envProblem) throw new TypeError(`resolveGizmoLighting: ${envProblem}`);
  let recipe: unknown;
  let found: Problem;
  if (typeof definition.lighting === 'function') {
    recipe = callAuthor(definition, 'lighting', definition.lighting, state, { linked: environment.linked });
    found = lightingProblem(recipe, 'lighting');
    if (found) throw new Error(`${name}: lighting(state, environment) returned an invalid recipe: ${found}`);
  } else if (definition.lighting !== undefined) {
    throw new TypeError(`${name}: lighting must be a function (state, environment) => GizmoLightingState`);
  } else {
    recipe = { light: definition.light, glow: definition.glow };
    found = lightingProblem(recipe, '');
    if (found) throw new Error(`${name}: invalid fixed lighting: ${found}`);
  }
  const r = recipe as GizmoLightingState;
  const out: GizmoLightingState = {};
  if (r.light) out.light = JSON.parse(JSON.stringify(r.light)) as GizmoLight;
  if (r.glow) out.glow = JSON.parse(JSON.stringify(r.glow)) as GizmoGlow;
  return out;
}

function definitionName(definition: unknown): string {
  const type = definition && typeof definition === 'object' ? (definition as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : 'definition';
}
