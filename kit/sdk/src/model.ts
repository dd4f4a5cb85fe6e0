/**
 * Embedded models: `presentation.model` is a binary glTF (.glb) as base64, the form esbuild's
 * base64 loader gives an imported .glb. This is the SDK's twin of the Go package `glb`: the same
 * 24 ordered checks (../../shared/spec/glb-checklist.md) with the same messages, so an author's
 * own tests, the toolchain and the host reach the same verdict. Like glb it reports problems
 * (refusals) and warnings (what the docs leave open: the agent-avatar budget, a buffer-view
 * target or sampler value glTF does not define), each warning with glb's step, code, path, value
 * and message; a model with only warnings is accepted. The Go checker additionally has the glTF
 * library decode what these checks do not read (material enums, cameras, samplers); here those
 * few rules are written out (`libraryRules`).
 *
 * The bytes are untrusted: every length and offset is compared with the bytes present before
 * it is used, and nothing is allocated from a declared size. No TextDecoder in goja: UTF-8 is
 * validated and decoded by hand.
 */
import { joinPath as at, problem } from './internal/problem.js'; // at(base, i): base[i], as Go's at
import { formatNumber, isPlainObject, type Problem } from './internal/checks.js';
import { fail, rule, TYPE_RULES, type Rule } from './internal/rules.js';
import { base64Decode } from './wav.js';

/** 768 KiB: the most that fits in the 1 MiB bundle once base64-encoded. */
export const GIZMO_MODEL_MAX_BYTES = 786432;
/**
 * The docs bound agent avatars ("GLBs are static, self-contained, and bounded to 20,000
 * triangles and 32 draw calls", Limits and compatibility, "Agent avatars"); they state no bound
 * for a Gizmo model. A Gizmo model over either is accepted with a warning (check 24), never
 * refused, as glb's AvatarMaxTriangles and AvatarMaxDrawCalls.
 */
export const AVATAR_MAX_TRIANGLES = 20000;
export const AVATAR_MAX_DRAW_CALLS = 32;
/** What one check lists at most (glb's maxPhaseProblems): this toolchain's output bound, not a rule. */
const MAX_PHASE_PROBLEMS = 50;
/** Instance and cost counts saturate here, as glb's: past it anything is over the budget anyway. */
const SATURATION = 2 ** 50;
const MAX_BASE64 = 4 * Math.ceil(GIZMO_MODEL_MAX_BYTES / 3);
const ALLOWED_EXTENSIONS = ['KHR_materials_unlit', 'KHR_materials_emissive_strength'];
const DATA_URL = /^data:(?:model\/gltf-binary|application\/octet-stream);base64,/;

/** One finding about a model, as the Go checker reports it: a refusal, or a warning. */
export interface ModelProblem {
  step: number;
  code: string;
  path: string;
  value: unknown;
  message: string;
}

export interface ModelFacts {
  bytes: number;
  triangles: number;
  drawCalls: number;
  primitives: number;
  meshes: number;
  nodes: number;
  materials: number;
  extensions: string[];
  counted: boolean;
}

export interface ModelReport {
  facts: ModelFacts;
  /** Why the model is refused (glb's Result.Problems); empty for an accepted model. */
  problems: ModelProblem[];
  /**
   * What never refuses it (glb's Result.Warnings): over the agent-avatar budget, a buffer-view
   * target or sampler value glTF does not define. A model may have warnings and no problems.
   */
  warnings: ModelProblem[];
}

class Stop extends Error {}

type Json = Record<string, unknown>;

