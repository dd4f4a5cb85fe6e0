/** JSON data and size checks as GizmoProblems, shared by payloads, state and recipes. */
import { jsonDataProblem, utf8Length } from '../api.js';
import { formatNumber, type Problem } from './checks.js';
import { problem } from './problem.js';

/**
 * `value` must be JSON data (see jsonData) and, when `byteLimit` is given, at most that many UTF-8
 * bytes of JSON: message `must be at most 2 KiB of JSON (is 2,049 bytes)`.
 */
export function jsonProblem(value: unknown, path: string, byteLimit?: number, limitText?: string): Problem {
  const found = jsonDataProblem(value, undefined, path);
  if (found) return problem(found[0], found[1], found[2]);
  if (byteLimit !== undefined) {
    // JSON data always serialises. A UTF-16 unit is at most 3 UTF-8 bytes, so a short text is
    // within the limit without counting its bytes.
    const text = JSON.stringify(value);
    if (text.length * 3 <= byteLimit) return null;
    const bytes = utf8Length(text);
    if (bytes > byteLimit)
      return problem(path, `must be at most ${limitText ?? `${formatNumber(byteLimit)} bytes`} of JSON (is ${formatNumber(bytes)} bytes)`, value);
  }
  return null;
}
