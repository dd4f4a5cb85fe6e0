package glb_test

import (
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
)

func mustOK(t *testing.T, data []byte) *glb.Result {
	t.Helper()
	r := glb.Check(data)
	if !r.OK() {
		t.Fatalf("valid model refused: %v", r.Problems)
	}
	return r
}

func TestValidCube(t *testing.T) {
	r := mustOK(t, glbtest.Cube().GLB())
	f := r.Facts
	if f.Triangles != 12 || f.DrawCalls != 1 || f.Primitives != 1 || f.Nodes != 1 || f.Materials != 1 || f.Vertices != 24 {
		t.Errorf("facts = %+v", f)
	}
	if f.Generator != "scape glbtest" || len(f.Extensions) != 0 {
		t.Errorf("facts = %+v", f)
	}
}

func TestInstancesCountPerNode(t *testing.T) {
	r := mustOK(t, glbtest.Cubes(glbtest.Options{Cubes: 2, Instances: 3}).GLB())
	if r.Facts.DrawCalls != 6 || r.Facts.Triangles != 72 || r.Facts.Primitives != 2 {
		t.Errorf("facts = %+v, want 6 draws (2 meshes × 3 nodes), 72 triangles", r.Facts)
	}
	// A mesh shared through a parent with three children counts three times.
	m := glbtest.Cube()
	m.JSON["nodes"] = []any{
		map[string]any{"children": []any{1, 2, 3}},
		map[string]any{"mesh": 0}, map[string]any{"mesh": 0}, map[string]any{"mesh": 0},
	}
	m.JSON["scenes"] = []any{map[string]any{"nodes": []any{0}}}
	r = mustOK(t, m.GLB())
	if r.Facts.DrawCalls != 3 || r.Facts.Triangles != 36 {
		t.Errorf("facts = %+v, want 3 draws", r.Facts)
	}
	// Counting walks parents before children whatever the nodes' order in the array: here the
	// mesh is at the bottom of a chain listed leaf first.
	m = glbtest.Cube()
	m.JSON["nodes"] = []any{
		map[string]any{"mesh": 0}, map[string]any{"children": []any{0}},
		map[string]any{"children": []any{1}}, map[string]any{"children": []any{2}},
	}
	m.JSON["scenes"] = []any{map[string]any{"nodes": []any{3}}}
	r = mustOK(t, m.GLB())
	if r.Facts.DrawCalls != 1 || r.Facts.Triangles != 12 {
		t.Errorf("facts = %+v, want 1 draw", r.Facts)
	}
}

// The triangle and draw-call bounds are the docs' for agent avatars: a Gizmo model over them is
// accepted with a warning, at them without one.
func TestBudgetEdges(t *testing.T) {
	accepted := func(name string, data []byte, warn glb.Code) *glb.Result {
		t.Helper()
		r := glb.Check(data)
		if !r.OK() {
			t.Fatalf("%s: refused: %v", name, r.Problems)
		}
		switch {
		case warn == "" && len(r.Warnings) != 0:
			t.Fatalf("%s: warnings %v, want none", name, r.Warnings)
		case warn != "" && (len(r.Warnings) != 1 || r.Warnings[0].Code != warn || r.Warnings[0].Step != 24):
			t.Fatalf("%s: warnings %v, want one step-24 %s", name, r.Warnings, warn)
		}
		return r
	}
	if r := accepted("32 draws", glbtest.Cubes(glbtest.Options{Cubes: 32}).GLB(), ""); r.Facts.DrawCalls != 32 {
		t.Errorf("facts = %+v", r.Facts)
	}
	r := accepted("33 draws", glbtest.Cubes(glbtest.Options{Cubes: 33}).GLB(), glb.CodeDrawCalls)
	if r.Facts.DrawCalls != 33 || r.Warnings[0].Value != int64(33) || r.Warnings[0].Path != "scenes[0]" {
		t.Errorf("facts = %+v, warning = %+v", r.Facts, r.Warnings[0])
	}
	accepted("32 draws of one mesh", glbtest.Triangles(1, 32).GLB(), "")
	accepted("33 draws of one mesh", glbtest.Triangles(1, 33).GLB(), glb.CodeDrawCalls)
	// A cube subdivided n times has 12n² triangles: n = 41 gives 20,172.
	r = accepted("20172 triangles", glbtest.Cubes(glbtest.Options{Subdivide: 41, IndexUint32: true}).GLB(), glb.CodeTriangles)
	if r.Facts.Triangles != 20172 || r.Warnings[0].Value != int64(20172) {
		t.Errorf("facts = %+v, warning = %+v", r.Facts, r.Warnings[0])
	}
	// Exactly 20,000: the same cube with its index count trimmed to 60,000.
	exact := glbtest.Cubes(glbtest.Options{Subdivide: 41, IndexUint32: true})
	exact.Obj("accessors", 2)["count"] = 60000
	if r := accepted("20000 triangles", exact.GLB(), ""); r.Facts.Triangles != 20000 {
		t.Errorf("facts = %+v", r.Facts)
	}
	accepted("20000 triangles in one instance", glbtest.Triangles(20000, 1).GLB(), "")
	accepted("20001 triangles in one instance", glbtest.Triangles(20001, 1).GLB(), glb.CodeTriangles)
	accepted("20000 triangles: 625 × 32 instances", glbtest.Triangles(625, 32).GLB(), "")
	both := glb.Check(glbtest.Triangles(626, 33).GLB())
	if !both.OK() || len(both.Warnings) != 2 || both.Warnings[0].Code != glb.CodeTriangles || both.Warnings[1].Code != glb.CodeDrawCalls {
		t.Errorf("626 × 33: problems %v, warnings %v; want triangles and draw-calls warnings", both.Problems, both.Warnings)
	}
}

