/**
 * Recorded sounds: PCM16 WAV as base64 strings (the form esbuild's base64 loader gives an
 * imported .wav). The reader treats the bytes as untrusted: every chunk size is checked against
 * the bytes that remain before anything is read or allocated. Base64 is done by hand because
 * goja has no atob/btoa. The Go package audio (wav.go) reads and writes the same bytes.
 */
import { problem, problemText } from './internal/problem.js';
import { formatNumber, type Problem } from './internal/checks.js';

/** 44-byte header + 960,000 bytes of PCM16 (10 s mono or 5 s stereo at 48 kHz). */
export const GIZMO_AUDIO_MAX_BYTES = 960044;
export const WAV_RATE_RANGE = [8000, 96000] as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function base64Encode(bytes: Uint8Array): string {
  const parts: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    line += ALPHABET[a >> 2] + ALPHABET[((a & 3) << 4) | (b >> 4)];
    line += i + 1 < bytes.length ? ALPHABET[((b & 15) << 2) | (c >> 6)] : '=';
    line += i + 2 < bytes.length ? ALPHABET[c & 63] : '=';
    if (line.length >= 4096) {
      parts.push(line);
      line = '';
    }
  }
  parts.push(line);
  return parts.join('');
}

/** Standard base64 with or without padding; null for any other character or a bad length. */
export function base64Decode(text: string): Uint8Array | null {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */ && text.length - end < 2) end--;
  if (end % 4 === 1) return null;
  if (text.length !== end && text.length % 4 !== 0) return null;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? DECODE[code] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

const DATA_URL = /^data:audio\/(?:wav|wave|x-wav|vnd\.wave);base64,/;

/** Maximum base64 length of GIZMO_AUDIO_MAX_BYTES bytes. */
const MAX_BASE64 = 4 * Math.ceil(GIZMO_AUDIO_MAX_BYTES / 3);

export interface WavInfo {
  channels: number;
  rate: number;
  frames: number;
  /** Byte offset of the first sample in the data chunk. */
  dataOffset: number;
}

