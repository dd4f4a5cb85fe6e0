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

/**
 * Concatenates a case's parts: ascii:TEXT, u16:N, u32:N (little-endian), hex:BYTES, zeros:N. The
 * length is counted first and zeros are left as allocated: the size cases hold ~960 KB, and a
 * byte-by-byte push would be slow under goja.
 */
function assemble(parts: string[]): Uint8Array {
  const split = parts.map((part) => {
    const at = part.indexOf(':');
    return { kind: part.slice(0, at), v: part.slice(at + 1), part };
  });
  const width = ({ kind, v, part }: { kind: string; v: string; part: string }): number => {
    if (kind === 'ascii') return v.length;
    if (kind === 'u16') return 2;
    if (kind === 'u32') return 4;
    if (kind === 'hex') return v.length / 2;
    if (kind === 'zeros') return Number(v);
    throw new Error(`unknown part ${part}`);
  };
  const bytes = new Uint8Array(split.reduce((n, p) => n + width(p), 0));
  let at = 0;
  for (const p of split) {
    const { kind, v } = p;
    if (kind === 'ascii') for (let i = 0; i < v.length; i++) bytes[at + i] = v.charCodeAt(i);
    else if (kind === 'u16' || kind === 'u32') {
      const n = Number(v);
      for (let i = 0; i < width(p); i++) bytes[at + i] = Math.floor(n / 2 ** (8 * i)) & 0xff;
    } else if (kind === 'hex') for (let i = 0; i < v.length; i += 2) bytes[at + i / 2] = parseInt(v.slice(i, i + 2), 16);
    at += width(p);
  }
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
