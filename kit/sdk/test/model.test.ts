/**
 * validateGizmoModel and modelProblem (src/model.ts). The GLBs are built in memory here (no fs:
 * these tests also run under goja); the shared real-world files are compared with the Go
 * checker by glb/agreement_test.go (problems and warnings), and the checklist cases are in
 * testdata/conformance/model.json.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validateGizmoModel } from '../src/index.js';
import { checkGizmoModel, decodeUtf8, GIZMO_MODEL_MAX_BYTES, modelProblem } from '../src/model.js';
import { collectWarnings } from '../src/internal/rules.js';
import { base64Encode } from '../src/wav.js';

/**
 * Whether a runtime installed the native checker (goja: the toolchain's test runner). It decides
 * then, and the SDK records no warnings of its own: the toolchain reports glb's.
 */
const hooked = typeof (globalThis as { __scapeModelCheck?: unknown }).__scapeModelCheck === 'function';

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

  test('budget: triangles and draw calls count per node instance; over the agent-avatar bound is a warning', () => {
    const r = checkGizmoModel(glb(triangles(625, 32).doc, triangles(625, 32).bin));
    assert.deepEqual([r.problems.length, r.warnings.length, r.facts.triangles, r.facts.drawCalls], [0, 0, 20000, 32]);
    const over = checkGizmoModel(glb(triangles(626, 33).doc, triangles(626, 33).bin));
    assert.deepEqual(over.problems, []);
    assert.deepEqual(over.warnings, [
      {
        step: 24,
        code: 'triangles',
        path: 'scenes[0]',
        value: 20658,
        message: 'the model has 20,658 triangles (meshes[0] × 33 instances); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it',
      },
      {
        step: 24,
        code: 'draw-calls',
        path: 'scenes[0]',
        value: 33,
        message: 'the model needs 33 draw calls (one per primitive per mesh instance: meshes[0] × 33 instances); the docs bound agent avatars at 32 draw calls, Scape may draw a Gizmo model with this many slowly or refuse it',
      },
    ]);
  });

  test('budget: the biggest meshes are named with their share, numbers grouped as glb prints them', () => {
    // Four meshes of 700 triangles drawn 10, 8, 6 and 5 times: 20,300 triangles, 29 draws.
    const t = triangles(700, 1);
    const doc = t.doc as { meshes: unknown[]; nodes: { mesh: number }[]; scenes: { nodes: number[] }[] };
    doc.meshes = [0, 1, 2, 3].map(() => doc.meshes[0]);
    doc.nodes = [];
    [10, 8, 6, 5].forEach((n, mesh) => {
      for (let k = 0; k < n; k++) doc.nodes.push({ mesh });
    });
    doc.scenes[0].nodes = doc.nodes.map((_, k) => k);
    const r = checkGizmoModel(glb(t.doc, t.bin));
    assert.deepEqual([r.problems, r.facts.triangles, r.facts.drawCalls], [[], 20300, 29]);
    assert.deepEqual(
      r.warnings.map((w) => [w.code, w.path, w.value, w.message]),
      [
        [
          'triangles',
          'scenes[0]',
          20300,
          'the model has 20,300 triangles (meshes[0] × 10 instances: 7,000 triangles; meshes[1] × 8 instances: 5,600 triangles; meshes[2] × 6 instances: 4,200 triangles; 1 more meshes); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it',
        ],
      ],
    );
  });

  test('a buffer-view target or sampler value glTF does not define is a warning', () => {
    const t = triangles();
    const doc = t.doc as { bufferViews: Record<string, unknown>[]; samplers?: unknown[] };
    doc.bufferViews[0].target = 5126;
    doc.bufferViews[1].target = -1;
    doc.samplers = [{ magFilter: 1234, minFilter: 9987 }, {}, { wrapS: 10497, wrapT: 7 }];
    const r = checkGizmoModel(glb(t.doc, t.bin));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.warnings, [
      {
        step: 9,
        code: 'sampler-value',
        path: 'samplers[0].magFilter',
        value: 1234,
        message: 'samplers[0].magFilter = 1234: glTF defines only 9728 and 9729; the sampler is unused (a model has no textures), but a strict glTF reader may refuse the file',
      },
      {
        step: 9,
        code: 'sampler-value',
        path: 'samplers[2].wrapT',
        value: 7,
        message: 'samplers[2].wrapT = 7: glTF defines only 33071, 33648 and 10497; the sampler is unused (a model has no textures), but a strict glTF reader may refuse the file',
      },
      {
        step: 18,
        code: 'buffer-view-target',
        path: 'bufferViews[0].target',
        value: 5126,
        message: 'bufferViews[0].target = 5126: glTF defines only 34962 (vertex data) and 34963 (indices); a glTF reader may ignore this value or refuse the file',
      },
      {
        step: 18,
        code: 'buffer-view-target',
        path: 'bufferViews[1].target',
        value: -1,
        message: 'bufferViews[1].target = -1: glTF defines only 34962 (vertex data) and 34963 (indices); a glTF reader may ignore this value or refuse the file',
      },
    ]);
    // A sampler value that is not an integer is still the glTF library's refusal.
    doc.samplers = [{ magFilter: 9728.5 }];
    doc.bufferViews[0].target = 34962;
    doc.bufferViews[1].target = 34963;
    const lib = checkGizmoModel(glb(t.doc, t.bin));
    assert.deepEqual(
      lib.problems.map((p) => [p.code, p.message]),
      [['decode', 'the glTF JSON does not decode: gltf: unknown mag filter: 9728.5']],
    );
  });

  test('a warning never hides a refusal, and a refusal keeps the warnings found', () => {
    const t = triangles(1, 33);
    (t.doc as { nodes: { children?: number[] }[] }).nodes.push({ children: [0] }); // nodes[0] gets a parent, and is a scene root
    const r = checkGizmoModel(glb(t.doc, t.bin));
    assert.deepEqual(r.problems.map((p) => p.code), ['hierarchy']);
    assert.deepEqual(r.warnings.map((w) => w.code), ['draw-calls']);
  });

  test('a check lists at most 50 problems, then counts the rest as the toolchain\'s bound', () => {
    const t = triangles();
    const nodes = (t.doc as { nodes: unknown[] }).nodes;
    for (let i = 0; i < 60; i++) nodes.push({ mesh: 0, name: i });
    const r = checkGizmoModel(glb(t.doc, t.bin));
    assert.equal(r.problems.length, 51);
    assert.deepEqual(r.problems[50], { step: 9, code: 'schema', path: '', value: undefined, message: '… and 10 more like these (this toolchain lists at most 50 per check)' });
  });

  test('JSON nested past 10,000 levels is refused as the toolchain\'s limit', () => {
    const text = '{"asset":{"version":"2.0","x":' + '['.repeat(10001) + ']'.repeat(10001) + '}}';
    const r = checkGizmoModel(container(ascii(text), null));
    assert.deepEqual(
      r.problems.map((p) => [p.step, p.code, p.message]),
      [[8, 'json-text', "JSON chunk nests more than 10,000 levels deep (at offset 10029): that is this toolchain's limit for reading JSON, not a rule of glTF or of Gizmo models"]],
    );
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

  test('a model with only warnings is accepted; its warnings are recorded at its path, through their rules', () => {
    const t = triangles(626, 33);
    (t.doc as { bufferViews: Record<string, unknown>[] }).bufferViews[0].target = 5126;
    const { result, warnings } = collectWarnings(() => modelProblem(encoded(t), 'presentation.model'));
    assert.equal(result, null);
    if (hooked) {
      // The toolchain's runtime: glb decided, and the toolchain reports glb's warnings itself.
      assert.deepEqual(warnings, []);
      return;
    }
    assert.deepEqual(
      warnings.map((w) => [w.rule?.id, w.severity, w.path, w.value]),
      [
        ['model.bufferView.target', 'warning', 'presentation.model.bufferViews[0].target', 5126],
        ['model.triangles', 'warning', 'presentation.model.scenes[0]', 20658],
        ['model.drawCalls', 'warning', 'presentation.model.scenes[0]', 33],
      ],
    );
    assert.equal(warnings[1].message, 'the model has 20,658 triangles (meshes[0] × 33 instances); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it');
    // validateGizmoModel: the same warnings, at the glTF paths; nothing is thrown.
    const direct = collectWarnings(() => validateGizmoModel(encoded(t)));
    assert.deepEqual(
      direct.warnings.map((w) => w.path),
      ['bufferViews[0].target', 'scenes[0]', 'scenes[0]'],
    );
  });

  test('a refused model reports its first problem and records its warnings', () => {
    const t = triangles(1, 33);
    (t.doc as { animations?: unknown[] }).animations = [{}];
    const { result, warnings } = collectWarnings(() => modelProblem(encoded(t), 'presentation.model'));
    assert.ok(result);
    assert.match(result.message, /^animations has 1 entry/);
    // Refused at step 14: the budget (step 24) is never reached, so there is no warning.
    assert.deepEqual(warnings, []);
    const u = triangles(1, 33);
    (u.doc as { nodes: { children?: number[] }[] }).nodes.push({ children: [0] });
    const both = collectWarnings(() => modelProblem(encoded(u), 'presentation.model'));
    assert.ok(both.result);
    assert.match(both.result.message, /^scenes\[0\]\.nodes contains 0, which is a child of nodes\[33\]/);
    assert.deepEqual(both.warnings.map((w) => w.rule?.id), hooked ? [] : ['model.drawCalls']);
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
