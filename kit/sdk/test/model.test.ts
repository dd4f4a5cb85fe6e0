/**
 * validateGizmoModel and modelProblem (src/model.ts). The GLBs are built in memory here (no fs:
 * these tests also run under goja); the shared real-world files are compared with the Go
 * checker by glb/agreement_test.go, and the checklist cases are in testdata/conformance/model.json.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validateGizmoModel } from '../src/index.js';
import { checkGizmoModel, decodeUtf8, GIZMO_MODEL_MAX_BYTES, modelProblem } from '../src/model.js';
import { base64Encode } from '../src/wav.js';

function ascii(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i));
  return out;
}

/** A GLB from a JSON document and binary bytes (chunks padded as the format asks). */
function glb(doc: unknown, bin: number[] | null): Uint8Array {
  return container(ascii(JSON.stringify(doc)), bin);
}

/** Written with set() rather than spreads: a 768 KiB spread overflows the call stack. */
function container(json: number[], bin: number[] | null): Uint8Array {
  const jlen = Math.ceil(json.length / 4) * 4;
  const blen = bin ? Math.ceil(bin.length / 4) * 4 : 0;
  const total = 12 + 8 + jlen + (bin ? 8 + blen : 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jlen, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jlen);
  out.set(json, 20);
  if (bin) {
    dv.setUint32(20 + jlen, blen, true);
    dv.setUint32(24 + jlen, 0x004e4942, true);
    out.set(bin, 28 + jlen);
  }
  return out;
}

function f32(values: number[]): number[] {
  const out = new Uint8Array(values.length * 4);
  const dv = new DataView(out.buffer);
  values.forEach((v, i) => dv.setFloat32(i * 4, v, true));
  return Array.from(out);
}

/** One triangle drawn by `instances` nodes, `tris` times over (u8 indices); `extra` BIN bytes. */
function triangles(tris = 1, instances = 1, extra = 0): { doc: Record<string, unknown>; bin: number[] } {
  const pos = f32([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const idx: number[] = [];
  for (let i = 0; i < 3 * tris; i++) idx.push(i % 3);
  const bin = [...pos, ...idx];
  while (bin.length % 4) bin.push(0);
  for (let i = 0; i < extra; i++) bin.push(0);
  const nodes = [];
  for (let k = 0; k < instances; k++) nodes.push({ mesh: 0 });
  return {
    doc: {
      asset: { version: '2.0' },
      scenes: [{ nodes: nodes.map((_, k) => k) }],
      nodes,
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
        { bufferView: 1, componentType: 5121, count: 3 * tris, type: 'SCALAR' },
      ],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 36 },
        { buffer: 0, byteOffset: 36, byteLength: 3 * tris },
      ],
      buffers: [{ byteLength: bin.length }],
    },
    bin,
  };
}

function encoded(t: { doc: unknown; bin: number[] }): string {
  return base64Encode(glb(t.doc, t.bin));
}

describe('validateGizmoModel', () => {
  test('accepts a small valid model', () => {
    assert.doesNotThrow(() => validateGizmoModel(encoded(triangles())));
  });

  test('throws the first problem as the message', () => {
    const t = triangles();
    (t.doc as { animations?: unknown[] }).animations = [{}];
    assert.throws(() => validateGizmoModel(encoded(t)), { message: 'animations has 1 entry: animations are not supported; export without animation (Scape animates the model through the presentation timeline)' });
  });

  test('accepts a data: URL of a GLB', () => {
    assert.doesNotThrow(() => validateGizmoModel('data:model/gltf-binary;base64,' + encoded(triangles())));
  });

  test('refuses text that is not base64', () => {
    assert.throws(() => validateGizmoModel('not base64!'), /must be a base64-encoded \.glb/);
    assert.throws(() => validateGizmoModel(''), /the model is 0 bytes; a \.glb file starts with a 12-byte header/);
  });

  test('file size: 786,432 bytes accepted, one more refused before decoding', () => {
    // Growing the BIN chunk also lengthens the JSON ("byteLength": 786372): adjust once more.
    let pad = GIZMO_MODEL_MAX_BYTES - glb(triangles().doc, triangles().bin).length;
    let atLimit = triangles(1, 1, pad);
    pad -= glb(atLimit.doc, atLimit.bin).length - GIZMO_MODEL_MAX_BYTES;
    atLimit = triangles(1, 1, pad);
    const bytes = glb(atLimit.doc, atLimit.bin);
    assert.equal(bytes.length, GIZMO_MODEL_MAX_BYTES);
    // Bytes directly: base64-encoding 768 KiB takes goja (which runs these tests too) seconds.
    assert.deepEqual(checkGizmoModel(bytes).problems, []);
    assert.equal(checkGizmoModel(new Uint8Array(GIZMO_MODEL_MAX_BYTES + 1)).problems[0].code, 'file-too-large');
    // The base64 of 786,433 bytes is refused from its length, before anything is decoded.
    const over = 'A'.repeat(4 * Math.ceil((GIZMO_MODEL_MAX_BYTES + 1) / 3) - 2) + '==';
    assert.throws(() => validateGizmoModel(over), { message: 'the model is 786433 bytes; a model can be at most 786432 bytes (768 KiB), the most that fits in the 1 MiB bundle as base64' });
  });

  test('budget: triangles and draw calls count per node instance', () => {
    const r = checkGizmoModel(glb(triangles(625, 32).doc, triangles(625, 32).bin));
    assert.deepEqual([r.problems.length, r.facts.triangles, r.facts.drawCalls], [0, 20000, 32]);
    const over = checkGizmoModel(glb(triangles(626, 33).doc, triangles(626, 33).bin));
    assert.deepEqual(over.problems.map((p) => p.code), ['triangles', 'draw-calls']);
  });

  test('a name that is not a string is one problem, for materials too', () => {
    const t = triangles();
    (t.doc as { materials?: unknown[] }).materials = [{ name: 5 }];
    assert.deepEqual(
      checkGizmoModel(glb(t.doc, t.bin)).problems.map((p) => p.message),
      ['materials[0].name = 5: must be a string'],
    );
  });

  test('integers may be written 36.0 (JSON.parse reads them as 36)', () => {
    const t = triangles();
    const text = JSON.stringify(t.doc).replace('"count":3,', '"count":3.0,');
    assert.ok(text.includes('3.0'));
    assert.deepEqual(checkGizmoModel(container(ascii(text), t.bin)).problems, []);
  });
});