function hex8(n: number): string {
  return '0x' + (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

function hex2(n: number): string {
  return '0x' + n.toString(16).toUpperCase().padStart(2, '0');
}

function plural(n: number, noun: string): string {
  if (n === 1) return `${n} ${noun}`;
  return noun.endsWith('y') ? `${n} ${noun.slice(0, -1)}ies` : `${n} ${noun}s`;
}

function quoteShort(s: string): string {
  const chars = Array.from(s);
  return JSON.stringify(chars.length > 40 ? chars.slice(0, 40).join('') + '…' : s).replace(/\\u2026"$/, '…"');
}

/** Go's join: unlike joinPath it never quotes a key (paths name glTF keys as the checklist writes them). */
function join(base: string, key: string): string {
  return base === '' ? key : `${base}.${key}`;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return quoteShort(v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/**
 * Validates UTF-8 exactly as Go's utf8.Valid (no overlongs, no surrogates, ≤ U+10FFFF) and
 * decodes it. Returns the string, or the offset of the first invalid byte.
 */
export function decodeUtf8(b: Uint8Array): string | { invalidAt: number } {
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    let cp: number;
    let n: number;
    if (c < 0x80) {
      cp = c;
      n = 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
      n = 2;
      cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 3;
      cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 4;
      cp = c & 0x07;
    } else return { invalidAt: i };
    if (i + n > b.length) return { invalidAt: i };
    for (let k = 1; k < n; k++) {
      const d = b[i + k];
      if ((d & 0xc0) !== 0x80) return { invalidAt: i };
      cp = (cp << 6) | (d & 0x3f);
    }
    if ((n === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n === 4 && (cp < 0x10000 || cp > 0x10ffff))) return { invalidAt: i };
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      chunk.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else chunk.push(cp);
    if (chunk.length >= 4096) {
      parts.push(String.fromCharCode.apply(null, chunk)); // apply: a spread walks the iterator protocol, slow in goja
      chunk = [];
    }
    i += n;
  }
  parts.push(String.fromCharCode.apply(null, chunk)); // apply: a spread walks the iterator protocol, slow in goja
  return parts.join('');
}

interface Accessor {
  bufferView: number;
  byteOffset: number;
  componentType: number;
  count: number;
  type: string;
  normalized: boolean;
  sparse: boolean;
  min: number[] | null;
  max: number[] | null;
}
interface View {
  buffer: number;
  byteOffset: number;
  byteLength: number;
  byteStride: number;
  hasStride: boolean;
  hasTarget: boolean;
  target: number;
}
interface Prim {
  attrs: [string, number][];
  indices: number;
  material: number;
  mode: number;
  targets: number;
}
interface Node {
  children: number[];
  mesh: number;
  skin: number;
  camera: number;
  weights: boolean;
  matrix: boolean;
  trsKey: string;
  matrixValues: number[] | null;
  rotation: number[] | null;
}

const COMPONENTS: Record<number, [number, string]> = {
  5120: [1, 'byte'],
  5121: [1, 'unsigned byte'],
  5122: [2, 'short'],
  5123: [2, 'unsigned short'],
  5125: [4, 'unsigned int'],
  5126: [4, 'float'],
};
const TYPES: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

function elementSize(a: Accessor): number {
  const size = COMPONENTS[a.componentType][0];
  if (a.type === 'MAT2' && size === 1) return 8;
  if (a.type === 'MAT3' && size === 1) return 12;
  if (a.type === 'MAT3' && size === 2) return 24;
  return size * TYPES[a.type];
}

/**
 * Keeps the first MAX_PHASE_PROBLEMS findings of `list` from index `from` (one check's) and a
 * line counting the rest, as glb's capped: a crafted file can break one rule thousands of times.
 */
function cap(list: ModelProblem[], from: number): void {
  const n = list.length - from;
  if (n <= MAX_PHASE_PROBLEMS) return;
  const last = list[from + MAX_PHASE_PROBLEMS - 1];
  list.length = from + MAX_PHASE_PROBLEMS;
  list.push({ step: last.step, code: last.code, path: '', value: undefined, message: `… and ${n - MAX_PHASE_PROBLEMS} more like these (this toolchain lists at most ${MAX_PHASE_PROBLEMS} per check)` });
}

/** The whole check, mirroring glb.CheckNamed: its problems and its warnings, in checklist order. */
export function checkGizmoModel(bytes: Uint8Array, name = 'the file'): ModelReport {
  const problems: ModelProblem[] = [];
  const warnings: ModelProblem[] = [];
  const facts: ModelFacts = { bytes: bytes.length, triangles: 0, drawCalls: 0, primitives: 0, meshes: 0, nodes: 0, materials: 0, extensions: [], counted: false };
  let phaseStart = 0;
  const out: Out = {
    warnings,
    add: (step, code, path, value, message) => problems.push({ step, code, path, value, message }),
    warn: (step, code, path, value, message) => warnings.push({ step, code, path, value, message }),
    fail: (step, code, message) => {
      problems.push({ step, code, path: '', value: undefined, message });
      throw new Stop();
    },
    endPhase: () => {
      cap(problems, phaseStart);
      phaseStart = problems.length;
    },
    stopIfAny: () => {
      out.endPhase();
      if (problems.length > 0) throw new Stop();
    },
  };
  try {
    const doc = run(bytes, name, facts, out);
    // Last, as in Go: what the library's decoder would refuse in parts no check reads.
    // (Warnings do not stop it: a warning never hides a refusal.)
    if (problems.length === 0 && doc) libraryRules(doc, out.add);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  problems.sort((a, b) => a.step - b.step);
  warnings.sort((a, b) => a.step - b.step);
  return { facts, problems, warnings };
}

type Add = (step: number, code: string, path: string, value: unknown, message: string) => void;

/** Where run reports: problems (add; fail adds one and stops), warnings (warn), and the phases. */
interface Out {
  /** The warnings so far: a check's own are capped like its problems (see cap). */
  warnings: ModelProblem[];
  add: Add;
  warn: Add;
  fail: (step: number, code: string, message: string) => never;
  /** Ends a check's phase: its problems are capped (see cap). */
  endPhase: () => void;
  /** Ends a phase and stops when there are problems: later checks depend on it. */
  stopIfAny: () => void;
}

const satAdd = (a: number, b: number): number => Math.min(a + b, SATURATION);
const satMul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a > Math.floor(SATURATION / b) ? SATURATION : Math.min(a * b, SATURATION));

/** The values glTF defines for a sampler's filters and wrap modes (glb's samplerEnums). */
const SAMPLER_ENUMS: Record<string, number[]> = {
  magFilter: [9728, 9729],
  minFilter: [9728, 9729, 9984, 9985, 9986, 9987],
  wrapS: [33071, 33648, 10497],
  wrapT: [33071, 33648, 10497],
};
const SAMPLER_KEYS = ['magFilter', 'minFilter', 'wrapS', 'wrapT'];

/**
 * Whether x, under sampler key k, is an integer glTF does not define for it (glb's
 * undefinedSamplerValue: 9728.0 is 9728; what is not an integer is the library rules' to refuse).
 */
function undefinedSamplerValue(k: string, x: unknown): boolean {
  if (!Object.prototype.hasOwnProperty.call(SAMPLER_ENUMS, k)) return false;
  return typeof x === 'number' && Number.isInteger(x) && Math.abs(x) <= 2 ** 53 && SAMPLER_ENUMS[k].indexOf(x) < 0;
}

/**
 * Check 9's warning (glb's samplerWarnings): a sampler's filter or wrap mode is an integer glTF
 * does not define. glTF's schema leaves these enums open and only a texture uses a sampler (a
 * model has none: check 12), so nothing refuses it; but a strict glTF reader refuses the file.
 */
function samplerWarnings(doc: Json, warn: Add): void {
  const list = Array.isArray(doc.samplers) ? doc.samplers : [];
  for (let i = 0; i < list.length; i++) {
    const sampler = list[i];
    if (!isPlainObject(sampler)) continue;
    for (const k of SAMPLER_KEYS) {
      const x = sampler[k];
      if (!(k in sampler) || !undefinedSamplerValue(k, x)) continue;
      const p = `samplers[${i}].${k}`;
      const defined = SAMPLER_ENUMS[k];
      const listed = `${defined.slice(0, -1).join(', ')} and ${defined[defined.length - 1]}`;
      warn(9, 'sampler-value', p, x, `${p} = ${String(x)}: glTF defines only ${listed}; the sampler is unused (a model has no textures), but a strict glTF reader may refuse the file`);
    }
  }
}

function run(bytes: Uint8Array, name: string, facts: ModelFacts, out: Out): Json | undefined {
  const { add, fail, stopIfAny } = out;
  // 1–7: the container.
  const size = bytes.length;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (off: number) => dv.getUint32(off, true);
  if (size > GIZMO_MODEL_MAX_BYTES)
    fail(1, 'file-too-large', `${name} is ${size} bytes; a model can be at most ${GIZMO_MODEL_MAX_BYTES} bytes (768 KiB), the most that fits in the 1 MiB bundle as base64`);
  if (size < 12) fail(2, 'no-header', `${name} is ${size} bytes; a .glb file starts with a 12-byte header`);
  if (u32(0) !== 0x46546c67) {
    let k = 0;
    while (k < size && (bytes[k] === 0x20 || bytes[k] === 0x09 || bytes[k] === 0x0a || bytes[k] === 0x0d || bytes[k] === 0xef || bytes[k] === 0xbb || bytes[k] === 0xbf)) k++;
    const hint = k < size && bytes[k] === 0x7b ? ' (this looks like .gltf JSON; export as .glb)' : '';
    fail(3, 'bad-magic', `header magic is ${hex8(u32(0))}; expected 0x46546C67 ("glTF"): not a binary glTF file${hint}`);
  }
  if (u32(4) !== 2) fail(4, 'bad-version', `header version is ${u32(4)}; only GLB version 2 (glTF 2.0) is supported`);
  if (u32(8) !== size) fail(5, 'length-mismatch', `header length is ${u32(8)} but the file is ${size} bytes: the file is truncated or has extra bytes at the end; export it again`);
  const chunks: { type: number; start: number; length: number }[] = [];
  for (let off = 12; off < size; ) {
    const i = chunks.length;
    if (size - off < 8) fail(6, 'chunk-header', `chunk ${i}: header truncated at byte ${off}`);
    const n = u32(off);
    const type = u32(off + 4);
    if (n % 4 !== 0) fail(6, 'chunk-unaligned', `chunk ${i}: chunkLength ${n} is not a multiple of 4`);
    if (n > size - off - 8) fail(6, 'chunk-too-big', `chunk ${i}: chunkLength ${n} runs past the end of the file (${size} bytes)`);
    chunks.push({ type, start: off + 8, length: n });
    off += 8 + n;
    if (chunks.length > 3) break;
  }
  const JSONT = 0x4e4f534a;
  const BINT = 0x004e4942;
  if (chunks.length === 0) fail(7, 'chunk-layout', 'the file has no chunks; a .glb file needs a JSON chunk after its header');
  chunks.forEach((ch, i) => {
    const label = ch.type === JSONT ? ' (JSON)' : ch.type === BINT ? ' (BIN)' : '';
    if (i === 0 && ch.type !== JSONT) fail(7, 'chunk-layout', `chunk 0 has type ${hex8(ch.type)}${label}; the first chunk must be JSON (0x4E4F534A)`);
    if (i === 0 && ch.length === 0) fail(7, 'chunk-layout', 'chunk 0 (JSON) is empty');
    if (i > 0 && ch.type === JSONT) fail(7, 'chunk-layout', `chunk ${i} is a second JSON chunk`);
    if (i === 1 && ch.type === BINT && ch.length === 0) fail(7, 'chunk-layout', 'chunk 1 (BIN) is empty; leave the BIN chunk out when there is no binary data');
    if ((i === 1 && ch.type !== BINT) || i > 1) {
      if (ch.type === BINT) fail(7, 'chunk-layout', `chunk ${i} is a second BIN chunk; only one JSON and one BIN chunk are supported`);
      fail(7, 'chunk-layout', `chunk ${i} has type ${hex8(ch.type)}; only one JSON and one BIN chunk are supported`);
    }
  });
  const jsonBytes = bytes.subarray(chunks[0].start, chunks[0].start + chunks[0].length);
  const hasBin = chunks.length > 1;
  const bin = hasBin ? bytes.subarray(chunks[1].start, chunks[1].start + chunks[1].length) : new Uint8Array(0);

  // 8: the JSON text.
  if (jsonBytes[0] === 0xef && jsonBytes[1] === 0xbb && jsonBytes[2] === 0xbf)
    fail(8, 'json-text', 'JSON chunk starts with a UTF-8 byte order mark; glTF JSON must not have one');
  const text = decodeUtf8(jsonBytes);
  if (typeof text !== 'string') fail(8, 'json-text', `JSON chunk is not valid UTF-8 (byte ${hex2(jsonBytes[(text as { invalidAt: number }).invalidAt])} at offset ${(text as { invalidAt: number }).invalidAt})`);
  // Go's decoder refuses nesting deeper than 10,000 levels, a bound on the toolchain's own work
  // (its stack), not a glTF rule; this checker refuses the same, with glb's words.
  let depth = 0;
  let inString = false;
  for (let i = 0; i < jsonBytes.length; i++) {
    const c = jsonBytes[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > 10000)
        fail(8, 'json-text', `JSON chunk nests more than 10,000 levels deep (at offset ${i + 1}): that is this toolchain's limit for reading JSON, not a rule of glTF or of Gizmo models`);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  let root: unknown;
  try {
    root = JSON.parse(text as string);
  } catch (e) {
    // Padding other than whitespace after a complete value gets its own message, like Go's.
    let end = jsonBytes.length;
    while (end > 0 && jsonBytes[end - 1] !== 0x7d && jsonBytes[end - 1] !== 0x5d) end--;
    let parsedPrefix = false;
    try {
      JSON.parse((text as string).slice(0, (decodeUtf8(jsonBytes.subarray(0, end)) as string).length));
      parsedPrefix = end > 0;
    } catch {
      parsedPrefix = false;
    }
    if (parsedPrefix) {
      let k = end;
      while (k < jsonBytes.length && (jsonBytes[k] === 0x20 || jsonBytes[k] === 0x09 || jsonBytes[k] === 0x0a || jsonBytes[k] === 0x0d)) k++;
      fail(8, 'json-text', `JSON chunk contains a ${hex2(jsonBytes[k])} byte at offset ${k} (padding must be spaces, 0x20)`);
    }
    fail(8, 'json-text', `JSON chunk is not valid JSON: ${(e as Error).message}`);
  }
  if (!isPlainObject(root))
    fail(8, 'json-text', `JSON chunk holds ${root === null ? 'null' : Array.isArray(root) ? 'an array' : `a ${typeof root}`}; a glTF JSON chunk is one object`);
  const doc = root as Json;

  // 9: schema basics, integers accepting 36.0.
  const schema = (path: string, value: unknown, message: string) => add(9, 'schema', path, value, message);
  const wrong = (path: string, v: unknown, want: string) => schema(path, v, `${path} = ${describe(v)}: must be ${want}`);
  const integer = (v: unknown, path: string, min: number): number | null => {
    if (typeof v !== 'number') return wrong(path, v, 'an integer'), null;
    if (!Number.isInteger(v)) return schema(path, v, `${path} = ${v}: must be an integer`), null;
    if (v < min) return schema(path, v, `${path} = ${v}: must be at least ${min}`), null;
    if (v > 2 ** 53) return schema(path, v, `${path} = ${v}: is too large`), null;
    return v;
  };
  const optInt = (o: Json, key: string, base: string, min: number, absent: number): number => {
    if (!(key in o)) return absent;
    return integer(o[key], join(base, key), min) ?? absent;
  };
  const reqInt = (o: Json, key: string, base: string, min: number): number => {
    if (!(key in o)) return schema(join(base, key), undefined, `${join(base, key)} is missing`), -1;
    return integer(o[key], join(base, key), min) ?? -1;
  };
  const str = (o: Json, key: string, base: string): string | null => {
    if (!(key in o)) return null;
    if (typeof o[key] !== 'string') return wrong(join(base, key), o[key], 'a string'), null;
    return o[key] as string;
  };
  const obj = (v: unknown, path: string): Json | null => (isPlainObject(v) ? v : (wrong(path, v, 'an object'), null));
  const arr = (o: Json, key: string, base: string): unknown[] => {
    if (!(key in o)) return [];
    if (!Array.isArray(o[key])) return wrong(join(base, key), o[key], 'an array'), [];
    return o[key] as unknown[];
  };
  // Plain loops in the per-element paths: goja runs forEach/for-of several times slower.
  const objects = (o: Json, key: string, base: string): Json[] => {
    const list = arr(o, key, base);
    const out: Json[] = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      out[i] = isPlainObject(v) ? v : (obj(v, at(join(base, key), i)) ?? {});
    }
    return out;
  };
  const numbers = (o: Json, key: string, base: string): number[] | null => {
    if (!(key in o)) return null;
    if (!Array.isArray(o[key])) return wrong(join(base, key), o[key], 'an array of numbers'), null;
    const out: number[] = [];
    (o[key] as unknown[]).forEach((e, i) => {
      if (typeof e !== 'number' || !Number.isFinite(e)) wrong(at(join(base, key), i), e, 'a number');
      else out.push(e);
    });
    return out;
  };
  const indexList = (o: Json, key: string, base: string): number[] => {
    const list = arr(o, key, base);
    const out: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2 ** 53) out.push(v);
      else {
        const n = integer(v, at(join(base, key), i), 0);
        if (n !== null) out.push(n);
      }
    }
    return out;
  };
  const strings = (key: string): string[] => {
    const out: string[] = [];
    arr(doc, key, '').forEach((v, i) => (typeof v === 'string' ? out.push(v) : wrong(at(key, i), v, 'a string')));
    return out;
  };

  let version = '';
  let minVersion: string | null = null;
  if (!('asset' in doc)) schema('asset', undefined, 'asset is missing: every glTF file needs asset.version "2.0"');
  else {
    const asset = obj(doc.asset, 'asset');
    if (asset) {
      const v = str(asset, 'version', 'asset');
      if (v !== null) version = v;
      else if (!('version' in asset)) schema('asset.version', undefined, 'asset.version is missing; expected "2.0"');
      minVersion = str(asset, 'minVersion', 'asset');
      str(asset, 'generator', 'asset');
    }
  }
  const extUsed = strings('extensionsUsed');
  const extRequired = strings('extensionsRequired');
  const scene = optInt(doc, 'scene', '', 0, -1);
  const buffers = objects(doc, 'buffers', '').map((b, i) => {
    const uri = str(b, 'uri', at('buffers', i));
    return { uri, byteLength: reqInt(b, 'byteLength', at('buffers', i), 1) };
  });
  const views: View[] = objects(doc, 'bufferViews', '').map((v, i) => {
    const p = at('bufferViews', i);
    const hasStride = 'byteStride' in v;
    return {
      buffer: reqInt(v, 'buffer', p, 0),
      byteOffset: optInt(v, 'byteOffset', p, 0, 0),
      byteLength: reqInt(v, 'byteLength', p, 1),
      byteStride: hasStride ? optInt(v, 'byteStride', p, 0, 0) : 0,
      hasStride,
      // Any integer (as glb, down to Go's int64 minimum): glTF's schema leaves the enum open, so
      // a value it does not define is layout's warning, not a refusal.
      hasTarget: 'target' in v,
      target: optInt(v, 'target', p, -(2 ** 63), 0),
    };
  });
  const accessors: Accessor[] = objects(doc, 'accessors', '').map((a, i) => {
    const p = at('accessors', i);
    const acc: Accessor = {
      bufferView: optInt(a, 'bufferView', p, 0, -1),
      byteOffset: optInt(a, 'byteOffset', p, 0, 0),
      componentType: reqInt(a, 'componentType', p, 0),
      count: reqInt(a, 'count', p, 0),
      type: '',
      normalized: false,
      sparse: 'sparse' in a,
      min: null,
      max: null,
    };
    if ('normalized' in a) {
      if (typeof a.normalized !== 'boolean') wrong(join(p, 'normalized'), a.normalized, 'true or false');
      else acc.normalized = a.normalized;
    }
    const t = str(a, 'type', p);
    if (t !== null) acc.type = t;
    else if (!('type' in a)) schema(join(p, 'type'), undefined, `${p}.type is missing`);
    if ('byteOffset' in a && !('bufferView' in a)) schema(join(p, 'byteOffset'), acc.byteOffset, `${p}.byteOffset is set but ${p} has no bufferView`);
    acc.min = numbers(a, 'min', p);
    acc.max = numbers(a, 'max', p);
    if (acc.sparse) obj(a.sparse, join(p, 'sparse'));
    return acc;
  });
  const meshes = objects(doc, 'meshes', '').map((me, i) => {
    const p = at('meshes', i);
    numbers(me, 'weights', p);
    if (!('primitives' in me)) schema(join(p, 'primitives'), undefined, `${p}.primitives is missing`);
    const prims: Prim[] = objects(me, 'primitives', p).map((pr, j) => {
      const pp = at(join(p, 'primitives'), j);
      const prim: Prim = { attrs: [], indices: optInt(pr, 'indices', pp, 0, -1), material: optInt(pr, 'material', pp, 0, -1), mode: optInt(pr, 'mode', pp, 0, 4), targets: 0 };
      if (!('attributes' in pr)) schema(join(pp, 'attributes'), undefined, `${pp}.attributes is missing`);
      else {
        const attrs = obj(pr.attributes, join(pp, 'attributes'));
        if (attrs)
          for (const key of Object.keys(attrs).sort()) {
            const n = integer(attrs[key], join(join(pp, 'attributes'), key), 0);
            if (n !== null) prim.attrs.push([key, n]);
          }
      }
      arr(pr, 'targets', pp).forEach((t, k) => {
        obj(t, at(join(pp, 'targets'), k));
        prim.targets++;
      });
      return prim;
    });
    return { prims, weights: 'weights' in me };
  });
  const nodes: Node[] = objects(doc, 'nodes', '').map((n, i) => {
    const p = at('nodes', i);
    const node: Node = {
      children: indexList(n, 'children', p),
      mesh: optInt(n, 'mesh', p, 0, -1),
      skin: optInt(n, 'skin', p, 0, -1),
      camera: optInt(n, 'camera', p, 0, -1),
      weights: 'weights' in n,
      matrix: false,
      trsKey: '',
      matrixValues: null,
      rotation: null,
    };
    numbers(n, 'weights', p);
    for (const [key, want] of [['matrix', 16], ['translation', 3], ['rotation', 4], ['scale', 3]] as const) {
      if (!(key in n)) continue;
      const nums = numbers(n, key, p);
      if (nums === null || nums.length !== want) schema(join(p, key), undefined, `${join(p, key)} must have ${want} numbers`);
      else if (key === 'matrix') node.matrixValues = nums;
      else if (key === 'rotation') node.rotation = nums;
      if (key === 'matrix') node.matrix = true;
      else if (node.trsKey === '') node.trsKey = key;
    }
    return node;
  });
  // Every glTF object may have a name, and it is a string.
  for (const key of ['accessors', 'animations', 'buffers', 'bufferViews', 'cameras', 'images', 'materials', 'meshes', 'nodes', 'samplers', 'scenes', 'skins', 'textures']) {
    const list = doc[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) if (isPlainObject(list[i])) str(list[i] as Json, 'name', at(key, i));
  }
  const scenes = objects(doc, 'scenes', '').map((sc, i) => indexList(sc, 'nodes', at('scenes', i)));
  const materials = objects(doc, 'materials', '');
  const unitNumbers = (o: Json, key: string, base: string, n: number) => {
    if (!(key in o)) return;
    const v = o[key];
    const good = Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && x >= 0 && x <= 1);
    if (!good) schema(join(base, key), v, `${join(base, key)} = ${describe(v)}: must be ${n} numbers from 0 to 1`);
  };
  const unitNumber = (o: Json, key: string, base: string) => {
    if (!(key in o)) return;
    const v = o[key];
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) schema(join(base, key), v, `${join(base, key)} = ${describe(v)}: must be a number from 0 to 1`);
  };
  materials.forEach((mat, i) => {
    const p = at('materials', i); // its name is checked with every object's, above
    if ('pbrMetallicRoughness' in mat) {
      const pp = join(p, 'pbrMetallicRoughness');
      const pbr = obj(mat.pbrMetallicRoughness, pp);
      if (pbr) {
        unitNumbers(pbr, 'baseColorFactor', pp, 4);
        unitNumber(pbr, 'metallicFactor', pp);
        unitNumber(pbr, 'roughnessFactor', pp);
      }
    }
    unitNumbers(mat, 'emissiveFactor', p, 3);
    const mode = str(mat, 'alphaMode', p);
    if (mode !== null && mode !== 'OPAQUE' && mode !== 'MASK' && mode !== 'BLEND') schema(join(p, 'alphaMode'), mode, `${p}.alphaMode = ${JSON.stringify(mode)}: must be OPAQUE, MASK or BLEND`);
    if ('alphaCutoff' in mat) {
      const c = mat.alphaCutoff;
      if (typeof c !== 'number' || !Number.isFinite(c)) wrong(join(p, 'alphaCutoff'), c, 'a number');
      else if (c < 0) schema(join(p, 'alphaCutoff'), c, `${p}.alphaCutoff = ${c}: must be at least 0`);
    }
    if ('doubleSided' in mat && typeof mat.doubleSided !== 'boolean') wrong(join(p, 'doubleSided'), mat.doubleSided, 'true or false');
  });
  const textures = arr(doc, 'textures', '').length;
  const images = arr(doc, 'images', '').length;
  objects(doc, 'samplers', '');
  const skins = arr(doc, 'skins', '').length;
  const animations = arr(doc, 'animations', '').length;
  const cameras = arr(doc, 'cameras', '').length;
  const extUses: [string, string][] = [];
  // Iterative, with parent links for the path (joined only where an extension is found): the
  // JSON may nest thousands of levels deep, past goja's call-stack bound.
  interface Frame {
    v: unknown;
    seg: string;
    up: Frame | null;
  }
  const pathOf = (f: Frame | null, last: string): string => {
    const segs: string[] = [last];
    for (let g = f; g !== null && g.up !== null; g = g.up) segs.push(g.seg);
    let p = '';
    for (let i = segs.length - 1; i >= 0; i--) p = segs[i].startsWith('[') ? p + segs[i] : join(p, segs[i]);
    return p;
  };
  const stack: Frame[] = [{ v: doc, seg: '', up: null }];
  while (stack.length > 0) {
    const f = stack.pop() as Frame;
    const v = f.v;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) if (typeof v[i] === 'object' && v[i] !== null) stack.push({ v: v[i], seg: `[${i}]`, up: f });
    } else if (isPlainObject(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (k === 'extras') continue;
        const child = v[k];
        if (k === 'extensions') {
          const p = pathOf(f, k);
          const ext = obj(child, p);
          if (ext) for (const n of Object.keys(ext).sort()) extUses.push([join(p, n), n]);
        }
        if (typeof child === 'object' && child !== null) stack.push({ v: child, seg: k, up: f });
      }
    }
  }
  extUses.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  facts.meshes = meshes.length;
  facts.nodes = nodes.length;
  facts.materials = materials.length;
  facts.primitives = meshes.reduce((s, m) => s + m.prims.length, 0);
  facts.extensions = [...new Set([...extUsed, ...extRequired, ...extUses.map((u) => u[1])])].sort();
  stopIfAny();

  // 10–16: features, all gathered.
  if (!/^2\.[0-9]+$/.test(version)) add(10, 'asset-version', 'asset.version', version, `asset.version is ${JSON.stringify(version)}; expected "2.0"`);
  const mv = minVersion === null ? null : /^([0-9]+)\.([0-9]+)$/.exec(minVersion);
  if (minVersion !== null && (mv === null || Number(mv[1]) > 2 || (Number(mv[1]) === 2 && Number(mv[2]) > 0)))
    add(10, 'asset-version', 'asset.minVersion', minVersion, `asset.minVersion is ${JSON.stringify(minVersion)}; it must be at most "2.0"`);
  const used = new Set(extUsed);
  const seen = new Set<string>();
  for (const [p, n] of extUses)
    if (!used.has(n) && !seen.has(n)) {
      seen.add(n);
      add(11, 'undeclared-extension', p, n, `${p} is used but not listed in extensionsUsed`);
    }
  extRequired.forEach((n, i) => {
    if (!used.has(n)) add(11, 'undeclared-extension', at('extensionsRequired', i), n, `${at('extensionsRequired', i)} = ${JSON.stringify(n)} is required but not listed in extensionsUsed`);
  });
  const refused = new Set<string>();
  const refuse = (p: string, n: string) => {
    if (ALLOWED_EXTENSIONS.includes(n) || refused.has(n)) return;
    refused.add(n);
    let code = 'unsupported-extension';
    let why = `extension not supported (allowed: ${ALLOWED_EXTENSIONS.join(', ')})`;
    if (['KHR_draco_mesh_compression', 'EXT_meshopt_compression', 'KHR_meshopt_compression'].includes(n)) {
      code = 'compression-extension';
      why = 'compressed meshes are not supported; export without Draco/meshopt compression';
    } else if (n === 'KHR_mesh_quantization') {
      code = 'compression-extension';
      why = 'quantized (compressed) vertex data is not supported; export with quantization off (float positions)';
    } else if (['KHR_texture_basisu', 'EXT_texture_webp', 'EXT_texture_avif'].includes(n)) {
      code = 'compression-extension';
      why = 'compressed textures are not supported (textures are not supported at all); use material colors or vertex colors';
    } else if (n === 'KHR_lights_punctual') why = 'lights are not supported; export without lights (Scape lights the scene)';
    add(11, code, p, n, `${p} = ${JSON.stringify(n)}: ${why}`);
  };
  extUsed.forEach((n, i) => refuse(at('extensionsUsed', i), n));
  extRequired.forEach((n, i) => refuse(at('extensionsRequired', i), n));
  for (const [p, n] of extUses) refuse(p, n);

  if (textures > 0 || images > 0) {
    const what = [textures > 0 ? plural(textures, 'texture') : '', images > 0 ? plural(images, 'image') : ''].filter(Boolean).join(' and ');
    const where = [textures > 0 ? 'textures[0]' : '', images > 0 ? 'images[0]' : ''].filter(Boolean).join(', ');
    add(12, 'textures', textures > 0 ? 'textures' : 'images', textures + images, `the model has ${what} (${where}): textures are not supported; use material colors or vertex colors`);
  } else {
    materials.forEach((mat, i) => {
      const base = at('materials', i);
      let p = '';
      const pbr = mat.pbrMetallicRoughness;
      if (isPlainObject(pbr)) p = 'baseColorTexture' in pbr ? `${base}.pbrMetallicRoughness.baseColorTexture` : 'metallicRoughnessTexture' in pbr ? `${base}.pbrMetallicRoughness.metallicRoughnessTexture` : '';
      if (!p) for (const k of ['normalTexture', 'occlusionTexture', 'emissiveTexture']) if (!p && k in mat) p = `${base}.${k}`;
      if (p) add(12, 'textures', p, undefined, `${p}: textures are not supported; use material colors or vertex colors`);
    });
  }
  if (skins > 0) add(13, 'skins', 'skins', skins, `skins has ${plural(skins, 'entry')}: skinned meshes are not supported; export without the armature`);
  nodes.forEach((n, i) => {
    if (n.skin >= 0 && skins === 0) add(13, 'skins', `nodes[${i}].skin`, n.skin, `nodes[${i}].skin = ${n.skin}: skinned meshes are not supported`);
  });
  meshes.forEach((me, i) =>
    me.prims.forEach((pr, j) => {
      const a = pr.attrs.find(([k]) => k.startsWith('JOINTS_') || k.startsWith('WEIGHTS_'));
      if (a) {
        const p = `meshes[${i}].primitives[${j}].attributes.${a[0]}`;
        add(13, 'skins', p, a[1], `${p}: skinning data is not supported; export without skinning`);
      }
    }),
  );
  if (animations > 0)
    add(14, 'animations', 'animations', animations, `animations has ${plural(animations, 'entry')}: animations are not supported; export without animation (Scape animates the model through the presentation timeline)`);
  meshes.forEach((me, i) => {
    me.prims.forEach((pr, j) => {
      if (pr.targets > 0) {
        const p = `meshes[${i}].primitives[${j}].targets`;
        add(15, 'morph-targets', p, pr.targets, `${p} has ${plural(pr.targets, 'morph target')}: morph targets are not supported; export without shape keys`);
      }
    });
    if (me.weights) add(15, 'morph-targets', `meshes[${i}].weights`, undefined, `meshes[${i}].weights: morph target weights are not supported; export without shape keys`);
  });
  nodes.forEach((n, i) => {
    if (n.weights) add(15, 'morph-targets', `nodes[${i}].weights`, undefined, `nodes[${i}].weights: morph target weights are not supported; export without shape keys`);
  });
  buffers.forEach((b, i) => {
    const p = at('buffers', i);
    if (b.uri !== null && b.uri.toLowerCase().startsWith('data:'))
      add(16, 'data-uri', `${p}.uri`, b.uri, `${p}.uri = ${quoteShort(b.uri)}: data: URIs are not supported; the data must be in the GLB's BIN chunk`);
    else if (b.uri !== null) add(16, 'external-uri', `${p}.uri`, b.uri, `${p}.uri = ${quoteShort(b.uri)}: external files are not supported; export a single self-contained .glb`);
    else if (i > 0) add(16, 'buffers', p, undefined, `${p} has no uri and is not buffers[0] (meshopt fallback buffer?): not supported`);
    else if (!hasBin) add(16, 'buffers', p, undefined, `${p} refers to the BIN chunk but the file has none`);
    else if (b.byteLength > 0 && b.byteLength > bin.length) add(16, 'buffers', `${p}.byteLength`, b.byteLength, `${p}.byteLength = ${b.byteLength} but the BIN chunk has only ${bin.length} bytes`);
    else if (b.byteLength > 0 && bin.length > b.byteLength + 3)
      add(16, 'buffers', `${p}.byteLength`, b.byteLength, `BIN chunk has ${bin.length} bytes, more than ${p}.byteLength = ${b.byteLength} plus 3 bytes of padding`);
  });
  if (hasBin && (buffers.length === 0 || buffers[0].uri !== null)) add(16, 'buffers', 'buffers', undefined, 'the file has a BIN chunk but buffers[0] does not refer to it (a buffer without uri)');
  stopIfAny();

  // No textures (check 12), so no sampler is used: an undefined value in one only warns.
  const samplerStart = out.warnings.length;
  samplerWarnings(doc, out.warn);
  cap(out.warnings, samplerStart);

  // 17: references.
  const ref = (p: string, idx: number, n: number, what: string) => {
    if (idx >= 0 && idx >= n) add(17, 'reference', p, idx, `${p} = ${idx}: no such ${what} (the model has ${n})`);
  };
  views.forEach((v, i) => ref(`bufferViews[${i}].buffer`, v.buffer, buffers.length, 'buffer'));
  accessors.forEach((a, i) => ref(`accessors[${i}].bufferView`, a.bufferView, views.length, 'bufferView'));
  meshes.forEach((me, i) =>
    me.prims.forEach((pr, j) => {
      const p = `meshes[${i}].primitives[${j}]`;
      for (const [k, a] of pr.attrs) ref(`${p}.attributes.${k}`, a, accessors.length, 'accessor');
      ref(`${p}.indices`, pr.indices, accessors.length, 'accessor');
      ref(`${p}.material`, pr.material, materials.length, 'material');
    }),
  );
  nodes.forEach((n, i) => {
    ref(`nodes[${i}].mesh`, n.mesh, meshes.length, 'mesh');
    ref(`nodes[${i}].camera`, n.camera, cameras, 'camera');
    n.children.forEach((c, k) => ref(`nodes[${i}].children[${k}]`, c, nodes.length, 'node'));
  });
  scenes.forEach((sc, i) => sc.forEach((n, k) => ref(`scenes[${i}].nodes[${k}]`, n, nodes.length, 'node')));
  ref('scene', scene, scenes.length, 'scene');
  stopIfAny();

  // 18–19: layout.
  const useIndex = new Array<boolean>(accessors.length).fill(false);
  const useAttr = new Array<boolean>(accessors.length).fill(false);
  for (const me of meshes)
    for (const pr of me.prims) {
      if (pr.indices >= 0) useIndex[pr.indices] = true;
      for (const [, a] of pr.attrs) useAttr[a] = true;
    }
  const indexView = new Array<boolean>(views.length).fill(false);
  const attrAccessors = new Array<number>(views.length).fill(0);
  accessors.forEach((a, i) => {
    if (useIndex[i] && a.bufferView >= 0) indexView[a.bufferView] = true;
    if (useAttr[i] && a.bufferView >= 0) attrAccessors[a.bufferView]++;
  });
  const layoutWarnings = out.warnings.length;
  views.forEach((v, i) => {
    const p = `bufferViews[${i}]`;
    const bl = buffers[v.buffer].byteLength;
    if (v.byteOffset + v.byteLength > bl) add(18, 'buffer-view', p, v.byteLength, `${p}: byteOffset ${v.byteOffset} + byteLength ${v.byteLength} exceeds buffers[${v.buffer}].byteLength ${bl}`);
    if (v.hasStride && (v.byteStride < 4 || v.byteStride > 252 || v.byteStride % 4 !== 0))
      add(18, 'buffer-view', `${p}.byteStride`, v.byteStride, `${p}.byteStride = ${v.byteStride}: must be a multiple of 4 between 4 and 252`);
    if (v.hasStride && indexView[i]) add(18, 'buffer-view', `${p}.byteStride`, v.byteStride, `${p} holds indices and must not have a byteStride`);
    if (v.hasTarget && v.target !== 34962 && v.target !== 34963)
      out.warn(18, 'buffer-view-target', `${p}.target`, v.target, `${p}.target = ${v.target}: glTF defines only 34962 (vertex data) and 34963 (indices); a glTF reader may ignore this value or refuse the file`);
    // One GPU buffer per view: vertex data or indices, never both.
    if (indexView[i] && attrAccessors[i] > 0) add(18, 'buffer-view', p, undefined, `${p} holds both indices and vertex attributes; export them in separate buffer views`);
    else if (indexView[i] && v.target === 34962) add(18, 'buffer-view', `${p}.target`, v.target, `${p}.target = 34962 (vertex data) but it holds indices`);
    else if (attrAccessors[i] > 0 && v.target === 34963) add(18, 'buffer-view', `${p}.target`, v.target, `${p}.target = 34963 (indices) but it holds vertex attributes`);
    else if (attrAccessors[i] > 1 && !v.hasStride) add(18, 'buffer-view', p, undefined, `${p} holds ${attrAccessors[i]} vertex attributes but no byteStride; interleaved data needs one`);
  });
  accessors.forEach((a, i) => {
    const p = `accessors[${i}]`;
    const ct = COMPONENTS[a.componentType];
    const okType = a.type in TYPES;
    if (!ct) add(19, 'accessor', `${p}.componentType`, a.componentType, `${p}.componentType = ${a.componentType}: must be one of 5120, 5121, 5122, 5123, 5125, 5126`);
    if (!okType) add(19, 'accessor', `${p}.type`, a.type, `${p}.type = ${JSON.stringify(a.type)}: must be one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, MAT4`);
    if (a.count < 1) add(19, 'accessor', `${p}.count`, a.count, `${p}.count = ${a.count}: must be at least 1`);
    if (a.sparse) add(19, 'sparse', `${p}.sparse`, undefined, `${p} is sparse: sparse accessors are not supported; export without sparse accessors`);
    if (!ct || !okType || a.count < 1 || a.bufferView < 0) return;
    const v = views[a.bufferView];
    const size = elementSize(a);
    const cs = ct[0];
    if (a.byteOffset % cs !== 0) add(19, 'accessor', `${p}.byteOffset`, a.byteOffset, `${p}: byteOffset ${a.byteOffset} is not a multiple of the component size ${cs}`);
    else if ((v.byteOffset + a.byteOffset) % cs !== 0)
      add(19, 'accessor', `${p}.byteOffset`, a.byteOffset, `${p}: bufferViews[${a.bufferView}].byteOffset ${v.byteOffset} + byteOffset ${a.byteOffset} is not a multiple of the component size ${cs}`);
    else if (useAttr[i] && ((v.byteOffset + a.byteOffset) % 4 !== 0 || (!v.hasStride && size % 4 !== 0)))
      add(19, 'accessor', p, undefined, `${p}: vertex attribute data must be aligned to 4 bytes (offset ${v.byteOffset + a.byteOffset}, element size ${size}); set the exporter to pad vertex data`);
    let stride = size;
    if (v.hasStride) {
      stride = v.byteStride;
      if (stride < size) {
        add(19, 'accessor', p, v.byteStride, `${p}: bufferViews[${a.bufferView}].byteStride ${stride} is smaller than one element (${size} bytes)`);
        return;
      }
    }
    if (a.byteOffset + stride * (a.count - 1) + size > v.byteLength)
      add(19, 'accessor', p, a.count, `${p}: ${a.count} elements of ${size} bytes at offset ${a.byteOffset} do not fit bufferViews[${a.bufferView}] (byteLength ${v.byteLength})`);
  });
  cap(out.warnings, layoutWarnings);
  stopIfAny();

  // 20: meshes.
  const isFloat = (a: Accessor) => a.componentType === 5126;
  const isNormInt = (a: Accessor) => a.normalized && (a.componentType === 5121 || a.componentType === 5123);
  const fmt = (a: Accessor) => `${a.type} of ${a.componentType} (${COMPONENTS[a.componentType][1]})`;
  const semantic = (n: string, prefix: string) => n.startsWith(prefix) && /^[0-9]+$/.test(n.slice(prefix.length));
  meshes.forEach((me, i) => {
    if (me.prims.length === 0) add(20, 'mesh', `meshes[${i}].primitives`, undefined, `meshes[${i}].primitives is empty: a mesh needs at least one primitive`);
    me.prims.forEach((pr, j) => {
      const p = `meshes[${i}].primitives[${j}]`;
      if (pr.mode > 6) add(20, 'mesh', `${p}.mode`, pr.mode, `${p}.mode = ${pr.mode}: must be 0-6`);
      const posEntry = pr.attrs.find(([k]) => k === 'POSITION');
      const pos = posEntry ? posEntry[1] : -1;
      if (pos < 0) add(20, 'mesh', `${p}.attributes.POSITION`, undefined, `${p}.attributes.POSITION is missing`);
      else {
        const a = accessors[pos];
        const ap = `${p}.attributes.POSITION`;
        if (a.type !== 'VEC3' || !isFloat(a)) add(20, 'mesh', ap, pos, `${ap}: accessors[${pos}] is ${fmt(a)}; expected 5126 (float): quantized positions are not supported`);
        else if (!a.min || !a.max || a.min.length !== 3 || a.max.length !== 3) add(20, 'mesh', ap, pos, `${ap}: accessors[${pos}] has no min/max (POSITION needs 3-number bounds)`);
      }
      for (const [name, ai] of pr.attrs) {
        const a = accessors[ai];
        const ap = `${p}.attributes.${name}`;
        if (name === 'NORMAL') {
          if (a.type !== 'VEC3' || !isFloat(a)) add(20, 'mesh', ap, ai, `${ap}: accessors[${ai}] is ${fmt(a)}; expected VEC3 of 5126 (float)`);
        } else if (name === 'TANGENT') {
          if (a.type !== 'VEC4' || !isFloat(a)) add(20, 'mesh', ap, ai, `${ap}: accessors[${ai}] is ${fmt(a)}; expected VEC4 of 5126 (float)`);
        } else if (semantic(name, 'COLOR_')) {
          if ((a.type !== 'VEC3' && a.type !== 'VEC4') || !(isFloat(a) || isNormInt(a)))
            add(20, 'mesh', ap, ai, `${ap}: accessors[${ai}] is ${fmt(a)}; expected VEC3 or VEC4 of float or normalized unsigned byte/short`);
        } else if (semantic(name, 'TEXCOORD_')) {
          if (a.type !== 'VEC2' || !(isFloat(a) || isNormInt(a))) add(20, 'mesh', ap, ai, `${ap}: accessors[${ai}] is ${fmt(a)}; expected VEC2 of float or normalized unsigned byte/short`);
        } else if (name !== 'POSITION' && !name.startsWith('_')) {
          add(20, 'mesh', ap, ai, `${ap}: unknown attribute ${JSON.stringify(name)}; glTF names custom attributes with a leading underscore`);
        }
        if (pos >= 0 && ai !== pos && accessors[pos].count !== a.count) add(20, 'mesh', ap, a.count, `${ap}: count ${a.count} differs from POSITION count ${accessors[pos].count}`);
      }
      for (const prefix of ['COLOR_', 'TEXCOORD_']) {
        const found = pr.attrs.filter(([k]) => semantic(k, prefix)).map(([k]) => Number(k.slice(prefix.length))).sort((x, y) => x - y);
        if (found.some((v, idx) => v !== idx))
          add(20, 'mesh', `${p}.attributes`, undefined, `${p}.attributes: ${prefix.slice(0, -1)} sets must be numbered from 0 without gaps (found ${found.map((v) => prefix + v).join(', ')})`);
      }
      if (pr.indices >= 0) {
        const a = accessors[pr.indices];
        if (a.type !== 'SCALAR' || ![5121, 5123, 5125].includes(a.componentType) || a.normalized)
          add(20, 'mesh', `${p}.indices`, pr.indices, `${p}.indices: accessors[${pr.indices}] is ${fmt(a)}; indices must be SCALAR unsigned byte, short or int`);
      }
    });
  });
  stopIfAny();

  // 22 first (it decides whether the graph may be walked), reported after 21 by sorting; a
  // phase of its own, capped as glb's.
  const hierarchyProblems = hierarchy(nodes, scenes, add);
  out.endPhase();

  // 21: geometry.
  const binView = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  let geometryCount = 0;
  const geo = (p: string, value: unknown, message: string) => {
    add(21, 'geometry', p, value, message);
    geometryCount++;
  };
  const elementOffset = (a: Accessor, k: number): number => {
    const v = views[a.bufferView];
    return v.byteOffset + a.byteOffset + k * (v.hasStride ? v.byteStride : elementSize(a));
  };
  const checked = new Set<number>();
  // Declared min/max must match the data (floats compared as stored, in float32); matrices and
  // normalized integers are left alone, as in Go.
  const boundsProblem = (a: Accessor, ai: number): string | null => {
    if ((a.min === null && a.max === null) || a.normalized || a.type.startsWith('MAT') || a.bufferView < 0) return null;
    const n = TYPES[a.type];
    const v = views[a.bufferView];
    const stride = v.hasStride ? v.byteStride : elementSize(a);
    const size = COMPONENTS[a.componentType][0];
    const lo: number[] = [];
    const hi: number[] = [];
    for (let k = 0; k < a.count; k++) {
      const base = v.byteOffset + a.byteOffset + k * stride;
      for (let c = 0; c < n; c++) {
        const off = base + c * size;
        let x: number;
        switch (a.componentType) {
          case 5120: x = binView.getInt8(off); break;
          case 5121: x = bin[off]; break;
          case 5122: x = binView.getInt16(off, true); break;
          case 5123: x = binView.getUint16(off, true); break;
          case 5125: x = binView.getUint32(off, true); break;
          default: x = binView.getFloat32(off, true);
        }
        if (k === 0 || x < lo[c]) lo[c] = x;
        if (k === 0 || x > hi[c]) hi[c] = x;
      }
    }
    const same = (declared: number, actual: number) => (a.componentType === 5126 ? Math.fround(declared) === actual : declared === actual);
    for (let c = 0; c < n; c++) {
      if ((a.min !== null && (a.min.length !== n || !same(a.min[c], lo[c]))) || (a.max !== null && (a.max.length !== n || !same(a.max[c], hi[c]))))
        return `accessors[${ai}] declares min/max that do not match its data (component ${c} spans ${lo[c]}..${hi[c]}); re-export so min/max match the data`;
    }
    return null;
  };
  const summaries = new Map<number, { max: number; maxAt: number; restartAt: number; restart: number }>();
  geometryLoop: for (let i = 0; i < meshes.length; i++) {
    for (let j = 0; j < meshes[i].prims.length; j++) {
      const pr = meshes[i].prims[j];
      const p = `meshes[${i}].primitives[${j}]`;
      let vertices = 0;
      for (const [name, ai] of pr.attrs) {
        const a = accessors[ai];
        if (name === 'POSITION') vertices = a.count;
        // Keyed by accessor and use: one accessor may be POSITION here and COLOR_0 there.
        const useKey = ai * 4 + (name === 'POSITION' ? 0 : semantic(name, 'COLOR_') ? 1 : 2);
        if (checked.has(useKey)) continue;
        checked.add(useKey);
        if (a.componentType !== 5126) {
          const b = name === 'POSITION' ? null : boundsProblem(a, ai);
          if (b !== null) geo(`${p}.attributes.${name}`, ai, `${p}.attributes.${name}: ${b}`);
          if (geometryCount >= 8) break geometryLoop;
          continue;
        }
        const comps = TYPES[a.type];
        const lo = [Infinity, Infinity, Infinity];
        const hi = [-Infinity, -Infinity, -Infinity];
        let bad: string | null = null;
        for (let k = 0; k < a.count && bad === null; k++) {
          for (let c = 0; c < comps; c++) {
            const x = a.bufferView < 0 ? 0 : binView.getFloat32(elementOffset(a, k) + 4 * c, true);
            if (!Number.isFinite(x)) {
              bad = name === 'POSITION' ? `vertex ${k} has a non-finite coordinate (${x})` : `element ${k} has a non-finite value (${x})`;
              break;
            }
            if (name === 'POSITION') {
              lo[c] = Math.min(lo[c], x);
              hi[c] = Math.max(hi[c], x);
            }
          }
        }
        if (bad === null && semantic(name, 'COLOR_')) {
          for (let k = 0; k < a.count && bad === null; k++)
            for (let c = 0; c < comps; c++) {
              const x = a.bufferView < 0 ? 0 : binView.getFloat32(elementOffset(a, k) + 4 * c, true);
              if (x < 0 || x > 1) {
                bad = `element ${k} has a component outside 0..1 (${x})`;
                break;
              }
            }
        }
        if (bad === null && name === 'POSITION' && a.min && a.max) {
          for (let c = 0; c < 3 && bad === null; c++) {
            if (Math.fround(a.min[c]) !== lo[c] || Math.fround(a.max[c]) !== hi[c])
              bad = `declared bounds on ${'xyz'[c]} are ${a.min[c]}..${a.max[c]} but the vertices span ${lo[c]}..${hi[c]}; re-export so min/max match the data`;
          }
        }
        if (bad === null && name !== 'POSITION') bad = boundsProblem(a, ai);
        if (bad !== null) geo(`${p}.attributes.${name}`, ai, `${p}.attributes.${name}: ${bad}`);
        if (geometryCount >= 8) break geometryLoop;
      }
      let n = vertices;
      if (pr.indices >= 0) {
        const a = accessors[pr.indices];
        n = a.count;
        // Summarised once per accessor: a crafted file can share one large index accessor
        // between thousands of primitives.
        let sum = summaries.get(pr.indices);
        const fresh = !sum;
        if (!sum) {
          const cs = COMPONENTS[a.componentType][0];
          sum = { max: 0, maxAt: 0, restartAt: -1, restart: cs === 1 ? 0xff : cs === 2 ? 0xffff : 0xffffffff };
          const base = a.bufferView >= 0 ? views[a.bufferView].byteOffset + a.byteOffset : 0;
          for (let k = 0; k < a.count; k++) {
            let v = 0;
            if (a.bufferView >= 0) {
              const off = base + k * cs; // index views have no stride (check 18)
              v = cs === 1 ? bin[off] : cs === 2 ? bin[off] | (bin[off + 1] << 8) : (bin[off] | (bin[off + 1] << 8) | (bin[off + 2] << 16) | (bin[off + 3] << 24)) >>> 0;
            }
            if (v === sum.restart && sum.restartAt < 0) sum.restartAt = k;
            if (v > sum.max || k === 0) {
              sum.max = v;
              sum.maxAt = k;
            }
          }
          summaries.set(pr.indices, sum);
        }
        const bounds = fresh ? boundsProblem(a, pr.indices) : null;
        if (bounds !== null) geo(`${p}.indices`, pr.indices, `${p}.indices: ${bounds}`);
        else if (sum.restartAt >= 0) geo(`${p}.indices`, sum.restart, `${p}.indices: element ${sum.restartAt} is ${sum.restart}, the primitive restart value, which glTF does not allow`);
        else if (sum.max >= vertices) geo(`${p}.indices`, sum.max, `${p}.indices: element ${sum.maxAt} is ${sum.max} but there are only ${vertices} vertices`);
      }
      const noun = (pr.indices >= 0 ? (n === 1 ? 'index' : 'indices') : n === 1 ? 'vertex' : 'vertices');
      if (pr.mode === 4 && n % 3 !== 0) geo(p, n, `${p}: ${n} ${noun} is not a multiple of 3 for TRIANGLES`);
      if ((pr.mode === 5 || pr.mode === 6) && n < 3) geo(p, n, `${p}: ${n} ${noun} is too few for a triangle strip or fan (at least 3)`);
      if (pr.mode === 1 && n % 2 !== 0) geo(p, n, `${p}: ${n} ${noun} is not a multiple of 2 for LINES`);
      if ((pr.mode === 2 || pr.mode === 3) && n < 2) geo(p, n, `${p}: ${n} ${noun} is too few for a line loop or strip (at least 2)`);
      if (geometryCount >= 8) break geometryLoop;
    }
  }
  if (hierarchyProblems.cyclic) return doc;

  // 23–24: scene and budget.
  if (scenes.length === 0) {
    add(23, 'scene', 'scenes', undefined, "the model has no scene; export with a scene containing the model's nodes");
    return doc;
  }
  const sceneIdx = scene >= 0 ? scene : 0;
  // instances[n] = how many times node n is drawn, walking down from the scene's roots in
  // topological order; every count saturates at 2^50 as glb's (shared children can multiply
  // instances exponentially).
  const instances = new Array<number>(nodes.length).fill(0);
  for (const n of scenes[sceneIdx]) instances[n] = satAdd(instances[n], 1);
  const order = hierarchyProblems.order;
  for (let k = 0; k < order.length; k++) {
    const n = order[k];
    const kids = nodes[n].children;
    for (let j = 0; j < kids.length; j++) instances[kids[j]] = satAdd(instances[kids[j]], instances[n]);
  }
  const meshInstances = new Array<number>(meshes.length).fill(0);
  nodes.forEach((n, i) => {
    if (n.mesh >= 0) meshInstances[n.mesh] = satAdd(meshInstances[n.mesh], instances[i]);
  });
  let triangles = 0;
  let draws = 0;
  const parts: { mesh: number; inst: number; tris: number; draws: number }[] = [];
  meshes.forEach((me, i) => {
    let tris = 0;
    for (const pr of me.prims) {
      const pos = pr.attrs.find(([k]) => k === 'POSITION');
      const n = pr.indices >= 0 ? accessors[pr.indices].count : pos ? accessors[pos[1]].count : 0;
      tris = satAdd(tris, pr.mode === 4 ? Math.floor(n / 3) : pr.mode === 5 || pr.mode === 6 ? Math.max(0, n - 2) : 0);
    }
    const inst = meshInstances[i];
    triangles = satAdd(triangles, satMul(tris, inst));
    draws = satAdd(draws, satMul(me.prims.length, inst));
    if (inst > 0) parts.push({ mesh: i, inst, tris: satMul(tris, inst), draws: satMul(me.prims.length, inst) });
  });
  facts.triangles = triangles;
  facts.drawCalls = draws;
  facts.counted = true;
  const scenePath = `scenes[${sceneIdx}]`;
  if (draws === 0) {
    add(23, 'scene', scenePath, undefined, `${scenePath} draws nothing (no node with a mesh)`);
    return doc;
  }
  // The biggest contributors, as Go lists them (stable sorts in the same sequence):
  // "meshes[0] × 1 instance" when one mesh is drawn, "meshes[2] × 3 instances: 900 triangles;
  // meshes[0] × 1 instance: 12 triangles" otherwise.
  const top = (key: 'tris' | 'draws', unit: string) => {
    parts.sort((a, b) => b[key] - a[key]);
    const listed: string[] = [];
    for (let k = 0; k < parts.length; k++) {
      if (k === 3) {
        listed.push(`${parts.length - 3} more meshes`);
        break;
      }
      const part = `meshes[${parts[k].mesh}] × ${plural(parts[k].inst, 'instance')}`;
      listed.push(parts.length > 1 ? `${part}: ${formatNumber(parts[k][key])} ${unit}` : part);
    }
    return listed.join('; ');
  };
  // Check 24 warns, never refuses: the bounds are the docs' for agent avatars, a guess for a
  // Gizmo model (glb-checklist.md).
  const budgetStart = out.warnings.length;
  if (triangles > AVATAR_MAX_TRIANGLES)
    out.warn(24, 'triangles', scenePath, triangles, `the model has ${formatNumber(triangles)} triangles (${top('tris', 'triangles')}); the docs bound agent avatars at ${formatNumber(AVATAR_MAX_TRIANGLES)} triangles, Scape may draw a Gizmo model this large slowly or refuse it`);
  if (draws > AVATAR_MAX_DRAW_CALLS)
    out.warn(24, 'draw-calls', scenePath, draws, `the model needs ${formatNumber(draws)} draw calls (one per primitive per mesh instance: ${top('draws', 'draws')}); the docs bound agent avatars at ${AVATAR_MAX_DRAW_CALLS} draw calls, Scape may draw a Gizmo model with this many slowly or refuse it`);
  cap(out.warnings, budgetStart);
  return doc;
}

