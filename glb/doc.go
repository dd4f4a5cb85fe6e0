// Package glb checks a Gizmo's embedded model (a binary glTF 2.0 file) the way the host will,
// and says what to change in the exporter when it is refused.
//
// The rule ("static and self-contained; materials or vertex colors; no textures, skins,
// animations, compression or external resources") is turned into the 24 ordered checks of
// ../shared/spec/glb-checklist.md:
//
//   - 1–7 the container (size, header, chunks), 8 the JSON text (BOM, UTF-8, padding): the
//     first problem stops the check, since everything after depends on it;
//   - 9 schema basics (types, integers — 36.0 and 3.6e1 are integers in glTF, so they are read
//     from the number's text, not through Go's decoder — and required properties);
//   - 10–16 the product rules (version, extensions, textures, skins, animations, morph
//     targets, self-contained buffers): all gathered, so one export round fixes them all;
//   - 17 references, 18–19 buffer views and accessors (bounds, alignment, strides, no sparse),
//     20 mesh attributes, 21 geometry data (finite positions matching min/max, indices in
//     range, counts suiting the mode), 22 node hierarchy (one parent, no cycles, scenes list
//     roots, matrix xor TRS), 23 a default scene that draws, 24 the budget per node instance.
//
// A check refuses (Result.Problems) only what the docs, the SDK's types, the glTF format, the
// checklist's product decisions or this toolchain's own bounds rule out; what the docs leave
// open is a warning (Result.Warnings), never a refusal: the budget of check 24 (20,000 triangles
// and 32 draw calls) is the docs' bound for agent avatars, not for Gizmo models. Each check's
// class is in docs/models.md, "Which model checks are errors".
//
// Every length and offset is compared, in 64-bit arithmetic, with the bytes present before it
// is used, so a lying header or accessor cannot make the checker allocate more than a small
// multiple of the input (the fuzz target asserts it). github.com/qmuntal/gltf (v0.29.0) is used
// where it is safe: its types and element sizes, its modeler.ReadIndices reader for the indices
// (only after checks 16–20 proved the data fits), and its decoder for the parts of the JSON the
// checks do not read (materials, cameras, samplers). The library is lenient elsewhere (trailing
// bytes, external URIs, dangling indices, cycles) and strict where glTF is not (36.0), so it
// never sees the raw file. A panic anywhere becomes a refusal, never a crash.
//
// Use Check (or CheckFile, which refuses an oversized file from its size alone, or CheckEncoded
// for a presentation.model string) for one model,
// and a Cache in builds: it keys results by the SHA-256 of the bytes, so a model is checked once
// per content, not on every rebuild. The SDK's validateGizmoModel (kit/sdk/src/model.ts) runs
// the same checks in TypeScript; under goja it defers to this package (NativeVerdict). Under
// Node it still refuses what this package only warns about (every warning's code is one of its
// refusals), so glb's tests compare its verdict with our problems and warnings together, on
// every test file, and compare ours with the Khronos glTF-Validator's. See docs/models.md.
package glb
