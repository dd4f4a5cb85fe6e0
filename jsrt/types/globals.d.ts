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
