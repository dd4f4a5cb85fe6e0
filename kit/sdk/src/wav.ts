/**
 * Recorded sounds: PCM16 WAV as base64 strings (the form esbuild's base64 loader gives an
 * imported .wav). The reader treats the bytes as untrusted: every chunk size is checked against
 * the bytes that remain before anything is read or allocated. Base64 is done by hand: atob/btoa
 * are host APIs the Scape docs do not list (the validation engine supplies them, a hosted world
 * may not). The Go package audio (wav.go) reads and writes the same bytes.
 */
import { problemText, reworded, type GizmoProblem } from './internal/problem.js';
import { formatNumber, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES } from './internal/rules.js';

/** 44-byte header + 960,000 bytes of PCM16 (10 s mono or 5 s stereo at 48 kHz). */
export const GIZMO_AUDIO_MAX_BYTES = 960044;
/** The rates every Web Audio implementation must support; others only warn. */
export const WAV_RATE_RANGE = [8000, 96000] as const;
/** The largest rate a mono or stereo header can hold (byte rate = rate × 4 < 2^32). */
export const WAV_MAX_RATE = 1073741823;

const S = 'Audio recipes';
const READING = 'audio-semantics.md, "WAV (PCM16) reading"';

/** The recorded-sound rules: what the docs and the WAV reading rules state, and the former guesses. */
export const WAV_RULES = {
  size: rule({ id: 'wav.size', class: 'doc', section: S, item: 'Recorded WAV size', bound: `at most ${formatNumber(GIZMO_AUDIO_MAX_BYTES)} bytes (\`GIZMO_AUDIO_MAX_BYTES\`)`, max: GIZMO_AUDIO_MAX_BYTES, source: `Audio & ambience: "export declare const GIZMO_AUDIO_MAX_BYTES = 960044"; ${READING}: "at most GIZMO_AUDIO_MAX_BYTES in all"` }),
  base64: rule({ id: 'wav.base64', class: 'doc', section: S, item: 'Recorded WAV string', bound: 'base64 (A–Z, a–z, 0–9, +, /, = padding), optionally a `data:audio/wav;base64,` URL', source: 'GizmoSound: "optional recorded PCM16 WAV imports"; readGizmoSound(encoded: string) (the string esbuild\'s base64 loader gives an imported .wav)' }),
  riff: rule({ id: 'wav.riff', class: 'doc', section: S, item: 'Recorded WAV structure', bound: 'RIFF/WAVE; every chunk within the bytes; one fmt chunk of at least 16 bytes, then one data chunk', source: `GizmoSound: "recorded PCM16 WAV"; ${READING}: "Parse RIFF chunk by chunk with every size checked against the bytes that remain"` }),
  pcm16: rule({ id: 'wav.pcm16', class: 'doc', section: S, item: 'Recorded WAV format', bound: 'PCM (format 1, or extensible with the PCM subformat), 16 bits per sample', source: `GizmoSound: "optional recorded PCM16 WAV imports"; ${READING}: "accept only PCM (format 1, or extensible with the PCM subformat) with 16 bits"` }),
  channels: rule({ id: 'wav.channels', class: 'doc', section: S, item: 'Recorded WAV channels', min: 1, max: 2, integer: true, bound: '1 or 2', source: 'readGizmoSound: "Supports recorded or generated mono/stereo WAV"' }),
  frames: rule({ id: 'wav.frames', class: 'doc', section: S, item: 'Recorded WAV data', bound: 'a whole number of frames', source: `${READING}: "a data chunk whose length is a whole number of frames"` }),
  rate: rule({ id: 'wav.rate', class: 'doc', section: S, item: 'Recorded WAV sample rate', bound: 'greater than 0', was: '8,000–96,000 Hz', source: `${READING}: "a sane sample rate" (0 Hz has no duration)` }),
  rateRange: rule({ id: 'wav.rate.range', class: 'guess', treatment: 'warning', section: S, item: 'Recorded WAV sample rate', bound: '8,000–96,000 Hz', was: 'an error', source: 'the docs are silent; every Web Audio implementation must support 8,000–96,000 Hz, so a rate outside it may be resampled or refused by a host' }),
  header: rule({ id: 'wav.header', class: 'guess', treatment: 'warning', section: S, item: 'Recorded WAV block align and byte rate', bound: 'channels × 2 and rate × block align', was: 'an error', source: 'the docs are silent; the reader uses channels × 2 bytes per frame, but another player may trust the header' }),
  empty: rule({ id: 'wav.empty', class: 'guess', treatment: 'warning', section: S, item: 'Recorded WAV samples', bound: 'at least one frame', was: 'an error', source: 'the docs are silent; a WAV without samples is silent' }),
};