/**
 * The rules the Go checker leaves to the glTF library's decoder (it reads material enums,
 * cameras and samplers strictly); written out here so both reach the same verdict.
 */
function libraryRules(doc: Json, add: Add) {
  const lib = (p: string, v: unknown, m: string) => add(9, 'decode', p, v, `the glTF JSON does not decode: ${m}`);
  const mats = Array.isArray(doc.materials) ? doc.materials : [];
  mats.forEach((m, i) => {
    if (isPlainObject(m) && 'alphaMode' in m && !['OPAQUE', 'MASK', 'BLEND'].includes(m.alphaMode as string)) lib(`materials[${i}].alphaMode`, m.alphaMode, `gltf: unknown alpha mode: ${String(m.alphaMode)}`);
  });
  const cams = Array.isArray(doc.cameras) ? doc.cameras : [];
  cams.forEach((c, i) => {
    if (!isPlainObject(c)) return;
    if ('perspective' in c && 'orthographic' in c) lib(`cameras[${i}]`, undefined, 'gltf: camera must not define both perspective and orthographic properties');
    else if (c.type === 'perspective' && !('perspective' in c)) lib(`cameras[${i}]`, undefined, 'gltf: perspective camera must define the perspective property');
    else if (c.type === 'orthographic' && !('orthographic' in c)) lib(`cameras[${i}]`, undefined, 'gltf: orthographic camera must define the orthographic property');
    else if (c.type === '' || c.type === undefined) lib(`cameras[${i}].type`, undefined, 'gltf: camera.type is required');
  });
  // An integer glTF does not define is samplerWarnings' (glb leaves it out of what the library
  // decodes); any other value the library does not know refuses the model.
  const samplers = Array.isArray(doc.samplers) ? doc.samplers : [];
  const what: Record<string, string> = { magFilter: 'mag filter', minFilter: 'min filter', wrapS: 'wrap mode', wrapT: 'wrap mode' };
  samplers.forEach((s, i) => {
    if (!isPlainObject(s)) return;
    for (const k of SAMPLER_KEYS)
      if (k in s && !undefinedSamplerValue(k, s[k]) && SAMPLER_ENUMS[k].indexOf(s[k] as number) < 0) lib(`samplers[${i}].${k}`, s[k], `gltf: unknown ${what[k]}: ${String(s[k])}`);
  });
}