function ascii(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

function u16(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

const PCM_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

/** Parses a PCM16 WAV; returns its layout or a sentence saying what is wrong. */
export function parseWav(bytes: Uint8Array): WavInfo | string {
  if (bytes.length > GIZMO_AUDIO_MAX_BYTES) return `must be at most ${formatNumber(GIZMO_AUDIO_MAX_BYTES)} bytes (got ${bytes.length})`;
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return 'is not a RIFF/WAVE file';
  const riff = u32(bytes, 4);
  if (riff < 4 || riff > bytes.length - 8) return `declares a RIFF size of ${formatNumber(riff)} bytes but only ${formatNumber(bytes.length - 8)} follow`;
  const end = 8 + riff;
  let pos = 12;
  let format: { channels: number; rate: number } | null = null;
  let data: { offset: number; size: number } | null = null;
  while (pos < end) {
    if (end - pos < 8) return `has a truncated chunk header at byte ${formatNumber(pos)}`;
    const id = ascii(bytes, pos);
    const size = u32(bytes, pos + 4);
    const body = pos + 8;
    if (size > end - body) return `chunk "${id}" at byte ${formatNumber(pos)} declares ${formatNumber(size)} bytes but only ${formatNumber(end - body)} remain`;
    if (id === 'fmt ') {
      if (format) return 'has more than one fmt chunk';
      if (size < 16) return `has a fmt chunk of ${size} bytes (at least 16 expected)`;
      const tag = u16(bytes, body);
      const channels = u16(bytes, body + 2);
      const rate = u32(bytes, body + 4);
      const byteRate = u32(bytes, body + 8);
      const blockAlign = u16(bytes, body + 12);
      const bitsPerSample = u16(bytes, body + 14);
      if (tag === 0xfffe) {
        if (size < 40 || u16(bytes, body + 16) < 22) return 'has an extensible fmt chunk that is too short';
        if (u16(bytes, body + 24) !== 1 || PCM_GUID_TAIL.some((b, i) => bytes[body + 26 + i] !== b)) return 'is not PCM (extensible subformat)';
        if (u16(bytes, body + 18) !== 16) return 'must hold 16-bit samples (extensible valid bits)';
      } else if (tag !== 1) return `is not PCM (format ${tag})`;
      if (bitsPerSample !== 16) return `must be 16-bit PCM (got ${bitsPerSample} bits)`;
      if (channels < 1 || channels > 2) return `must be mono or stereo (got ${channels} channels)`;
      if (rate < WAV_RATE_RANGE[0] || rate > WAV_RATE_RANGE[1]) return `must have a sample rate of 8,000–96,000 Hz (got ${rate})`;
      if (blockAlign !== channels * 2 || byteRate !== rate * blockAlign) return 'has an inconsistent fmt chunk (block align or byte rate)';
      format = { channels, rate };
    } else if (id === 'data') {
      if (data) return 'has more than one data chunk';
      if (!format) return 'has its data chunk before the fmt chunk';
      if (size % (format.channels * 2) !== 0) return `has ${formatNumber(size)} data bytes, not a whole number of ${format.channels}-channel frames`;
      if (size === 0) return 'has no samples';
      data = { offset: body, size };
    }
    // Unknown chunks (LIST, fact, JUNK, …) are skipped with their pad byte.
    pos = body + size + (size & 1);
  }
  if (!format) return 'has no fmt chunk';
  if (!data) return 'has no data chunk';
  return { channels: format.channels, rate: format.rate, frames: data.size / (format.channels * 2), dataOffset: data.offset };
}

function decodeEncoded(encoded: unknown): Uint8Array | string {
  if (typeof encoded !== 'string') return 'must be a base64 PCM16 WAV string';
  const text = encoded.replace(DATA_URL, '');
  if (text.length > MAX_BASE64) return `must be at most ${formatNumber(GIZMO_AUDIO_MAX_BYTES)} bytes of WAV (got about ${Math.floor((text.length * 3) / 4)})`;
  const bytes = base64Decode(text);
  if (bytes === null) return 'must be base64 (A–Z, a–z, 0–9, +, / and = padding)';
  return bytes;
}

/** The internal twin for a recorded sound: a base64 PCM16 WAV string. */
export function wavProblem(encoded: unknown, path: string): Problem {
  const bytes = decodeEncoded(encoded);
  if (typeof bytes === 'string') return problem(path, bytes, encoded);
  const info = parseWav(bytes);
  if (typeof info === 'string') return problem(path, `WAV ${info}`, encoded);
  return null;
}

export function wavError(encoded: unknown, path?: string): string | null {
  return problemText(wavProblem(encoded, path ?? ''));
}

/** Validate before allocating playback resources. Supports recorded or generated mono/stereo WAV. */
export function readGizmoSound(encoded: string): { samples: Float32Array<ArrayBuffer>[]; rate: number; duration: number } {
  const bytes = decodeEncoded(encoded);
  if (typeof bytes === 'string') throw new TypeError(`readGizmoSound: ${bytes}`);
  const info = parseWav(bytes);
  if (typeof info === 'string') throw new TypeError(`readGizmoSound: WAV ${info}`);
  const samples: Float32Array<ArrayBuffer>[] = [];
  for (let c = 0; c < info.channels; c++) samples.push(new Float32Array(info.frames));
  let at = info.dataOffset;
  for (let n = 0; n < info.frames; n++) {
    for (let c = 0; c < info.channels; c++) {
      const v = u16(bytes, at);
      samples[c][n] = (v >= 0x8000 ? v - 0x10000 : v) / 32768;
      at += 2;
    }
  }
  return { samples, rate: info.rate, duration: info.frames / info.rate };
}

/** One float sample as PCM16: clamp to [−1, 1] (NaN → 0), then floor(x × 32767 + 0.5). */
export function pcm16(x: number): number {
  const v = x !== x ? 0 : x > 1 ? 1 : x < -1 ? -1 : x;
  return Math.floor(v * 32767 + 0.5);
}

/** File encoding only. Authors supply samples created by any recording or synthesis tool. */
export function encodeGizmoWav(channels: readonly Float32Array[], rate: number): string {
  return base64Encode(encodeWavBytes(channels, rate));
}

export function encodeWavBytes(channels: readonly ArrayLike<number>[], rate: number): Uint8Array {
  if (!Array.isArray(channels) || channels.length < 1 || channels.length > 2) throw new RangeError('encodeGizmoWav: channels must be a list of 1 or 2 sample arrays');
  const frames = channels[0].length;
  if (channels.some((c) => c.length !== frames)) throw new RangeError('encodeGizmoWav: every channel must have the same number of samples');
  if (!Number.isInteger(rate) || rate < WAV_RATE_RANGE[0] || rate > WAV_RATE_RANGE[1]) throw new RangeError(`encodeGizmoWav: rate must be an integer 8,000–96,000 Hz (got ${rate})`);
  if (frames === 0) throw new RangeError('encodeGizmoWav: there must be at least one sample');
  const blockAlign = channels.length * 2;
  const dataBytes = frames * blockAlign;
  const total = 44 + dataBytes;
  if (total > GIZMO_AUDIO_MAX_BYTES) throw new RangeError(`encodeGizmoWav: the WAV would be ${formatNumber(total)} bytes; at most ${formatNumber(GIZMO_AUDIO_MAX_BYTES)} are allowed`);
  const out = new Uint8Array(total);
  const put16 = (at: number, v: number) => {
    out[at] = v & 0xff;
    out[at + 1] = (v >> 8) & 0xff;
  };
  const put32 = (at: number, v: number) => {
    put16(at, v & 0xffff);
    put16(at + 2, (v >>> 16) & 0xffff);
  };
  const tag = (at: number, text: string) => {
    for (let i = 0; i < 4; i++) out[at + i] = text.charCodeAt(i);
  };
  tag(0, 'RIFF');
  put32(4, total - 8);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  put32(16, 16);
  put16(20, 1);
  put16(22, channels.length);
  put32(24, rate);
  put32(28, rate * blockAlign);
  put16(32, blockAlign);
  put16(34, 16);
  tag(36, 'data');
  put32(40, dataBytes);
  let at = 44;
  for (let n = 0; n < frames; n++) {
    for (let c = 0; c < channels.length; c++) {
      put16(at, pcm16(channels[c][n]) & 0xffff);
      at += 2;
    }
  }
  return out;
}