describe('modelProblem', () => {
  test('null for a valid model, the path and first message otherwise', () => {
    assert.equal(modelProblem(encoded(triangles()), 'presentation.model'), null);
    const t = triangles();
    (t.doc as { extensionsUsed?: string[] }).extensionsUsed = ['KHR_draco_mesh_compression'];
    const found = modelProblem(encoded(t), 'presentation.model');
    assert.ok(found);
    assert.equal(found.path, 'presentation.model');
    assert.match(found.message, /^extensionsUsed\[0\] = "KHR_draco_mesh_compression": compressed meshes are not supported/);
    assert.equal(found.value, 'KHR_draco_mesh_compression');
  });

  test('a non-string is a problem, not a crash', () => {
    const found = modelProblem(42, 'model');
    assert.ok(found);
    assert.equal(found.message, 'must be a base64-encoded .glb string');
  });
});

describe('native checker hook', () => {
  test('defers to globalThis.__scapeModelCheck when a runtime installs it', () => {
    const g = globalThis as { __scapeModelCheck?: unknown };
    // A runtime that installed its own (non-writable) hook is tested by glb/internal/gojacheck.
    if (Object.getOwnPropertyDescriptor(g, '__scapeModelCheck')) return;
    const seen: string[] = [];
    g.__scapeModelCheck = (s: string) => {
      seen.push(s);
      return s === 'QUJD' ? { message: 'native says no', value: 7 } : null;
    };
    try {
      assert.throws(() => validateGizmoModel('QUJD'), { message: 'native says no' });
      assert.doesNotThrow(() => validateGizmoModel('not even base64, but the native checker decides'));
      const found = modelProblem('QUJD', 'presentation.model');
      assert.ok(found);
      assert.deepEqual([found.path, found.message, found.value], ['presentation.model', 'native says no', 7]);
      assert.equal(seen.length, 3);
    } finally {
      delete g.__scapeModelCheck;
    }
    assert.throws(() => validateGizmoModel('QUJD'), /the model is 3 bytes/);
  });
});

describe('decodeUtf8', () => {
  test('decodes what Go accepts', () => {
    assert.equal(decodeUtf8(new Uint8Array([0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80])), 'aé€😀');
  });
  test('refuses what Go refuses, at the same offset', () => {
    assert.deepEqual(decodeUtf8(new Uint8Array([0x61, 0xff])), { invalidAt: 1 });
    assert.deepEqual(decodeUtf8(new Uint8Array([0xc0, 0x80])), { invalidAt: 0 }, 'overlong NUL');
    assert.deepEqual(decodeUtf8(new Uint8Array([0x61, 0xed, 0xa0, 0x80])), { invalidAt: 1 }, 'surrogate');
    assert.deepEqual(decodeUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80])), { invalidAt: 0 }, 'above U+10FFFF');
    assert.deepEqual(decodeUtf8(new Uint8Array([0x61, 0xe2, 0x82])), { invalidAt: 1 }, 'truncated');
  });
});