/** A column-major 4×4 matrix that is translation × rotation × scale (no shear, no projection). */
function decomposable(m: number[]): boolean {
  if (m[3] !== 0 || m[7] !== 0 || m[11] !== 0 || m[15] !== 1) return false;
  const c = [0, 1, 2].map((i) => [m[4 * i], m[4 * i + 1], m[4 * i + 2]]);
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  for (let i = 0; i < 3; i++) {
    if (dot(c[i], c[i]) === 0) return false;
    for (let j = i + 1; j < 3; j++) if (Math.abs(dot(c[i], c[j])) > 1e-4 * Math.sqrt(dot(c[i], c[i]) * dot(c[j], c[j]))) return false;
  }
  return validatorRoundTrip(m);
}

/**
 * The Khronos glTF-Validator's NODE_MATRIX_NON_TRS test, step for step (as glb's Go twin):
 * decompose in float32, recompose, compare infinity norms within 5e-5.
 */
function validatorRoundTrip(input: number[]): boolean {
  const f = Math.fround;
  const b = input.map(f);
  const det = det4(b);
  if (det === 0) return false;
  const length = (x: number, y: number, z: number) => Math.sqrt(f(x) * f(x) + f(y) * f(y) + f(z) * f(z));
  let o = length(b[0], b[1], b[2]);
  const n = length(b[4], b[5], b[6]);
  const m = length(b[8], b[9], b[10]);
  if (det < 0) o = -o;
  const t = [b[12], b[13], b[14]];
  const h = b.slice();
  const inv = [1 / o, 1 / n, 1 / m];
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) h[4 * i + k] = f(h[4 * i + k] * inv[i]);
  const r = [h[0], h[1], h[2], h[4], h[5], h[6], h[8], h[9], h[10]];
  const q = [0, 0, 0, 0];
  const d = r[0] + r[4] + r[8];
  if (d > 0) {
    let c = Math.sqrt(d + 1);
    q[3] = f(c * 0.5);
    c = 0.5 / c;
    q[0] = f((r[5] - r[7]) * c);
    q[1] = f((r[6] - r[2]) * c);
    q[2] = f((r[1] - r[3]) * c);
  } else {
    const bi = r[0] < r[4] ? (r[4] < r[8] ? 2 : 1) : r[0] < r[8] ? 2 : 0;
    const a = (bi + 1) % 3;
    const a0 = (bi + 2) % 3;
    let c = Math.sqrt(r[bi * 3 + bi] - r[a * 3 + a] - r[a0 * 3 + a0] + 1);
    q[bi] = f(c * 0.5);
    c = 0.5 / c;
    q[3] = f((r[a * 3 + a0] - r[a0 * 3 + a]) * c);
    q[a] = f((r[bi * 3 + a] + r[a * 3 + bi]) * c);
    q[a0] = f((r[bi * 3 + a0] + r[a0 * 3 + bi]) * c);
  }
  const sc = [f(o), f(n), f(m)];
  const [x, y, z, w] = q;
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2, wx = w * x2, wy = w * y2, wz = w * z2;
  const out = [
    f(1 - (yy + zz)), f(xy + wz), f(xz - wy), 0,
    f(xy - wz), f(1 - (xx + zz)), f(yz + wx), 0,
    f(xz + wy), f(yz - wx), f(1 - (xx + yy)), 0,
    t[0], t[1], t[2], 1,
  ];
  for (let i = 0; i < 3; i++) for (let k = 0; k < 4; k++) out[4 * i + k] = f(out[4 * i + k] * sc[i]);
  return Math.abs(infinityNorm(out) - infinityNorm(b)) < 0.00005;
}

