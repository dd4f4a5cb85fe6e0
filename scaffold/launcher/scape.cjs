#!/usr/bin/env node
// The `scape` command of this project's package scripts, `npm exec scape …` and `yarn scape …`.
// It is not the toolchain: it finds the scape binary and runs it with the same arguments, exit
// status and signals. It never asks a registry: `scape` is a Go binary, not an npm package.
//
// Where it looks, first match wins:
//   1. $SCAPE_BIN
//   2. a kit's own binary beside this package (a project from `scape gizmo kit export`):
//      vendor/scape-<os>-<arch>[.exe] for this machine (a kit exported with --platform), else
//      vendor/scape. A kit that has binaries only for other machines stops here and names
//      them: running some other scape instead would defeat the kit's pinned version.
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

// platform is this machine in Go's names, as a kit's binaries are named: process.platform
// win32 is windows, process.arch x64 is amd64 (darwin, linux and arm64 are the same in both).
// SCAPE_LAUNCHER_PLATFORM replaces it, for tests only: they check every platform's choice on
// one machine.
function platform() {
  const fake = process.env.SCAPE_LAUNCHER_PLATFORM;
  if (fake) return fake;
  const os = { win32: 'windows' }[process.platform] || process.platform;
  const arch = { x64: 'amd64', ia32: '386' }[process.arch] || process.arch;
  return os + '-' + arch;
}

function platformBinary(plat) {
  return 'scape-' + plat + (plat.startsWith('windows-') ? '.exe' : '');
}

// kitPlatforms lists the platforms dir holds a kit's binaries for (scape-darwin-arm64,
// scape-windows-amd64.exe; not the scape-sdk or scape-cli folders).
function kitPlatforms(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out = [];
  for (const name of names) {
    const m = /^scape-([a-z0-9]+-[a-z0-9]+)(\.exe)?$/.exec(name);
    if (!m || platformBinary(m[1]) !== name) continue;
    try {
      if (fs.statSync(path.join(dir, name)).isFile()) out.push(m[1]);
    } catch {}
  }
  return out;
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
  const plat = platform();
  const vendorDirs = [path.join(__dirname, '..')];
  const project = projectDir();
  if (project && !vendorDirs.includes(path.join(project, 'vendor'))) vendorDirs.push(path.join(project, 'vendor'));
  const kitHas = new Set();
  for (const dir of vendorDirs) {
    for (const name of [platformBinary(plat), 'scape']) {
      const p = path.join(dir, name);
      if (executable(p)) return { bin: p };
      tried.push(p);
    }
    for (const other of kitPlatforms(dir)) kitHas.add(other);
  }
  if (kitHas.has(plat)) {
    return { problem: `this kit's ${platformBinary(plat)} for ${plat} is not an executable file (chmod +x it)` };
  }
  if (kitHas.size > 0) {
    return {
      problem: `this kit has scape for ${[...kitHas].sort().join(', ')} but not for ${plat}, the platform this runs on; ` +
        `export the kit again with ${plat} among its --platform list, or set SCAPE_BIN to a scape binary for ${plat}`,
    };
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
