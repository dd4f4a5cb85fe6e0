#!/usr/bin/env node
// Runs the Khronos glTF-Validator (npm gltf-validator) on each .glb named on the command line
// and prints one JSON line per file: {"file", "errors", "warnings", "codes": {"CODE": severity}}
// (severity 0 error, 1 warning, 2 info, 3 hint). The Go test glb/khronos_test.go uses it as the
// differential peer of the Go checker.
//
// Usage: node scripts/glb-khronos.mjs FILE.glb...
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const validator = require('gltf-validator');

for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(file));
  let report;
  try {
    report = await validator.validateBytes(bytes, {
      maxIssues: 0,
      // External resources are never loaded: a model that names one is refused by our rule anyway.
      externalResourceFunction: () => Promise.reject(new Error('external resources are not loaded')),
    });
  } catch (err) {
    // The validator throws when it cannot tell glTF from GLB at all: that is an error too.
    process.stdout.write(JSON.stringify({ file, errors: 1, warnings: 0, codes: { UNDETECTED_FORMAT: 0 }, thrown: String(err.message ?? err) }) + '\n');
    continue;
  }
  const codes = {};
  for (const m of report.issues.messages) {
    if (!(m.code in codes) || m.severity < codes[m.code]) codes[m.code] = m.severity;
  }
  // Errors and warnings with where and what, for the test's failure messages.
  const details = report.issues.messages.filter((m) => m.severity <= 1).slice(0, 8).map((m) => `${m.code} at ${m.pointer ?? m.offset}: ${m.message}`);
  process.stdout.write(JSON.stringify({ file, errors: report.issues.numErrors, warnings: report.issues.numWarnings, codes, details }) + '\n');
}