function det4(s: number[]): number {
  const r = s[0], q = s[5], p = s[1], o = s[4];
  const n = r * q - p * o;
  let m = s[6], l = s[2];
  const k = r * m - l * o;
  let j = s[7], i = s[3];
  const h = r * j - i * o;
  const g = p * m - l * q;
  const ff = p * j - i * q;
  const e = l * j - i * m;
  m = s[8];
  i = s[9];
  j = s[10];
  l = s[11];
  return -(i * e - j * ff + l * g) * s[12] + (m * e - j * h + l * k) * s[13] - (m * ff - i * h + l * n) * s[14] + (m * g - i * k + j * n) * s[15];
}

function infinityNorm(s: number[]): number {
  let best = 0;
  for (let c = 0; c < 4; c++) best = Math.max(best, Math.abs(s[4 * c]) + Math.abs(s[4 * c + 1]) + Math.abs(s[4 * c + 2]) + Math.abs(s[4 * c + 3]));
  return best;
}

/** Check 22: a forest whose roots the scenes list; returns the topological order and whether there is a cycle. */
function hierarchy(nodes: Node[], scenes: number[][], add: Add): { cyclic: boolean; order: number[] } {
  const h = (p: string, v: unknown, m: string) => add(22, 'hierarchy', p, v, m);
  const parent = new Array<number>(nodes.length).fill(-1);
  // stamp[c] marks nodes[c] as already in the list being read: duplicates found in O(n).
  const stamp = new Array<number>(nodes.length).fill(0);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.matrix && n.trsKey) h(`nodes[${i}].matrix`, undefined, `nodes[${i}] has both matrix and ${n.trsKey}; use one or the other`);
    const q = n.rotation;
    if (q) {
      const l = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
      if (Math.abs(l - 1) > 0.00769) h(`nodes[${i}].rotation`, l, `nodes[${i}].rotation must be a unit quaternion (its length is ${l})`);
    }
    if (n.matrixValues && !decomposable(n.matrixValues))
      h(`nodes[${i}].matrix`, undefined, `nodes[${i}].matrix is not a translation, rotation and scale (it shears or projects); export TRS transforms`);
    const kids = n.children;
    for (let k = 0; k < kids.length; k++) {
      const c = kids[k];
      if (stamp[c] === i + 1) {
        h(`nodes[${i}].children[${k}]`, c, `nodes[${i}].children lists nodes[${c}] twice`);
        continue;
      }
      stamp[c] = i + 1;
      if (parent[c] >= 0 && parent[c] !== i) h(`nodes[${c}]`, undefined, `nodes[${c}] has two parents (nodes[${parent[c]}] and nodes[${i}])`);
      else if (parent[c] < 0) parent[c] = i;
    }
  }
  // Depth-first search over children, as Go's, so both name the same node of a cycle; nodes
  // finished in post order, reversed, are the topological order the budget counts in.
  const color = new Uint8Array(nodes.length); // 0 unvisited, 1 on the path, 2 finished
  const post: number[] = [];
  let cyclic = false;
  const stackNode: number[] = [];
  const stackNext: number[] = [];
  for (let start = 0; start < nodes.length; start++) {
    if (color[start] !== 0) continue;
    stackNode.push(start);
    stackNext.push(0);
    color[start] = 1;
    while (stackNode.length > 0) {
      const top = stackNode.length - 1;
      const kids = nodes[stackNode[top]].children;
      if (stackNext[top] === kids.length) {
        color[stackNode[top]] = 2;
        post.push(stackNode[top]);
        stackNode.pop();
        stackNext.pop();
        continue;
      }
      const c = kids[stackNext[top]++];
      if (color[c] === 1) {
        if (!cyclic) h(`nodes[${c}]`, undefined, `nodes[${c}] is part of a cycle (a node is its own ancestor)`);
        cyclic = true;
      } else if (color[c] === 0) {
        color[c] = 1;
        stackNode.push(c);
        stackNext.push(0);
      }
    }
  }
  scenes.forEach((sc, i) =>
    sc.forEach((n, k) => {
      if (stamp[n] === -(i + 1)) h(`scenes[${i}].nodes[${k}]`, n, `scenes[${i}].nodes[${k}]: scenes[${i}].nodes lists ${n} twice`);
      stamp[n] = -(i + 1);
      if (parent[n] >= 0) h(`scenes[${i}].nodes`, n, `scenes[${i}].nodes contains ${n}, which is a child of nodes[${parent[n]}]; list only root nodes`);
    }),
  );
  return { cyclic, order: post.reverse() };
}

