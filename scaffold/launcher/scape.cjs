#!/usr/bin/env node
// The `scape` command of this project's package scripts, `npm exec scape …` and `yarn scape …`.
// It is not the toolchain: it finds the scape binary and runs it with the same arguments, exit
// status and signals. It never asks a registry: `scape` is a Go binary, not an npm package.
//
// Where it looks, first match wins:
//   1. $SCAPE_BIN
//   2. vendor/scape beside this package (a project from `scape gizmo kit export`)
//   3. the binary recorded when the project was created (binary.json "recorded")
//   4. `scape` on PATH (skipping node_modules/.bin, where this launcher itself lives)
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

// A launcher that finds itself (through a copy on PATH) would run forever: the variable marks
// the process it started.
const GUARD = 'SCAPE_LAUNCHER';
const self = realpath(__filename);

function realpath(p) {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

function executable(p) {
  try {
    if (!fs.statSync(p).isFile()) return false;
    fs.accessSync(p, fs.constants.X_OK);
    return realpath(p) !== self;
  } catch {
    return false;
  }
}

function recorded() {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(__dirname, 'binary.json'), 'utf8'));
    return typeof info.recorded === 'string' ? info.recorded : '';
  } catch {
    return '';
  }
}

// projectDir is the project whose script runs (npm and yarn say which), else the nearest
// directory above the working directory with a package.json. yarn 1 copies file: packages into
// node_modules, so the kit's vendor/scape is found from the project, not from __dirname.
function projectDir() {
  if (process.env.npm_package_json) return path.dirname(process.env.npm_package_json);
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return '';
  }
}

function onPath() {
  const exe = process.platform === 'win32' ? ['scape.exe', 'scape.cmd'] : ['scape'];
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (dir === '' || path.basename(dir) === '.bin' && path.basename(path.dirname(dir)) === 'node_modules') continue;
    for (const name of exe) {
      const p = path.join(dir, name);
      if (executable(p)) return p;
    }
  }
  return '';
}

function find() {
  const tried = [];
  const env = process.env.SCAPE_BIN;
  if (env) {
    if (executable(env)) return { bin: env };
    return { problem: `SCAPE_BIN is ${env}, which is not an executable file` };
  }
  const vendored = [path.join(__dirname, '..', 'scape')];
  const project = projectDir();
  if (project && !vendored.includes(path.join(project, 'vendor', 'scape'))) vendored.push(path.join(project, 'vendor', 'scape'));
  for (const p of vendored) {
    if (executable(p)) return { bin: p };
    tried.push(p);
  }
  const rec = recorded();
  if (rec) {
    if (executable(rec)) return { bin: rec };
    tried.push(rec + ' (recorded when the project was created)');
  }
  const p = onPath();
  if (p) return { bin: p };
  tried.push('scape on PATH');
  return { tried };
}

function fail(lines) {
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(127);
}

if (process.env[GUARD]) {
  fail([`scape: the launcher ${process.env[GUARD]} ran itself instead of the scape binary; set SCAPE_BIN to the binary's path.`]);
}
const found = find();
if (found.problem) fail(['scape: ' + found.problem + '.']);
if (!found.bin) {
  fail([
    'scape: cannot find the scape binary (this package only launches it; it is not on any registry).',
    'Looked for: $SCAPE_BIN, ' + found.tried.join(', ') + '.',
    'Install it: build it from the scape repository (go build -o ~/.local/bin/scape ./cmd/scape, or make install)',
    'and put it on your PATH, or point SCAPE_BIN at it: SCAPE_BIN=/path/to/scape npm run build',
  ]);
}

// Pass signals on: a Ctrl-C reaches the child from the terminal too, but `kill` on this process
// would not. scape treats a repeated SIGINT like the first. The handlers are in place before the
// child starts: a signal arriving in between would otherwise kill this launcher alone and leave
// scape running without it. (Handlers run from the event loop, after `child` is assigned.)
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let child = null;
for (const sig of signals) process.on(sig, () => child && child.kill(sig));
child = spawn(found.bin, process.argv.slice(2), { stdio: 'inherit', env: { ...process.env, [GUARD]: self } });
child.on('error', (err) => fail([`scape: cannot run ${found.bin}: ${err.message}`]));
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so the caller (npm, a shell) sees what happened to scape.
    for (const sig of signals) process.removeAllListeners(sig);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code === null ? 1 : code);
});