const W = WAV_RULES;

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

/**
 * A chunk id as messages show it (Go's audio.ParseWAV words it alike): printable ASCII as is,
 * `"` and `\` escaped, any other byte as \xHH, so a corrupt id puts no control bytes in a message.
 */
function quoteChunkId(id: string): string {
  let out = '"';
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) out += `\\${id[i]}`;
    else if (c >= 0x20 && c <= 0x7e) out += id[i];
    else out += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return `${out}"`;
}

const PCM_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

/**
 * Parses a PCM16 WAV: its layout, or the problem (path '') saying what is wrong. Warnings (an
 * unusual rate, an inconsistent header, no samples) go to the caller's collectWarnings.
 */
export function parseWav(bytes: Uint8Array, value: unknown = bytes, path = ''): WavInfo | GizmoProblem {
  const bad = (r: typeof W.riff, message: string) => fail(r, '', message, value) as GizmoProblem;
  if (bytes.length > GIZMO_AUDIO_MAX_BYTES) return bad(W.size, `must be at most ${formatNumber(GIZMO_AUDIO_MAX_BYTES)} bytes (got ${bytes.length})`);
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return bad(W.riff, 'is not a RIFF/WAVE file');
  const riff = u32(bytes, 4);
  if (riff < 4 || riff > bytes.length - 8) return bad(W.riff, `declares a RIFF size of ${formatNumber(riff)} bytes but only ${formatNumber(bytes.length - 8)} follow`);
  const end = 8 + riff;
  let pos = 12;
  let format: { channels: number; rate: number } | null = null;
  let data: { offset: number; size: number } | null = null;
  while (pos < end) {
    if (end - pos < 8) return bad(W.riff, `has a truncated chunk header at byte ${formatNumber(pos)}`);
    const id = ascii(bytes, pos);
    const size = u32(bytes, pos + 4);
    const body = pos + 8;
    if (size > end - body) return bad(W.riff, `chunk ${quoteChunkId(id)} at byte ${formatNumber(pos)} declares ${formatNumber(size)} bytes but only ${formatNumber(end - body)} remain`);
    if (id === 'fmt ') {
      if (format) return bad(W.riff, 'has more than one fmt chunk');
      if (size < 16) return bad(W.riff, `has a fmt chunk of ${size} bytes (at least 16 expected)`);
      const tag = u16(bytes, body);
      const channels = u16(bytes, body + 2);
      const rate = u32(bytes, body + 4);
      const byteRate = u32(bytes, body + 8);
      const blockAlign = u16(bytes, body + 12);
      const bitsPerSample = u16(bytes, body + 14);
      if (tag === 0xfffe) {
        if (size < 40 || u16(bytes, body + 16) < 22) return bad(W.riff, 'has an extensible fmt chunk that is too short');
        if (u16(bytes, body + 24) !== 1 || PCM_GUID_TAIL.some((b, i) => bytes[body + 26 + i] !== b)) return bad(W.pcm16, 'is not PCM (extensible subformat)');
        // Valid bits below 16 are still 16-bit words (left-justified); 0 means unspecified.
        if (u16(bytes, body + 18) > 16) return bad(W.pcm16, 'must hold 16-bit samples (extensible valid bits)');
      } else if (tag !== 1) return bad(W.pcm16, `is not PCM (format ${tag})`);
      if (bitsPerSample !== 16) return bad(W.pcm16, `must be 16-bit PCM (got ${bitsPerSample} bits)`);
      if (channels < 1 || channels > 2) return bad(W.channels, `must be mono or stereo (got ${channels} channels)`);
      if (rate === 0) return bad(W.rate, 'must have a sample rate above 0 Hz');
      if (rate < WAV_RATE_RANGE[0] || rate > WAV_RATE_RANGE[1])
        fail(W.rateRange, path, `WAV has a sample rate of ${formatNumber(rate)} Hz, outside the 8,000–96,000 Hz every Web Audio implementation must play`, value);
      if (blockAlign !== channels * 2 || byteRate !== rate * blockAlign) fail(W.header, path, 'WAV has an inconsistent fmt chunk (block align or byte rate); it is read as 16-bit frames of its channels', value);
      format = { channels, rate };
    } else if (id === 'data') {
      if (data) return bad(W.riff, 'has more than one data chunk');
      if (!format) return bad(W.riff, 'has its data chunk before the fmt chunk');
      if (size % (format.channels * 2) !== 0) return bad(W.frames, `has ${formatNumber(size)} data bytes, not a whole number of ${format.channels}-channel frames`);
      if (size === 0) fail(W.empty, path, 'WAV has no samples, so it is silent', value);
      data = { offset: body, size };
    }
    // Unknown chunks (LIST, fact, JUNK, …) are skipped with their pad byte.
    pos = body + size + (size & 1);
  }
  if (!format) return bad(W.riff, 'has no fmt chunk');
  if (!data) return bad(W.riff, 'has no data chunk');
  return { channels: format.channels, rate: format.rate, frames: data.size / (format.channels * 2), dataOffset: data.offset };
}

