#!/usr/bin/env node
// Prints the SDK's verdict (kit/sdk/src/model.ts) on each .glb file named on the command line,
// as JSON lines: {"file", "ok", "code", "message", "triangles", "drawCalls", "counted",
// "warnings"} (warnings: checkGizmoModel's, each {step, code, path, value, message}). The Go
// tests glb/agreement_test.go and glb/mutation_test.go compare them with the Go checker's.
// model.ts is bundled with the repository's npm esbuild into a temporary directory first; both
// the public validateGizmoModel(base64) and the internal checkGizmoModel(bytes) run, and must
// agree: on the verdict, and on the warnings validateGizmoModel records for collectWarnings.
//
// Usage: node scripts/glb-verdicts.mjs FILE.glb...   (or a directory: every .glb under it)
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const esbuild = await import(join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));

function expand(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((e) => expand(join(path, e.name)))
    .filter((p) => p.endsWith('.glb'));
}
const files = process.argv.slice(2).flatMap(expand).sort();

const out = mkdtempSync(join(tmpdir(), 'scape-glb-verdicts-'));
try {
  const entry = join(out, 'model.mjs');
  const src = join(root, 'kit', 'sdk', 'src');
  await esbuild.build({
    stdin: {
      contents: "export { checkGizmoModel, validateGizmoModel } from './model.ts'; export { collectWarnings } from './internal/rules.ts';",
      resolveDir: src,
      loader: 'ts',
    },
    outfile: entry,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'warning',
  });
  const model = await import(pathToFileURL(entry).href);
  const lines = [];
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(file));
    const report = model.checkGizmoModel(bytes, 'the file');
    let thrown = null;
    const { warnings } = model.collectWarnings(() => {
      try {
        model.validateGizmoModel(Buffer.from(bytes).toString('base64'));
      } catch (err) {
        thrown = err.message;
      }
    });
    const first = report.problems[0];
    if ((thrown === null) !== (first === undefined)) {
      console.error(`glb-verdicts: ${file}: validateGizmoModel and checkGizmoModel disagree (${thrown} vs ${first?.message})`);
      process.exitCode = 1;
    }
    const recorded = JSON.stringify(warnings.map((w) => [w.path, w.message, w.value]));
    const reported = JSON.stringify(report.warnings.map((w) => [w.path, w.message, w.value]));
    if (recorded !== reported) {
      console.error(`glb-verdicts: ${file}: validateGizmoModel records warnings ${recorded}, checkGizmoModel reports ${reported}`);
      process.exitCode = 1;
    }
    lines.push(JSON.stringify({
      file,
      ok: report.problems.length === 0,
      code: first ? first.code : '',
      message: first ? first.message : '',
      triangles: report.facts.triangles,
      drawCalls: report.facts.drawCalls,
      counted: report.facts.counted,
      warnings: report.warnings,
    }));
  }
  writeFileSync(1, lines.join('\n') + '\n');
} finally {
  rmSync(out, { recursive: true, force: true });
}
