/**
 * The one guarded path into author code. Every call the SDK makes into a definition's callbacks
 * (initial, valid, run, view, lighting, step, react, …) goes through `callAuthor`, which records
 * which callback is running in `authorCall.current`. The Go host reads that record after it
 * interrupts a runaway call, so its message can name the callback: "view did not finish within 2 s".
 */
import { withoutWarnings } from './rules.js';

/** The callback currently running, or null between calls. Mutable on purpose: the host reads it. */
export const authorCall: { current: { type: string; callback: string } | null } = { current: null };

/**
 * Calls `fn(...args)` as `definition`'s `callbackName`, restoring the previous record afterwards
 * (also when the callback throws), so nested calls (valid inside run) report correctly.
 */
export function callAuthor<A extends unknown[], R>(definition: unknown, callbackName: string, fn: (...args: A) => R, ...args: A): R {
  const previous = authorCall.current;
  const type = typeof definition === 'object' && definition !== null && typeof (definition as { type?: unknown }).type === 'string' ? (definition as { type: string }).type : '';
  authorCall.current = { type, callback: callbackName };
  try {
    // Author code may call public validators; their warnings are not the definition's.
    return withoutWarnings(() => fn.apply(definition, args));
  } finally {
    authorCall.current = previous;
  }
}

/** The message of anything thrown: Error.message, or the thrown value as text. */
export function thrownMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') return (err as { message: string }).message;
  try {
    return String(err);
  } catch {
    return 'a value that cannot be printed';
  }
}

/** A thrown error as a problem's rule: `threw TypeError: boom` (a plain Error is `threw boom`). */
export function thrownRule(err: unknown): string {
  const name = err instanceof Error && err.name && err.name !== 'Error' ? `${err.name}: ` : '';
  return `threw ${name}${thrownMessage(err)}`;
}