function isInfo(found: WavInfo | GizmoProblem): found is WavInfo {
  return (found as WavInfo).dataOffset !== undefined;
}

function decodeEncoded(encoded: unknown): Uint8Array | GizmoProblem {
  if (typeof encoded !== 'string') return fail(TYPE_RULES.string, '', 'must be a base64 PCM16 WAV string', encoded) as GizmoProblem;
  const text = encoded.replace(DATA_URL, '');
  if (text.length > MAX_BASE64) return fail(W.size, '', `must be at most ${formatNumber(GIZMO_AUDIO_MAX_BYTES)} bytes of WAV (got about ${Math.floor((text.length * 3) / 4)})`, encoded) as GizmoProblem;
  const bytes = base64Decode(text);
  if (bytes === null) return fail(W.base64, '', 'must be base64 (A–Z, a–z, 0–9, +, / and = padding)', encoded) as GizmoProblem;
  return bytes;
}

/** The internal twin for a recorded sound: a base64 PCM16 WAV string. */
export function wavProblem(encoded: unknown, path: string): Problem {
  const bytes = decodeEncoded(encoded);
  if (!(bytes instanceof Uint8Array)) return reworded(bytes, path, bytes.message);
  const info = parseWav(bytes, encoded, path);
  if (!isInfo(info)) return reworded(info, path, `WAV ${info.message}`);
  return null;
}

export function wavError(encoded: unknown, path?: string): string | null {
  return problemText(wavProblem(encoded, path ?? ''));
}

/** Validate before allocating playback resources. Supports recorded or generated mono/stereo WAV. */
export function readGizmoSound(encoded: string): { samples: Float32Array<ArrayBuffer>[]; rate: number; duration: number } {
  const bytes = decodeEncoded(encoded);
  if (!(bytes instanceof Uint8Array)) throw new TypeError(`readGizmoSound: ${bytes.message}`);
  const info = parseWav(bytes);
  if (!isInfo(info)) throw new TypeError(`readGizmoSound: WAV ${info.message}`);
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
  if (!Number.isInteger(rate) || rate < 1 || rate > WAV_MAX_RATE) throw new RangeError(`encodeGizmoWav: rate must be an integer 1–${formatNumber(WAV_MAX_RATE)} Hz (got ${rate})`);
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
