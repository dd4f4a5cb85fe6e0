#!/usr/bin/env node
// The whole job "the Node way", the yardstick of issue 24: bundle a Gizmo project with esbuild's
// npm package, load it in Node and install its definitions in the SDK's own ObjectRegistry (the
// registry's catalog check, what a Node host runs before accepting a project). Exit 0 when the
// registry accepts every definition, 1 with its failures otherwise. No exploration, no sounds,
// no models: what the SDK alone checks, with Node's JIT. scripts/bench-explore.sh times this
// whole process beside `scape gizmo build`.
//
// Usage: node scripts/node-way.mjs PROJECT_DIR   (the entry is package.json's scape.entry, or
// src/project.ts, or src/definition.ts)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(process.argv[2] ?? '.');
const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const entry = [pkg.scape?.entry, 'src/project.ts', 'src/definition.ts'].filter(Boolean).map((e) => join(dir, e)).find((e) => existsSync(e));
if (!entry) {
  console.error(`node-way: no entry in ${dir}`);
  process.exit(2);
}
const esbuild = await import(join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
const sdk = join(root, 'kit', 'sdk', 'src');
const out = mkdtempSync(join(tmpdir(), 'scape-node-way-'));
try {
  const outfile = join(out, 'project.mjs');
  await esbuild.build({
    stdin: {
      // The project's default export, installed as a host would; one SDK instance for both.
      contents: `import project from ${JSON.stringify(entry)};
import { ObjectRegistry } from '@scape/sdk/runtime';
const definitions = Array.isArray(project?.objects) ? project.objects : [project];
export const failures = new ObjectRegistry(definitions).failures();`,
      resolveDir: dir,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    alias: { '@scape/sdk/runtime': join(sdk, 'runtime.ts'), '@scape/sdk': join(sdk, 'index.ts') },
  });
  const { failures } = await import(pathToFileURL(outfile).href);
  if (failures.length > 0) {
    console.log(JSON.stringify(failures, null, 2));
    process.exitCode = 1;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
