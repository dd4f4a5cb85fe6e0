/** JSON data and size checks as GizmoProblems, shared by payloads, state and recipes. */
import { API_RULES, jsonDataProblem, utf8Length } from '../api.js';
import { RESULT_BYTE_BOUND, useBoundsRules } from './bounds.js';
import { formatNumber, type Problem } from './checks.js';
import { fail, rule, type Rule } from './rules.js';

const S = 'Definitions, state and actions';

/** The size rules the docs state for JSON the host stores or receives. */
export const JSON_RULES = {
  stateBytes: rule({
    id: 'json.state.bytes',
    class: 'doc',
    section: S,
    item: 'Instance state (`initial()`, a reducer\'s result, an envelope\'s `state`)',
    min: 0,
    max: 32768,
    bound: '32 KiB of JSON (`OBJECT_STATE_BYTE_LIMIT` = 32,768 UTF-8 bytes of `JSON.stringify`)',
    source: 'Limits and compatibility: "Instance state | 32 KiB of JSON"; `OBJECT_STATE_BYTE_LIMIT = 32768`',
  }),
  payloadBytes: rule({
    id: 'json.payload.bytes',
    class: 'doc',
    section: S,
    item: 'Action and configuration payloads',
    min: 0,
    max: 2048,
    bound: '2 KiB of JSON (2,048 UTF-8 bytes of `JSON.stringify`)',
    source: 'Limits and compatibility: "Action / configuration payload | 2 KiB of JSON"',
  }),
};

const SIZE_RULES: readonly Rule[] = [JSON_RULES.stateBytes, JSON_RULES.payloadBytes];

/** internal/bounds.ts's own bound on a callback's result (views, lighting, timelines, steps). */
const RESULT_RULE = rule({
  id: 'json.result.bytes',
  class: 'cost',
  section: S,
  item: 'A callback\'s result (view, lighting, timeline, step…), and its nesting when probed deeper',
  min: 0,
  max: RESULT_BYTE_BOUND,
  bound: `${formatNumber(RESULT_BYTE_BOUND)} bytes of JSON`,
  source: 'the docs give results no size; no result comes near a megabyte (a whole bundle is at most one), and walking past it would spend a good part of a deadline in goja',
});

useBoundsRules({ depth: API_RULES.jsonDepth, result: RESULT_RULE, bytes: (limit) => SIZE_RULES.find((r) => r.max === limit) });

function kib(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${formatNumber(bytes)} bytes`;
}

/**
 * `value` must be JSON data (see jsonData) and, when a size rule is given, at most its `max`
 * UTF-8 bytes of JSON: message `must be at most 2 KiB of JSON (is 2,049 bytes)`. A number instead
 * of a rule names the rule with that bound (32,768: state; 2,048: payloads).
 */
export function jsonProblem(value: unknown, path: string, limit?: number | Rule, limitText?: string): Problem {
  const found = jsonDataProblem(value, undefined, path);
  if (found) return fail(found[3], found[0], found[1], found[2]);
  if (limit === undefined) return null;
  let r: Rule | undefined;
  if (typeof limit === 'number') {
    for (let i = 0; i < SIZE_RULES.length; i++) if (SIZE_RULES[i].max === limit) r = SIZE_RULES[i];
    if (r === undefined) throw new TypeError(`jsonProblem: no size rule of ${limit} bytes (pass one of JSON_RULES)`);
  } else r = limit;
  const byteLimit = r.max as number;
  // JSON data always serialises. A UTF-16 unit is at most 3 UTF-8 bytes, so a short text is
  // within the limit without counting its bytes.
  const text = JSON.stringify(value);
  if (text.length * 3 <= byteLimit) return null;
  const bytes = utf8Length(text);
  if (bytes > byteLimit) return fail(r, path, `must be at most ${limitText ?? kib(byteLimit)} of JSON (is ${formatNumber(bytes)} bytes)`, value);
  return null;
}
