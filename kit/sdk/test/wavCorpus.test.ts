/**
 * The byte-level WAV corpus (testdata/wav/cases.json) read by parseWav. audio/wav_corpus_test.go
 * runs the same cases through Go's audio.ParseWAV, the reader the build renders embedded .wav
 * files with, so the two readers accept the same bytes and refuse them with the same words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWav, type WavInfo } from '../src/wav.js';
import corpus from '../../../testdata/wav/cases.json';

interface WavCase {
  name: string;
  bytes: string[];
  ok: boolean;
  channels?: number;
  rate?: number;
  frames?: number;
  message?: string;
}

/** Concatenates a case's parts: ascii:TEXT, u16:N, u32:N (little-endian), hex:BYTES, zeros:N. */
function assemble(parts: string[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    const at = part.indexOf(':');
    const kind = part.slice(0, at);
    const v = part.slice(at + 1);
    if (kind === 'ascii') for (let i = 0; i < v.length; i++) out.push(v.charCodeAt(i));
    else if (kind === 'u16' || kind === 'u32') {
      const n = Number(v);
      for (let i = 0; i < (kind === 'u16' ? 2 : 4); i++) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
    } else if (kind === 'hex') for (let i = 0; i < v.length; i += 2) out.push(parseInt(v.slice(i, i + 2), 16));
    else if (kind === 'zeros') for (let i = 0; i < Number(v); i++) out.push(0);
    else throw new Error(`unknown part ${part}`);
  }
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out[i];
  return bytes;
}

const cases = (corpus as { cases: WavCase[] }).cases;

test('the WAV corpus holds both verdicts', () => {
  assert.ok(cases.filter((c) => c.ok).length >= 5 && cases.filter((c) => !c.ok).length >= 20);
});

for (const c of cases) {
  test(`wav corpus: ${c.name}`, () => {
    const found = parseWav(assemble(c.bytes));
    if (c.ok) {
      assert.ok('dataOffset' in found, `refused: ${'message' in found ? found.message : ''}`);
      const info = found as WavInfo;
      assert.deepEqual({ channels: info.channels, rate: info.rate, frames: info.frames }, { channels: c.channels, rate: c.rate, frames: c.frames });
    } else {
      assert.ok(!('dataOffset' in found), 'accepted');
      assert.equal((found as { message: string }).message, c.message);
    }
  });
}
