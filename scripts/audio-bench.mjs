#!/usr/bin/env node
// Renders the recipes of testdata/audio/bench.json with the SDK's TypeScript renderers under
// Node and with the Go renderer (go test -bench BenchmarkRecipes, GOMAXPROCS=1), in the same
// run, and prints × realtime for both and their ratio. × realtime is measured on CPU time (this
// process's for Node, the benchmark thread's for Go), because on a shared machine wall time also
// counts other processes' work; wall-clock figures are printed beside it. Each side is measured
// in several rounds and the best round counts (on a shared machine a round can lose time to
// other work on the same core, never gain it).
//
// Usage: node scripts/audio-bench.mjs [seconds per recipe and round, default 2] [rounds, default 3]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 2);
const rounds = Math.max(1, Math.floor(Number(process.argv[3] ?? 3)));
const esbuild = await import(join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
const tmp = mkdtempSync(join(tmpdir(), 'scape-audio-bench-'));
const recipes = JSON.parse(readFileSync(join(root, 'testdata', 'audio', 'bench.json'), 'utf8'));
const ts = {};
try {
  const src = join(root, 'kit', 'sdk', 'src');
  writeFileSync(
    join(tmp, 'entry.ts'),
    `export { renderGizmoSynth } from ${JSON.stringify(join(src, 'synthesis.ts'))};
export { renderGizmoNoise } from ${JSON.stringify(join(src, 'noiseSound.ts'))};
export { renderGizmoPartials } from ${JSON.stringify(join(src, 'partials.ts'))};`,
  );
  await esbuild.build({ entryPoints: [join(tmp, 'entry.ts')], outfile: join(tmp, 'entry.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  const sdk = await import(pathToFileURL(join(tmp, 'entry.mjs')).href);
  const render = (r) => (r.kind === 'synth' ? sdk.renderGizmoSynth(r) : r.kind === 'noise' ? sdk.renderGizmoNoise(r) : sdk.renderGizmoPartials(r));
  for (let round = 0; round < rounds; round++) {
    for (const { name, recipe } of recipes) {
      const duration = render(recipe).duration; // warm-up: JIT and wavetable cache
      let runs = 0;
      const cpu0 = process.cpuUsage();
      const wall0 = process.hrtime.bigint();
      while (Number(process.hrtime.bigint() - wall0) / 1e9 < seconds || runs < 3) {
        render(recipe);
        runs++;
      }
      const cpu = process.cpuUsage(cpu0);
      const wall = Number(process.hrtime.bigint() - wall0) / 1e9;
      const r = { cpu: duration / ((cpu.user + cpu.system) / 1e6 / runs), wall: duration / (wall / runs) };
      if (!ts[name] || r.cpu > ts[name].cpu) ts[name] = r;
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const go = spawnSync('go', ['test', './audio', '-run', '^$', '-bench', '^BenchmarkRecipes$', '-benchtime', `${seconds}s`, '-count', String(rounds)], {
  cwd: root,
  env: { ...process.env, GOMAXPROCS: '1' },
  encoding: 'utf8',
});
if (go.status !== 0) {
  console.error(go.stdout, go.stderr);
  process.exit(1);
}
const goResults = {};
for (const line of go.stdout.split('\n')) {
  const m = line.match(/^BenchmarkRecipes\/(\S+?)(?:-\d+)?\s.*?([\d.]+) x-realtime\s+([\d.]+) x-realtime-cpu/);
  if (m && !(goResults[m[1]]?.cpu >= Number(m[3]))) goResults[m[1]] = { wall: Number(m[2]), cpu: Number(m[3]) };
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => (x === undefined ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
console.log(`× realtime on one core (CPU time; wall time in parentheses), best of ${rounds} rounds of ${seconds} s per recipe`);
console.log(`${pad('recipe', 16)}${pad('family', 10)}${pad('Go', 18)}${pad('TS (Node)', 18)}Go/TS`);
let allFast = true;
let allFaster = true;
for (const { name, family } of recipes) {
  const g = goResults[name];
  const t = ts[name];
  const ratio = g && t ? g.cpu / t.cpu : undefined;
  if (!g || g.cpu < 200) allFast = false;
  if (!ratio || ratio < 3) allFaster = false;
  console.log(`${pad(name, 16)}${pad(family, 10)}${pad(`${num(g?.cpu)} (${num(g?.wall)})`, 18)}${pad(`${num(t.cpu)} (${num(t.wall)})`, 18)}${num(ratio)}×`);
}
console.log(`goal: every family ≥ 200× realtime in Go: ${allFast ? 'met' : 'NOT met'}; Go ≥ 3× faster than TS: ${allFaster ? 'met' : 'NOT met'}`);