type warningCase struct {
	name string
	data []byte
	step int
	code glb.Code
	msg  string // the whole message
}

// warningCases are models accepted with a warning, each with its exact message (the agreement
// tests with the SDK reuse them: its TypeScript checker still refuses them under Node).
func warningCases() []warningCase {
	return []warningCase{
		{"draw calls", glbtest.Cubes(glbtest.Options{Cubes: 3, Instances: 14}).GLB(), 24, glb.CodeDrawCalls,
			"the model needs 42 draw calls (one per primitive per mesh instance: meshes[0] × 14 instances: 14 draws; meshes[1] × 14 instances: 14 draws; meshes[2] × 14 instances: 14 draws); the docs bound agent avatars at 32 draw calls, Scape may draw a Gizmo model with this many slowly or refuse it"},
		{"triangles", glbtest.Cubes(glbtest.Options{Subdivide: 41, IndexUint32: true}).GLB(), 24, glb.CodeTriangles,
			"the model has 20,172 triangles (meshes[0] × 1 instance); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it"},
		{"triangles in two meshes", func() []byte {
			m := glbtest.Cubes(glbtest.Options{Cubes: 2, Subdivide: 30, Instances: 2}) // 2 × 2 × 10,800
			return m.GLB()
		}(), 24, glb.CodeTriangles,
			"the model has 43,200 triangles (meshes[0] × 2 instances: 21,600 triangles; meshes[1] × 2 instances: 21,600 triangles); the docs bound agent avatars at 20,000 triangles, Scape may draw a Gizmo model this large slowly or refuse it"},
		// glTF's schema leaves these enums open; the Khronos validator warns (VALUE_NOT_IN_LIST).
		{"unknown target", edited(func(m *glbtest.Model) { m.Obj("bufferViews", 1)["target"] = 5126 }), 18, glb.CodeViewTarget,
			"bufferViews[1].target = 5126: glTF defines only 34962 (vertex data) and 34963 (indices); a glTF reader may ignore this value or refuse the file"},
		{"negative target", edited(func(m *glbtest.Model) { m.Obj("bufferViews", 0)["target"] = -1 }), 18, glb.CodeViewTarget,
			"bufferViews[0].target = -1: glTF defines only 34962 (vertex data) and 34963 (indices); a glTF reader may ignore this value or refuse the file"},
		{"unknown mag filter", edited(func(m *glbtest.Model) {
			m.JSON["samplers"] = []any{map[string]any{"magFilter": 1234, "minFilter": 9987.0}}
		}), 9, glb.CodeSamplerValue,
			"samplers[0].magFilter = 1234: glTF defines only 9728 and 9729; the sampler is unused (a model has no textures), but a strict glTF reader may refuse the file"},
		{"unknown wrap mode", edited(func(m *glbtest.Model) { m.JSON["samplers"] = []any{map[string]any{}, map[string]any{"wrapT": 7}} }), 9, glb.CodeSamplerValue,
			"samplers[1].wrapT = 7: glTF defines only 33071, 33648 and 10497; the sampler is unused (a model has no textures), but a strict glTF reader may refuse the file"},
	}
}

// TestWarnings: each warning case is accepted, with exactly one warning: its step, code and
// whole message.
func TestWarnings(t *testing.T) {
	for _, c := range warningCases() {
		t.Run(c.name, func(t *testing.T) {
			r := glb.Check(c.data)
			if !r.OK() {
				t.Fatalf("refused: %v", r.Problems)
			}
			if err := r.Err(); err != nil {
				t.Fatalf("Err() = %v for an accepted model", err)
			}
			if len(r.Warnings) != 1 {
				t.Fatalf("warnings = %v", r.Warnings)
			}
			if w := r.Warnings[0]; w.Step != c.step || w.Code != c.code || w.Message != c.msg {
				t.Fatalf("warning = step %d %s %q\nwant step %d %s %q", w.Step, w.Code, w.Message, c.step, c.code, c.msg)
			}
		})
	}
}

// A warning never hides a refusal, and a refusal does not drop the warnings already found.
func TestWarningsBesideRefusals(t *testing.T) {
	// Two parents (check 22) and 42 draws (check 24): refused for the first, warned about the
	// second.
	m := glbtest.Cubes(glbtest.Options{Cubes: 3, Instances: 14})
	nodes := m.Arr("nodes")
	nodes = append(nodes, map[string]any{"children": []any{len(nodes) - 1}})
	m.JSON["nodes"] = nodes
	r := glb.Check(m.GLB())
	if r.OK() || !r.Has(glb.CodeHierarchy) || !r.HasWarning(glb.CodeDrawCalls) || r.Has(glb.CodeDrawCalls) {
		t.Errorf("problems %v, warnings %v", r.Problems, r.Warnings)
	}
	// Over budget, and a camera the glTF library refuses (the last check, after the budget).
	m = glbtest.Cubes(glbtest.Options{Cubes: 3, Instances: 14})
	m.JSON["cameras"] = []any{map[string]any{"type": "perspective"}}
	r = glb.Check(m.GLB())
	if r.OK() || !r.Has(glb.CodeDecode) || !r.HasWarning(glb.CodeDrawCalls) {
		t.Errorf("problems %v, warnings %v", r.Problems, r.Warnings)
	}
}