/** Decodes `presentation.model`: base64 (optionally as a data: URL) of at most 768 KiB. */
export function decodeGizmoModel(encoded: string): Uint8Array | string {
  const body = encoded.replace(DATA_URL, '');
  if (body.length > MAX_BASE64) {
    const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
    return `the model is ${Math.floor((body.length * 3) / 4) - padding} bytes; a model can be at most ${GIZMO_MODEL_MAX_BYTES} bytes (768 KiB), the most that fits in the 1 MiB bundle as base64`;
  }
  const bytes = base64Decode(body);
  if (bytes === null) return NOT_BASE64;
  return bytes;
}

/** What a native checker returns: null for an accepted model, or the first problem. */
export interface NativeModelVerdict {
  message: string;
  value?: unknown;
}

/**
 * The toolchain and the host run this module in goja, an interpreter: checking a 370 KB model
 * there takes about a second, where Go's twin (package glb, same verdicts, tested on every test
 * file) takes under a millisecond and caches by content hash. They may therefore install
 * `globalThis.__scapeModelCheck(encoded)` — non-writable and non-configurable, before any author
 * code runs, so a bundle cannot replace it — and this module defers to it. Under Node (authors'
 * own tests) it is absent and the TypeScript checker below runs.
 */
function nativeCheck(encoded: string): NativeModelVerdict | null | undefined {
  const hook = (globalThis as { __scapeModelCheck?: unknown }).__scapeModelCheck;
  if (typeof hook !== 'function') return undefined;
  const verdict = (hook as (s: string) => unknown)(encoded);
  if (verdict === null) return null;
  if (typeof verdict === 'object' && typeof (verdict as NativeModelVerdict).message === 'string') return verdict as NativeModelVerdict;
  throw new Error('model: the native model checker returned an unexpected verdict');
}

