/**
 * The one guarded path into author code. Every call the SDK makes into a definition's callbacks
 * (initial, valid, run, view, lighting, step, react, …) goes through `callAuthor`, which records
 * which callback is running in `authorCall.current`. The Go host reads that record after it
 * interrupts a runaway call, so its message can name the callback: "view did not finish within 2 s".
 */
import { withoutWarnings } from './rules.js';
import { dataValue, display, plainProperty } from './display.js';
import { boundaryHint } from './boundary.js';

/** The callback currently running, or null between calls. Mutable on purpose: the host reads it. */
export const authorCall: { current: { type: string; callback: string } | null } = { current: null };

// Captured once: a definition's callback may carry its own `apply` property, which must not
// decide how the SDK calls it.
const reflectApply = Reflect.apply;

/**
 * Calls `fn(...args)` as `definition`'s `callbackName`, restoring the previous record afterwards
 * (also when the callback throws), so nested calls (valid inside run) report correctly.
 */
export function callAuthor<A extends unknown[], R>(definition: unknown, callbackName: string, fn: (...args: A) => R, ...args: A): R {
  const previous = authorCall.current;
  let type = '';
  if (typeof definition === 'object' && definition !== null) {
    const value = (definition as { type?: unknown }).type;
    if (typeof value === 'string') type = value;
  }
  authorCall.current = { type, callback: callbackName };
  try {
    // Author code may call public validators; their warnings are not the definition's.
    return withoutWarnings(() => reflectApply(fn, definition, args) as R);
  } finally {
    authorCall.current = previous;
  }
}

/**
 * The message of anything thrown: Error.message, or the thrown value as text. A TypeError from
 * changing a frozen object says why: the toolchains that validate and host Gizmos freeze the
 * built-ins (docs/build.md, "What author code may change").
 */
export function thrownMessage(err: unknown): string {
  // Data properties only, and no toString: a thrown value's getters and conversions are author
  // code, which must not decide (or hang) how its failure is reported.
  if (typeof err === 'object' && err !== null) {
    const message = dataValue(err, 'message');
    if (err instanceof Error) return (typeof message === 'string' ? message : '') + frozenHint(err) + boundaryHint(err);
    if (typeof message === 'string') return message;
  }
  return typeof err === 'string' ? err : display([err]);
}

/** The longest stack text thrownStack keeps. */
const STACK_LIMIT = 16000;

/**
 * A thrown Error's stack text ('' for anything else): where it was thrown, which the toolchain
 * maps to the author's line. Read only when its name and message are plain data (goja writes the
 * stack on first read from them; a getter there is author code).
 */
export function thrownStack(err: unknown): string {
  if (!(err instanceof Error) || !plainProperty(err, 'name') || !plainProperty(err, 'message')) return '';
  const stack = dataValue(err, 'stack');
  if (typeof stack !== 'string') return '';
  return stack.length <= STACK_LIMIT ? stack : stack.slice(0, STACK_LIMIT);
}

/** A thrown error as a problem's rule: `threw TypeError: boom` (a plain Error is `threw boom`). */
export function thrownRule(err: unknown): string {
  const name = err instanceof Error ? dataValue(err, 'name') : undefined;
  const prefix = typeof name === 'string' && name !== '' && name !== 'Error' ? `${name}: ` : '';
  return `threw ${prefix}${thrownMessage(err)}`;
}

/**
 * The messages goja and V8 give a TypeError from writing to a frozen object: an assignment to a
 * read-only property, a new property on a non-extensible object, a redefinition, a deletion.
 */
const FROZEN_WRITE = /^(Cannot assign to read only property|Cannot add property .*not extensible|Cannot define property .*not extensible|Cannot redefine property|Cannot delete property|Cannot set property .* which has only a getter|.* is not extensible$)/;

/** The hint the toolchain adds to a TypeError from writing to a frozen object ('' otherwise). */
export const FROZEN_HINT =
  ' (built-ins such as Array.prototype, Object, Math and JSON are frozen before a Gizmo runs: a Gizmo cannot change them, only its own objects; see docs/build.md, "What author code may change")';

export function frozenHint(err: unknown): string {
  if (!(err instanceof TypeError)) return '';
  const message = dataValue(err, 'message');
  return typeof message === 'string' && FROZEN_WRITE.test(message) && message.indexOf(FROZEN_HINT) < 0 ? FROZEN_HINT : '';
}