// header builds the first 12 bytes with a chosen magic, version and length.
func header(magic, version, length uint32) []byte {
	b := binary.LittleEndian.AppendUint32(nil, magic)
	b = binary.LittleEndian.AppendUint32(b, version)
	return binary.LittleEndian.AppendUint32(b, length)
}

func withLength(b []byte, n uint32) []byte {
	out := append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(out[8:], n)
	return out
}

func edited(edit func(m *glbtest.Model)) []byte {
	m := glbtest.Cube()
	edit(m)
	return m.GLB()
}

func jsonGLB(text string) []byte { return glbtest.Encode([]byte(text), nil) }

const minimalJSON = `{"asset":{"version":"2.0"}}`

type checklistCase struct {
	name string
	data []byte
	step int
	code glb.Code
	msg  string
}

// checklistCases gives every check that refuses (1–23) a model that breaks it (the agreement
// test with the SDK reuses them).
func checklistCases() []checklistCase {
	cube := glbtest.Cube().GLB()
	return []checklistCase{
		{"too large", make([]byte, glb.MaxFileBytes+1), 1, glb.CodeTooLarge, "the file is 786433 bytes; a model can be at most 786432 bytes (768 KiB)"},
		{"one byte", []byte{'g'}, 2, glb.CodeTooShort, "the file is 1 bytes; a .glb file starts with a 12-byte header"},
		{"zero magic", make([]byte, 12), 3, glb.CodeBadMagic, `header magic is 0x00000000; expected 0x46546C67 ("glTF"): not a binary glTF file`},
		{"gltf json", []byte(`{"asset":{"version":"2.0"}}`), 3, glb.CodeBadMagic, "not a binary glTF file (this looks like .gltf JSON; export as .glb)"},
		{"version 1", header(0x46546C67, 1, 12), 4, glb.CodeBadVersion, "header version is 1; only GLB version 2 (glTF 2.0) is supported"},
		{"truncated", withLength(cube[:32], uint32(len(cube))), 5, glb.CodeLengthMismatch, "header length is"},
		{"trailing bytes", append(append([]byte(nil), cube...), 0, 0, 0, 0), 5, glb.CodeLengthMismatch, "but the file is"},
		{"chunk header cut", withLength(append(header(0x46546C67, 2, 0), 1, 2, 3, 4), 16), 6, glb.CodeChunkHeader, "chunk 0: header truncated at byte 12"},
		{"chunk unaligned", glbtest.Container(glbtest.Chunk{Type: glbtest.JSON, Data: []byte(minimalJSON + "\n\n")}), 6, glb.CodeChunkUnaligned, "chunk 0: chunkLength 29 is not a multiple of 4"},
		{"chunk too big", func() []byte {
			b := glbtest.Encode([]byte(minimalJSON), nil)
			binary.LittleEndian.PutUint32(b[12:], 3168)
			return b
		}(), 6, glb.CodeChunkTooBig, "chunk 0: chunkLength 3168 runs past the end of the file (48 bytes)"},
		{"no chunks", header(0x46546C67, 2, 12), 7, glb.CodeChunkLayout, "no chunks"},
		{"bin first", glbtest.Container(glbtest.Chunk{Type: glbtest.BIN, Data: make([]byte, 4)}), 7, glb.CodeChunkLayout, "chunk 0 has type 0x004E4942 (BIN); the first chunk must be JSON (0x4E4F534A)"},
		{"empty json", glbtest.Container(glbtest.Chunk{Type: glbtest.JSON}), 7, glb.CodeChunkLayout, "chunk 0 (JSON) is empty"},
		{"two json", glbtest.Container(glbtest.Chunk{Type: glbtest.JSON, Data: glbtest.Pad([]byte(minimalJSON), ' ')}, glbtest.Chunk{Type: glbtest.JSON, Data: glbtest.Pad([]byte(minimalJSON), ' ')}), 7, glb.CodeChunkLayout, "chunk 1 is a second JSON chunk"},
		{"unknown chunk", glbtest.Container(glbtest.Chunk{Type: glbtest.JSON, Data: glbtest.Pad([]byte(minimalJSON), ' ')}, glbtest.Chunk{Type: glbtest.BIN, Data: make([]byte, 4)}, glbtest.Chunk{Type: 0x004B4E55, Data: nil}), 7, glb.CodeChunkLayout, "chunk 2 has type 0x004B4E55; only one JSON and one BIN chunk are supported"},
		{"bom", jsonGLB("\ufeff" + minimalJSON), 8, glb.CodeJSONText, "JSON chunk starts with a UTF-8 byte order mark"},
		{"invalid utf8", jsonGLB(`{"asset":{"version":"2.0","generator":"` + "\xff" + `"}}`), 8, glb.CodeJSONText, "JSON chunk is not valid UTF-8 (byte 0xFF at offset 39)"},
		{"nul padding", glbtest.Container(glbtest.Chunk{Type: glbtest.JSON, Data: []byte(minimalJSON + "\x00")}), 8, glb.CodeJSONText, "JSON chunk contains a 0x00 byte at offset 27 (padding must be spaces, 0x20)"},
		{"not json", jsonGLB(`{"asset":`), 8, glb.CodeJSONText, "JSON chunk is not valid JSON"},
		{"json array", jsonGLB(`[1]`), 8, glb.CodeJSONText, "JSON chunk holds an array; a glTF JSON chunk is one object"},
		{"json null", jsonGLB(`null`), 8, glb.CodeJSONText, "JSON chunk holds null; a glTF JSON chunk is one object"},
		{"json number", jsonGLB(`2.0`), 8, glb.CodeJSONText, "JSON chunk holds a number; a glTF JSON chunk is one object"},
		{"fractional count", edited(func(m *glbtest.Model) { m.Obj("accessors", 0)["count"] = 2.5 }), 9, glb.CodeSchema, "accessors[0].count = 2.5: must be an integer"},
		{"no asset", jsonGLB(`{}`), 9, glb.CodeSchema, "asset is missing"},
		{"string index", edited(func(m *glbtest.Model) { m.Obj("nodes", 0)["mesh"] = "0" }), 9, glb.CodeSchema, `nodes[0].mesh = "0": must be an integer`},
		{"negative index", edited(func(m *glbtest.Model) { m.Obj("nodes", 0)["mesh"] = -1 }), 9, glb.CodeSchema, "nodes[0].mesh = -1: must be at least 0"},
		{"min version 2.1", edited(func(m *glbtest.Model) { m.Obj("asset")["minVersion"] = "2.1" }), 10, glb.CodeAssetVersion, `asset.minVersion is "2.1"; it must be at most "2.0"`},
		{"offset without view", edited(func(m *glbtest.Model) {
			m.JSON["accessors"] = append(m.Arr("accessors"), map[string]any{"byteOffset": 4, "componentType": 5126, "count": 1, "type": "SCALAR"})
		}), 9, glb.CodeSchema, "accessors[3].byteOffset is set but accessors[3] has no bufferView"},
		{"name not a string", edited(func(m *glbtest.Model) { m.Obj("nodes", 0)["name"] = 5 }), 9, glb.CodeSchema, "nodes[0].name = 5: must be a string"},
		{"version 1.0", edited(func(m *glbtest.Model) { m.Obj("asset")["version"] = "1.0" }), 10, glb.CodeAssetVersion, `asset.version is "1.0"; expected "2.0"`},
		{"undeclared extension", edited(func(m *glbtest.Model) {
			m.Obj("materials", 0)["extensions"] = map[string]any{"KHR_materials_unlit": map[string]any{}}
		}), 11, glb.CodeUndeclaredExt, "materials[0].extensions.KHR_materials_unlit is used but not listed in extensionsUsed"},
		{"draco", edited(func(m *glbtest.Model) { m.JSON["extensionsUsed"] = []any{"KHR_draco_mesh_compression"} }), 11, glb.CodeCompressionExt, `extensionsUsed[0] = "KHR_draco_mesh_compression": compressed meshes are not supported; export without Draco/meshopt compression`},
		{"quantization", edited(func(m *glbtest.Model) { m.JSON["extensionsUsed"] = []any{"KHR_mesh_quantization"} }), 11, glb.CodeCompressionExt, `quantized (compressed) vertex data is not supported`},
		{"lights", edited(func(m *glbtest.Model) { m.JSON["extensionsUsed"] = []any{"KHR_lights_punctual"} }), 11, glb.CodeUnsupportedExt, `extensionsUsed[0] = "KHR_lights_punctual": lights are not supported`},
		{"other extension", edited(func(m *glbtest.Model) { m.JSON["extensionsUsed"] = []any{"KHR_materials_unlit", "FB_ngon_encoding"} }), 11, glb.CodeUnsupportedExt, `extensionsUsed[1] = "FB_ngon_encoding": extension not supported (allowed: KHR_materials_unlit, KHR_materials_emissive_strength)`},
		{"required not used", edited(func(m *glbtest.Model) { m.JSON["extensionsRequired"] = []any{"KHR_materials_unlit"} }), 11, glb.CodeUndeclaredExt, `extensionsRequired[0] = "KHR_materials_unlit" is required but not listed in extensionsUsed`},
		{"texture", edited(func(m *glbtest.Model) {
			m.JSON["textures"] = []any{map[string]any{"source": 0}}
			m.JSON["images"] = []any{map[string]any{"uri": "a.png"}}
		}), 12, glb.CodeTextures, "the model has 1 texture and 1 image (textures[0], images[0]): textures are not supported; use material colors or vertex colors"},
		{"skin", edited(func(m *glbtest.Model) { m.JSON["skins"] = []any{map[string]any{"joints": []any{0}}} }), 13, glb.CodeSkins, "skins has 1 entry: skinned meshes are not supported"},
		{"joints attribute", edited(func(m *glbtest.Model) { m.Obj("meshes", 0, "primitives", 0, "attributes")["JOINTS_0"] = 0 }), 13, glb.CodeSkins, "meshes[0].primitives[0].attributes.JOINTS_0: skinning data is not supported"},
		{"animations", edited(func(m *glbtest.Model) {
			m.JSON["animations"] = []any{map[string]any{}, map[string]any{}, map[string]any{}}
		}), 14, glb.CodeAnimations, "animations has 3 entries: animations are not supported"},
		{"morph", edited(func(m *glbtest.Model) {
			m.Obj("meshes", 0, "primitives", 0)["targets"] = []any{map[string]any{"POSITION": 0}}
		}), 15, glb.CodeMorphTargets, "meshes[0].primitives[0].targets has 1 morph target: morph targets are not supported"},
		{"data uri", edited(func(m *glbtest.Model) {
			m.Obj("buffers", 0)["uri"] = "data:application/octet-stream;base64,AAAA"
			m.Bin = nil
		}), 16, glb.CodeDataURI, `buffers[0].uri = "data:application/octet-stream;base64,AAA…": data: URIs are not supported; the data must be in the GLB's BIN chunk`},
		{"external uri", edited(func(m *glbtest.Model) { m.Obj("buffers", 0)["uri"] = "Box0.bin"; m.Bin = nil }), 16, glb.CodeExternalURI, `buffers[0].uri = "Box0.bin": external files are not supported`},
		{"second buffer", edited(func(m *glbtest.Model) {
			m.JSON["buffers"] = append(m.Arr("buffers"), map[string]any{"byteLength": 4})
		}), 16, glb.CodeBuffers, "buffers[1] has no uri and is not buffers[0] (meshopt fallback buffer?): not supported"},
		{"no bin", edited(func(m *glbtest.Model) { m.Bin = nil }), 16, glb.CodeBuffers, "buffers[0] refers to the BIN chunk but the file has none"},
		{"bytelength too big", edited(func(m *glbtest.Model) {
			m.Obj("buffers", 0)["byteLength"] = len(m.Bin) + 1
		}), 16, glb.CodeBuffers, "but the BIN chunk has only"},
		{"bin too long", edited(func(m *glbtest.Model) {
			m.Obj("buffers", 0)["byteLength"] = len(m.Bin) - 4
		}), 16, glb.CodeBuffers, "plus 3 bytes of padding"},
		{"dangling material", edited(func(m *glbtest.Model) { m.Obj("meshes", 0, "primitives", 0)["material"] = 7 }), 17, glb.CodeReference, "meshes[0].primitives[0].material = 7: no such material (the model has 1)"},
		{"dangling scene", edited(func(m *glbtest.Model) { m.JSON["scene"] = 5 }), 17, glb.CodeReference, "scene = 5: no such scene"},
		{"view too long", edited(func(m *glbtest.Model) { m.Obj("bufferViews", 0)["byteLength"] = 4168 }), 18, glb.CodeBufferView, "bufferViews[0]: byteOffset 0 + byteLength 4168 exceeds buffers[0].byteLength"},
		{"odd stride", edited(func(m *glbtest.Model) { m.Obj("bufferViews", 0)["byteStride"] = 6 }), 18, glb.CodeBufferView, "bufferViews[0].byteStride = 6: must be a multiple of 4 between 4 and 252"},
		{"index stride", edited(func(m *glbtest.Model) { m.Obj("bufferViews", 2)["byteStride"] = 4 }), 18, glb.CodeBufferView, "bufferViews[2] holds indices and must not have a byteStride"},
		{"indices in a vertex view", edited(func(m *glbtest.Model) { m.Obj("bufferViews", 2)["target"] = 34962 }), 18, glb.CodeBufferView, "bufferViews[2].target = 34962 (vertex data) but it holds indices"},
		{"indices and vertices share a view", edited(func(m *glbtest.Model) {
			m.Obj("accessors", 2)["bufferView"] = 1
			m.Obj("accessors", 2)["count"] = 6
			delete(m.Obj("bufferViews", 1), "target")
		}), 18, glb.CodeBufferView, "bufferViews[1] holds both indices and vertex attributes; export them in separate buffer views"},
		{"interleaved without stride", edited(func(m *glbtest.Model) { m.Obj("accessors", 1)["bufferView"] = 0 }), 18, glb.CodeBufferView, "bufferViews[0] holds 2 vertex attributes but no byteStride; interleaved data needs one"},
		{"misaligned offset", edited(func(m *glbtest.Model) { m.Obj("accessors", 1)["byteOffset"] = 1 }), 19, glb.CodeAccessor, "accessors[1]: byteOffset 1 is not a multiple of the component size 4"},
		{"accessor too long", edited(func(m *glbtest.Model) { m.Obj("accessors", 2)["count"] = 37 }), 19, glb.CodeAccessor, "accessors[2]: 37 elements of 2 bytes at offset 0 do not fit bufferViews[2] (byteLength 72)"},
		{"sparse", edited(func(m *glbtest.Model) { m.Obj("accessors", 1)["sparse"] = map[string]any{"count": 1} }), 19, glb.CodeSparse, "accessors[1] is sparse: sparse accessors are not supported"},
		{"count zero", edited(func(m *glbtest.Model) { m.Obj("accessors", 1)["count"] = 0 }), 19, glb.CodeAccessor, "accessors[1].count = 0: must be at least 1"},
		{"no position", edited(func(m *glbtest.Model) { delete(m.Obj("meshes", 0, "primitives", 0, "attributes"), "POSITION") }), 20, glb.CodeMesh, "meshes[0].primitives[0].attributes.POSITION is missing"},
		{"no bounds", edited(func(m *glbtest.Model) { delete(m.Obj("accessors", 0), "min") }), 20, glb.CodeMesh, "meshes[0].primitives[0].attributes.POSITION: accessors[0] has no min/max"},
		{"quantized positions", edited(func(m *glbtest.Model) {
			m.Obj("accessors", 0)["componentType"] = 5123
			m.Obj("bufferViews", 0)["byteStride"] = 8
		}), 20, glb.CodeMesh, "accessors[0] is VEC3 of 5123 (unsigned short); expected 5126 (float): quantized positions are not supported"},
		{"unequal counts", edited(func(m *glbtest.Model) { m.Obj("accessors", 1)["count"] = 20 }), 20, glb.CodeMesh, "meshes[0].primitives[0].attributes.NORMAL: count 20 differs from POSITION count 24"},
		{"color set gap", edited(func(m *glbtest.Model) {
			attrs := m.Obj("meshes", 0, "primitives", 0, "attributes")
			attrs["COLOR_1"] = 1
		}), 20, glb.CodeMesh, "meshes[0].primitives[0].attributes: COLOR sets must be numbered from 0 without gaps (found COLOR_1)"},
		{"mode 9", edited(func(m *glbtest.Model) { m.Obj("meshes", 0, "primitives", 0)["mode"] = 9 }), 20, glb.CodeMesh, "meshes[0].primitives[0].mode = 9: must be 0-6"},
		{"infinite position", func() []byte {
			m := glbtest.Cube()
			m.PutFloat32(0, float32(negInf()))
			return m.GLB()
		}(), 21, glb.CodeGeometry, "meshes[0].primitives[0].attributes.POSITION: vertex 0 has a non-finite coordinate (-Infinity)"},
		{"index out of range", func() []byte {
			m := glbtest.Cube()
			off := int(m.Obj("bufferViews", 2)["byteOffset"].(int))
			m.PutUint16(off+2*17, 24)
			return m.GLB()
		}(), 21, glb.CodeGeometry, "meshes[0].primitives[0].indices: element 17 is 24 but there are only 24 vertices"},
		{"index count", edited(func(m *glbtest.Model) { m.Obj("accessors", 2)["count"] = 35 }), 21, glb.CodeGeometry, "meshes[0].primitives[0]: 35 indices is not a multiple of 3 for TRIANGLES"},
		{"color above 1", func() []byte {
			m := glbtest.Cubes(glbtest.Options{Colors: true})
			off := m.Obj("bufferViews", 2)["byteOffset"].(int)
			m.PutFloat32(off+4*5, 1.5)
			return m.GLB()
		}(), 21, glb.CodeGeometry, "meshes[0].primitives[0].attributes.COLOR_0: element 1 has a component outside 0..1 (1.5)"},
		{"bounds mismatch", edited(func(m *glbtest.Model) { m.Obj("accessors", 0)["max"] = []any{0.5, 0.5, 0.75} }), 21, glb.CodeGeometry, "declared bounds on z are -0.5..0.75 but the vertices span -0.5..0.5"},
		{"two parents", edited(func(m *glbtest.Model) {
			m.JSON["nodes"] = []any{map[string]any{"children": []any{2}}, map[string]any{"children": []any{2}}, map[string]any{"mesh": 0}}
			m.JSON["scenes"] = []any{map[string]any{"nodes": []any{0, 1}}}
		}), 22, glb.CodeHierarchy, "nodes[2] has two parents (nodes[0] and nodes[1])"},
		{"cycle", edited(func(m *glbtest.Model) {
			m.JSON["nodes"] = []any{map[string]any{"mesh": 0}, map[string]any{"children": []any{2}}, map[string]any{"children": []any{1}}}
			m.JSON["scenes"] = []any{map[string]any{"nodes": []any{0}}}
		}), 22, glb.CodeHierarchy, "is part of a cycle"},
		{"cycle above a leaf", edited(func(m *glbtest.Model) {
			// nodes[0] hangs below the cycle 1 → 2 → 1: the message names a node on it.
			m.JSON["nodes"] = []any{map[string]any{"mesh": 0}, map[string]any{"children": []any{0, 2}}, map[string]any{"children": []any{1}}}
			m.JSON["scenes"] = []any{map[string]any{"nodes": []any{}}}
		}), 22, glb.CodeHierarchy, "nodes[1] is part of a cycle (a node is its own ancestor)"},
		{"non-root", edited(func(m *glbtest.Model) {
			m.JSON["nodes"] = []any{map[string]any{"children": []any{1}}, map[string]any{"mesh": 0}}
			m.JSON["scenes"] = []any{map[string]any{"nodes": []any{0, 1}}}
		}), 22, glb.CodeHierarchy, "scenes[0].nodes contains 1, which is a child of nodes[0]"},
		{"matrix and trs", edited(func(m *glbtest.Model) {
			m.Obj("nodes", 0)["matrix"] = []any{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), 22, glb.CodeHierarchy, "nodes[0] has both matrix and translation; use one or the other"},
		{"rotation not unit", edited(func(m *glbtest.Model) { m.Obj("nodes", 0)["rotation"] = []any{0, 0, 0, 2} }), 22, glb.CodeHierarchy, "nodes[0].rotation must be a unit quaternion (its length is 2)"},
		{"matrix with shear", edited(func(m *glbtest.Model) {
			delete(m.Obj("nodes", 0), "translation")
			m.Obj("nodes", 0)["matrix"] = []any{1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), 22, glb.CodeHierarchy, "nodes[0].matrix is not a translation, rotation and scale (it shears or projects); export TRS transforms"},
		{"no scene", edited(func(m *glbtest.Model) { delete(m.JSON, "scenes"); delete(m.JSON, "scene") }), 23, glb.CodeScene, "the model has no scene"},
		{"empty scene", edited(func(m *glbtest.Model) { m.JSON["scenes"] = []any{map[string]any{"nodes": []any{}}} }), 23, glb.CodeScene, "scenes[0] draws nothing (no node with a mesh)"},
		// Check 24 (the budget) only warns: see warningCases.
	}
}

// TestChecklist asserts, for each case, the step, the code and the message (the checklist's
// wording) of the first problem, and that problems come in checklist order.
func TestChecklist(t *testing.T) {
	for _, c := range checklistCases() {
		t.Run(c.name, func(t *testing.T) {
			r := glb.Check(c.data)
			if r.OK() {
				t.Fatalf("accepted; want step %d %s", c.step, c.code)
			}
			p := r.Problems[0]
			if p.Step != c.step || p.Code != c.code || !strings.Contains(p.Message, c.msg) {
				t.Fatalf("first problem = step %d %s %q\nwant step %d %s containing %q\nall: %v", p.Step, p.Code, p.Message, c.step, c.code, c.msg, r.Problems)
			}
			for i := 1; i < len(r.Problems); i++ {
				if r.Problems[i].Step < r.Problems[i-1].Step {
					t.Errorf("problems out of checklist order: %v", r.Problems)
				}
			}
		})
	}
}

func negInf() float64 { var z float64; return -1 / z }

// Go's encoding/json refuses 36.0 for an int; glTF allows it.
func TestIntegersWrittenAsFloats(t *testing.T) {
	m := glbtest.Cube()
	text, _ := json.Marshal(m.JSON)
	s := strings.Replace(string(text), `"count":36`, `"count":36.0`, 1)
	s = strings.Replace(s, `"mode":4`, `"mode":4e0`, 1)
	s = strings.Replace(s, `"scene":0`, `"scene":0.0e1`, 1)
	if s == string(text) {
		t.Fatal("edit did not apply")
	}
	r := mustOK(t, glbtest.Encode([]byte(s), m.Bin))
	if r.Facts.Triangles != 12 {
		t.Errorf("triangles = %d", r.Facts.Triangles)
	}
}

func TestAllowedExtensions(t *testing.T) {
	data := edited(func(m *glbtest.Model) {
		m.JSON["extensionsUsed"] = []any{"KHR_materials_unlit", "KHR_materials_emissive_strength"}
		m.Obj("materials", 0)["extensions"] = map[string]any{
			"KHR_materials_unlit":             map[string]any{},
			"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 2},
		}
	})
	r := mustOK(t, data)
	if strings.Join(r.Facts.Extensions, ",") != "KHR_materials_emissive_strength,KHR_materials_unlit" {
		t.Errorf("extensions = %v", r.Facts.Extensions)
	}
}

func TestMinVersion(t *testing.T) {
	mustOK(t, edited(func(m *glbtest.Model) { m.Obj("asset")["minVersion"] = "2.0" }))
	mustOK(t, edited(func(m *glbtest.Model) { m.Obj("asset")["minVersion"] = "1.0" }))
}

func TestVertexColorsAndUnusedSamplers(t *testing.T) {
	m := glbtest.Cubes(glbtest.Options{Colors: true})
	m.JSON["samplers"] = []any{map[string]any{}} // FBX2glTF writes one
	mustOK(t, m.GLB())
}

// Every feature rule (steps 10–16) is reported at once.
func TestFeatureProblemsGathered(t *testing.T) {
	r := glb.Check(edited(func(m *glbtest.Model) {
		m.JSON["extensionsUsed"] = []any{"KHR_draco_mesh_compression"}
		m.JSON["animations"] = []any{map[string]any{}}
		m.JSON["skins"] = []any{map[string]any{"joints": []any{0}}}
		m.Obj("meshes", 0, "primitives", 0)["material"] = 9 // a step-17 problem: not reported yet
	}))
	var codes []string
	for _, p := range r.Problems {
		codes = append(codes, string(p.Code))
	}
	if got := strings.Join(codes, ","); got != "compression-extension,skins,animations" {
		t.Errorf("codes = %s", got)
	}
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "(and 2 more problems)") {
		t.Errorf("Err() = %v", err)
	}
}

func TestCacheChecksOncePerContent(t *testing.T) {
	c := glb.NewCache(2)
	a, b, d := glbtest.Cube().GLB(), glbtest.Cubes(glbtest.Options{Cubes: 2}).GLB(), glbtest.Cubes(glbtest.Options{Cubes: 3}).GLB()
	r1 := c.Check("a.glb", a)
	r2 := c.Check("copy.glb", append([]byte(nil), a...))
	if r1 != r2 {
		t.Error("same content checked twice")
	}
	c.Check("b.glb", b)
	c.Check("d.glb", d) // evicts a
	c.Check("a.glb", a)
	if hits, misses := c.Stats(); hits != 1 || misses != 4 {
		t.Errorf("hits, misses = %d, %d; want 1, 4", hits, misses)
	}
}

// The library's decoder reads what our checks do not (cameras, samplers): its refusal is ours.
func TestLibraryDecoderRefusalIsARefusal(t *testing.T) {
	r := glb.Check(edited(func(m *glbtest.Model) { m.JSON["cameras"] = []any{map[string]any{"type": "perspective"}} }))
	if !r.Has(glb.CodeDecode) || !strings.Contains(r.Problems[0].Message, "perspective camera must define the perspective property") {
		t.Fatalf("problems = %v", r.Problems)
	}
	mustOK(t, edited(func(m *glbtest.Model) {
		m.JSON["cameras"] = []any{map[string]any{"type": "perspective", "perspective": map[string]any{"yfov": 0.8, "znear": 0.1}}}
	}))
}

// A sampler value glTF does not define is a warning (the library's decoder would refuse it: it is
// kept from it); one that is not a number is still the decoder's refusal.
func TestSamplerValues(t *testing.T) {
	r := glb.Check(edited(func(m *glbtest.Model) { m.JSON["samplers"] = []any{map[string]any{"magFilter": 1234, "wrapS": 10497}} }))
	if !r.OK() || len(r.Warnings) != 1 || r.Warnings[0].Path != "samplers[0].magFilter" || r.Warnings[0].Value != int64(1234) {
		t.Fatalf("problems %v, warnings %v", r.Problems, r.Warnings)
	}
	r = glb.Check(edited(func(m *glbtest.Model) { m.JSON["samplers"] = []any{map[string]any{"magFilter": "LINEAR"}} }))
	if r.OK() || !r.Has(glb.CodeDecode) || len(r.Warnings) != 0 {
		t.Fatalf("problems %v, warnings %v", r.Problems, r.Warnings)
	}
	mustOK(t, edited(func(m *glbtest.Model) {
		m.JSON["samplers"] = []any{map[string]any{"magFilter": 9729.0, "minFilter": 9987, "wrapS": 33071, "wrapT": 33648}}
	}))
}

// A buffer view's target glTF does not define is a warning; a target that contradicts the
// view's use is still refused.
func TestViewTargets(t *testing.T) {
	r := glb.Check(edited(func(m *glbtest.Model) { m.Obj("bufferViews", 2)["target"] = 1 }))
	if !r.OK() || len(r.Warnings) != 1 || r.Warnings[0].Code != glb.CodeViewTarget {
		t.Fatalf("problems %v, warnings %v", r.Problems, r.Warnings)
	}
	// An undefined target does not hide what else is wrong with the view.
	r = glb.Check(edited(func(m *glbtest.Model) {
		m.Obj("bufferViews", 0)["target"] = 7
		m.Obj("accessors", 1)["bufferView"] = 0 // two attributes in one view without byteStride
	}))
	if r.OK() || !r.Has(glb.CodeBufferView) || !r.HasWarning(glb.CodeViewTarget) {
		t.Fatalf("problems %v, warnings %v", r.Problems, r.Warnings)
	}
}

// A name is checked once, by the loop over every glTF object (materials once had a second check).
func TestNameProblemReportedOnce(t *testing.T) {
	for _, list := range []string{"materials", "nodes", "meshes", "accessors"} {
		r := glb.Check(edited(func(m *glbtest.Model) { m.Obj(list, 0)["name"] = 5 }))
		want := list + "[0].name = 5: must be a string"
		if len(r.Problems) != 1 || r.Problems[0].Message != want {
			t.Errorf("%s: problems = %v, want only %q", list, r.Problems, want)
		}
	}
}

func TestMaterialFactors(t *testing.T) {
	r := glb.Check(edited(func(m *glbtest.Model) { m.Obj("materials", 0)["alphaMode"] = "SOMETIMES" }))
	if !r.Has(glb.CodeSchema) || r.Problems[0].Message != `materials[0].alphaMode = "SOMETIMES": must be OPAQUE, MASK or BLEND` {
		t.Fatalf("problems = %v", r.Problems)
	}
	r = glb.Check(edited(func(m *glbtest.Model) {
		m.Obj("materials", 0, "pbrMetallicRoughness")["baseColorFactor"] = []any{1, 1, 1.5, 1}
	}))
	if len(r.Problems) == 0 || r.Problems[0].Message != "materials[0].pbrMetallicRoughness.baseColorFactor = an array of 4: must be 4 numbers from 0 to 1" {
		t.Fatalf("problems = %v", r.Problems)
	}
	mustOK(t, edited(func(m *glbtest.Model) {
		m.Obj("materials", 0)["alphaMode"] = "BLEND"
		m.Obj("materials", 0)["emissiveFactor"] = []any{1, 0.5, 0}
		m.Obj("materials", 0)["doubleSided"] = true
	}))
}

// A phase lists at most 50 problems, then one line that counts the rest and says the bound is
// this toolchain's (the file is refused by the first 50 anyway).
func TestPhaseCap(t *testing.T) {
	r := glb.Check(edited(func(m *glbtest.Model) {
		nodes := m.Arr("nodes")
		for i := 0; i < 60; i++ {
			nodes = append(nodes, map[string]any{"mesh": 0, "name": i})
		}
		m.JSON["nodes"] = nodes
	}))
	if len(r.Problems) != 51 || r.Problems[50].Message != "… and 10 more like these (this toolchain lists at most 50 per check)" || r.Problems[50].Code != glb.CodeSchema {
		t.Fatalf("%d problems, last %+v", len(r.Problems), r.Problems[len(r.Problems)-1])
	}
}