/** `path` inside the model at `base`, as validate writes glb's paths under `presentation.model`. */
function underModel(base: string, path: string): string {
  if (path === '') return base;
  if (base === '' || path.startsWith('[')) return base + path;
  return `${base}.${path}`;
}

/**
 * The first problem with an encoded model, or null: the native checker when installed. Without
 * it (under Node: authors' own tests) the TypeScript checker runs, and each of its warnings is
 * reported through its rule (fail) at `base` + its glTF path, so the caller's collectWarnings
 * sees it, a refused model's warnings too (as validate reports glb's). With the hook (goja: the
 * toolchain and the host) nothing is recorded here: validate reports glb's warnings itself.
 */
function firstModelProblem(encoded: string, base: string): NativeModelVerdict | null {
  const native = nativeCheck(encoded);
  if (native !== undefined) return native;
  const bytes = decodeGizmoModel(encoded);
  if (typeof bytes === 'string') return { message: bytes.startsWith('must') ? `model: ${bytes}` : bytes };
  const report = checkGizmoModel(bytes, 'the model');
  for (const w of report.warnings) {
    const r = MODEL_WARNING_RULES[w.code];
    if (r === undefined) throw new Error(`model: no rule for the model warning ${w.code}`);
    fail(r, underModel(base, w.path), w.message, w.value);
  }
  if (report.problems.length === 0) return null;
  return { message: report.problems[0].message, value: report.problems[0].value };
}

