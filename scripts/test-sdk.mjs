#!/usr/bin/env node
// Runs the @scape/sdk tests under Node: bundles each kit/sdk/test/*.test.ts with the repository's
// npm esbuild (the SDK has no build step of its own) into a temporary directory, then runs
// `node --test` on the results. A file that does not build is reported and fails the run, while
// the others still run. '@scape/sdk' and '@scape/sdk/runtime' resolve to kit/sdk/src (the
// examples the tests use are the templates' own definition files, which import '@scape/sdk').
// Arguments filter test files by substring ("view" runs view.test.ts). The exit status is
// node's.
//
// Usage: node scripts/test-sdk.mjs [filter...]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'kit', 'sdk', 'test');
const filters = process.argv.slice(2);

let esbuild;
try {
  esbuild = await import(join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
} catch (err) {
  console.error(`test-sdk: esbuild is not installed (run \`npm ci\` at the repository root): ${err.message}`);
  process.exit(2);
}

const files = readdirSync(testDir)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();
if (files.length === 0) {
  console.error(`test-sdk: no test files in ${testDir}${filters.length ? ` matching ${filters.join(', ')}` : ''}`);
  process.exit(1);
}

const out = mkdtempSync(join(tmpdir(), 'scape-sdk-test-'));
let status = 0;
try {
  // One build per test file: a module still being written breaks only the tests that import it.
  const outputs = [];
  for (const name of files) {
    const outfile = join(out, name.replace(/\.ts$/, '.mjs'));
    try {
      await esbuild.build({
        entryPoints: [join(testDir, name)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: 'inline',
        logLevel: 'error',
        loader: { '.json': 'json' },
        external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
        // The documented examples (templates/<name>/src/definition.ts) import '@scape/sdk' as
        // authors do. Aliased to the sources, the tests' relative ../src imports and the
        // examples' '@scape/sdk' land on the same files, so one bundle holds one SDK instance
        // (ObjectActionError and the other classes keep their identity across both).
        alias: {
          '@scape/sdk': join(root, 'kit', 'sdk', 'src', 'index.ts'),
          '@scape/sdk/runtime': join(root, 'kit', 'sdk', 'src', 'runtime.ts'),
        },
      });
      outputs.push(outfile);
    } catch (err) {
      // esbuild already printed its diagnostics; name the file that could not be built.
      console.error(`test-sdk: ${name} did not build: ${err.message.split('\n')[0]}`);
      status = 1;
    }
  }
  if (outputs.length > 0) {
    const run = spawnSync(process.execPath, ['--enable-source-maps', '--test', ...outputs], { stdio: 'inherit' });
    if (run.status !== 0) status = run.status ?? 1;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
process.exit(status);
