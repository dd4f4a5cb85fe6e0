/**
 * The globals scape's JavaScript runtime gives a Gizmo beyond the ES2022 built-ins, for the
 * editor and `tsc` (the project's tsconfig.json has `"lib": ["ES2022"]` and no DOM or Node
 * types, because neither exists where a Gizmo runs).
 *
 * `console`: `scape gizmo build` prints what a definition logs while it is validated
 * (`console.log: …` on stderr), `scape gizmo test` what a test logs. Each call is one line; values
 * are shown, never converted with their own `toString`. There is no `console.table`, `time`,
 * `assert`, `dir` or `trace`.
 */
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}

declare var console: Console;

/**
 * Host APIs the Scape docs neither grant nor forbid. The validation engine supplies them as Node
 * does (docs/build.md, "Host APIs in the validation engine"), and `scape gizmo build` warns where a
 * project uses one (`unlisted-api`): a hosted world may not offer them.
 */
declare function structuredClone<T = any>(value: T, options?: { transfer?: never[] }): T;
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare function queueMicrotask(callback: () => void): void;

interface TextEncoderEncodeIntoResult {
  read: number;
  written: number;
}
interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult;
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}
declare var TextDecoder: { prototype: TextDecoder; new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder };

interface DOMException extends Error {
  readonly code: number;
}
declare var DOMException: { prototype: DOMException; new (message?: string, options?: string | { name?: string }): DOMException };