/**
 * The rules of `presentation.model` as a string: how it is encoded and how large it may be; and
 * the warnings of the GLB's checks. The GLB's refusals (glb-checklist) report through the verdict
 * below.
 */
export const MODEL_RULES = {
  encoding: rule({
    id: 'model.encoding',
    class: 'doc',
    section: 'Models',
    item: '`presentation.model` encoding',
    bound: 'a .glb as base64, optionally as a `data:model/gltf-binary;base64,` or `data:application/octet-stream;base64,` URL (what esbuild\'s base64 and dataurl loaders give an imported .glb)',
    source: 'Models and animation: "an embedded GLB", "The development CLI embeds imported `.glb` files"; validateGizmoModel(encoded: string): "Inspect GLB structure before a host parser sees it" (a string that does not decode holds no GLB)',
  }),
  size: rule({
    id: 'model.size',
    class: 'doc',
    section: 'Models',
    item: 'Model file',
    bound: `at most ${formatNumber(GIZMO_MODEL_MAX_BYTES)} bytes (768 KiB: its base64 alone is the 1 MiB bundle)`,
    source: 'Limits and compatibility: "Bundled upload | 1 MiB, including embedded models and audio"; Models and animation: "Model and sound bytes count toward the project\'s 1 MiB upload limit"',
  }),
  // The warnings of checkGizmoModel (glb's Result.Warnings): what the docs leave open but a host
  // may handle badly. Never errors; reported through these rules (firstModelProblem).
  triangles: rule({
    id: 'model.triangles',
    class: 'guess',
    treatment: 'warning',
    section: 'Models',
    item: 'Triangles in the default scene, counted per node instance (⌊n/3⌋ for TRIANGLES, n−2 for strips and fans)',
    bound: `at most ${formatNumber(AVATAR_MAX_TRIANGLES)} (the docs' bound for agent avatars)`,
    was: `refused over ${formatNumber(AVATAR_MAX_TRIANGLES)}`,
    source: `the docs bound agent avatars, not Gizmo models (Limits and compatibility, Agent avatars: "GLBs are static, self-contained, and bounded to 20,000 triangles and 32 draw calls"); Scape may draw a Gizmo model this large slowly or refuse it, so the build says so`,
  }),
  drawCalls: rule({
    id: 'model.drawCalls',
    class: 'guess',
    treatment: 'warning',
    section: 'Models',
    item: 'Draw calls in the default scene: one per primitive per node instance',
    bound: `at most ${AVATAR_MAX_DRAW_CALLS} (the docs' bound for agent avatars)`,
    was: `refused over ${AVATAR_MAX_DRAW_CALLS}`,
    source: `the docs bound agent avatars, not Gizmo models (Limits and compatibility, Agent avatars: "GLBs are static, self-contained, and bounded to 20,000 triangles and 32 draw calls"); Scape may draw a Gizmo model with this many slowly or refuse it, so the build says so`,
  }),
  bufferViewTarget: rule({
    id: 'model.bufferView.target',
    class: 'guess',
    treatment: 'warning',
    section: 'Models',
    item: 'A model buffer view\'s `target`',
    bound: '34962 (vertex data) or 34963 (indices), when given',
    was: 'refused otherwise',
    source: 'glTF\'s schema leaves the enum open (the Khronos validator: VALUE_NOT_IN_LIST, a warning); a glTF reader may ignore another value or refuse the file',
  }),
  samplerValue: rule({
    id: 'model.sampler.value',
    class: 'guess',
    treatment: 'warning',
    section: 'Models',
    item: 'A model sampler\'s `magFilter`, `minFilter`, `wrapS`, `wrapT` (an integer)',
    bound: 'a value glTF defines: 9728, 9729 (filters), 9984–9987 (min filter), 33071, 33648, 10497 (wrap modes)',
    was: 'refused otherwise',
    source: 'glTF\'s schema leaves the enums open (the Khronos validator: VALUE_NOT_IN_LIST, a warning) and a model has no textures, so the sampler is unused; but a strict glTF reader (the Go library qmuntal/gltf) refuses the file',
  }),
};

/** The rule of each of checkGizmoModel's warning codes. */
const MODEL_WARNING_RULES: Record<string, Rule | undefined> = {
  triangles: MODEL_RULES.triangles,
  'draw-calls': MODEL_RULES.drawCalls,
  'buffer-view-target': MODEL_RULES.bufferViewTarget,
  'sampler-value': MODEL_RULES.samplerValue,
};

/** The message of a model that is not base64 (glb.CheckEncoded's, with "model: " in front). */
const NOT_BASE64 = 'must be a base64-encoded .glb (import the .glb file so the bundler embeds it)';
/** The start of the message of a model over GIZMO_MODEL_MAX_BYTES (glb's "file-too-large"). */
const TOO_LARGE = /^the (?:model|file) is \d+ bytes; a model can be at most /;

/** The internal twin of validateGizmoModel: null, or the first problem. */
export function modelProblem(value: unknown, path: string): Problem {
  if (typeof value !== 'string') return fail(TYPE_RULES.string, path, 'must be a base64-encoded .glb string', value);
  const found = firstModelProblem(value, path);
  if (found === null) return null;
  const message = found.message.replace(/^model: /, '');
  if (message === NOT_BASE64) return fail(MODEL_RULES.encoding, path, message, value);
  if (TOO_LARGE.test(message)) return fail(MODEL_RULES.size, path, message, found.value === undefined ? value : found.value);
  return problem(path, message, found.value === undefined ? value : found.value);
}

/**
 * Inspect GLB structure before a host parser sees it. No URLs, textures, skins or extensions.
 * A model over the agent-avatar budget, or with a buffer-view target or sampler value glTF does
 * not define, is accepted: those are warnings (recorded for a caller's collectWarnings), never
 * thrown.
 */
export function validateGizmoModel(encoded: string): void {
  if (typeof encoded !== 'string') throw new Error('model: must be a base64-encoded .glb string');
  const found = firstModelProblem(encoded, '');
  if (found !== null) throw new Error(found.message);
}
