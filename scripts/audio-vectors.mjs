#!/usr/bin/env node
// Renders the audio reference vectors with the SDK's TypeScript renderers: reads
// testdata/audio/recipes.json, writes testdata/audio/vectors.json (recipe, channels, frames,
// FNV-1a hash of the float32 samples, peak, RMS and checkpoints every 997 samples, which the
// SDK's own test re-renders against) and testdata/audio/<name>.f32 (every channel in turn,
// float32 little-endian, which the Go renderer is compared against sample by sample).
//
// Usage: node scripts/audio-vectors.mjs   (from anywhere; commit the output)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const esbuild = await import(join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
const out = mkdtempSync(join(tmpdir(), 'scape-audio-vectors-'));
try {
  const entry = join(out, 'entry.ts');
  const src = join(root, 'kit', 'sdk', 'src');
  writeFileSync(
    entry,
    `export { renderGizmoSynth } from ${JSON.stringify(join(src, 'synthesis.ts'))};
export { renderGizmoNoise } from ${JSON.stringify(join(src, 'noiseSound.ts'))};
export { renderGizmoPartials } from ${JSON.stringify(join(src, 'partials.ts'))};
export { soundStats } from ${JSON.stringify(join(root, 'kit', 'sdk', 'test', 'audioVectors.ts'))};
`,
  );
  await esbuild.build({ entryPoints: [entry], outfile: join(out, 'entry.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  const sdk = await import(pathToFileURL(join(out, 'entry.mjs')).href);
  const render = (recipe) =>
    recipe.kind === 'synth' ? sdk.renderGizmoSynth(recipe) : recipe.kind === 'noise' ? sdk.renderGizmoNoise(recipe) : sdk.renderGizmoPartials(recipe);
  const recipes = JSON.parse(readFileSync(join(root, 'testdata', 'audio', 'recipes.json'), 'utf8'));
  const vectors = [];
  for (const { name, note, recipe } of recipes) {
    const sound = render(recipe);
    const stats = sdk.soundStats(sound);
    vectors.push({ name, note, recipe, ...stats });
    const frames = sound.samples[0].length;
    const bytes = Buffer.alloc(frames * sound.samples.length * 4);
    sound.samples.forEach((channel, c) => channel.forEach((v, n) => bytes.writeFloatLE(v, (c * frames + n) * 4)));
    writeFileSync(join(root, 'testdata', 'audio', `${name}.f32`), bytes);
    console.log(`${name.padEnd(24)} ${stats.channels}ch ${String(stats.frames).padStart(6)} frames peak ${stats.peak.toFixed(4)} rms ${stats.rms.toFixed(4)} ${stats.hash}`);
  }
  writeFileSync(join(root, 'testdata', 'audio', 'vectors.json'), JSON.stringify(vectors, null, 1) + '\n');
} finally {
  rmSync(out, { recursive: true, force: true });
}
