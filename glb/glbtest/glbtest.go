// Package glbtest writes small GLB files for tests: a valid model to start from, and the raw
// container pieces to break it with. The project's tests build every fixture they rely on here,
// so they run in a clone without the shared test files.
package glbtest

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
)

// SharedDir finds the workspace's shared GLB test files (real exports with expected verdicts,
// shared/testdata/glb with its README.md) in the nearest ancestor of the working directory that
// has them: beside the repository, or beside a worktree's parent. It returns "" in a clone of the
// project alone.
func SharedDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(dir, "shared", "testdata", "glb")
		if st, err := os.Stat(filepath.Join(cand, "README.md")); err == nil && st.Mode().IsRegular() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Chunk is one GLB chunk: its type and bytes, written exactly as given (no padding added).
type Chunk struct {
	Type uint32
	Data []byte
}

// Chunk types.
const (
	JSON = 0x4E4F534A
	BIN  = 0x004E4942
)

// Container writes a GLB header (magic, version 2, the true total length) and the chunks.
func Container(chunks ...Chunk) []byte {
	total := 12
	for _, c := range chunks {
		total += 8 + len(c.Data)
	}
	out := make([]byte, 0, total)
	out = binary.LittleEndian.AppendUint32(out, 0x46546C67)
	out = binary.LittleEndian.AppendUint32(out, 2)
	out = binary.LittleEndian.AppendUint32(out, uint32(total))
	for _, c := range chunks {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(c.Data)))
		out = binary.LittleEndian.AppendUint32(out, c.Type)
		out = append(out, c.Data...)
	}
	return out
}

// Pad pads b to a multiple of 4 with the byte fill (0x20 for JSON, 0 for BIN).
func Pad(b []byte, fill byte) []byte {
	out := append([]byte(nil), b...)
	for len(out)%4 != 0 {
		out = append(out, fill)
	}
	return out
}

// Encode writes a well-formed GLB from JSON text and binary data (nil bin: no BIN chunk).
func Encode(jsonText, bin []byte) []byte {
	chunks := []Chunk{{JSON, Pad(jsonText, ' ')}}
	if bin != nil {
		chunks = append(chunks, Chunk{BIN, Pad(bin, 0)})
	}
	return Container(chunks...)
}

// Model is a glTF document as a generic tree plus its binary buffer, to edit before encoding.
type Model struct {
	JSON map[string]any
	Bin  []byte
}

// GLB encodes the model as it stands (edit buffers[0].byteLength yourself if you change Bin).
func (m *Model) GLB() []byte {
	text, err := json.Marshal(m.JSON)
	if err != nil {
		panic(err)
	}
	var bin []byte
	if len(m.Bin) > 0 {
		bin = m.Bin
	}
	return Encode(text, bin)
}

// Obj and Arr give typed access to the tree for edits: m.Obj("meshes", 0, "primitives", 0).
func (m *Model) Obj(path ...any) map[string]any {
	return walk(m.JSON, path).(map[string]any)
}

// Arr returns the array at path.
func (m *Model) Arr(path ...any) []any { return walk(m.JSON, path).([]any) }

func walk(v any, path []any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

// Options shape the generated mesh.
type Options struct {
	Cubes       int  // meshes (one node each, one primitive each); default 1
	Instances   int  // nodes per mesh; default 1
	Colors      bool // add a COLOR_0 attribute (vertex colors)
	Subdivide   int  // extra triangles: each cube face is split into Subdivide² quads (default 1)
	IndexUint32 bool // indices as unsigned int instead of unsigned short
}

// Cube returns a valid model: a unit cube with positions, normals and unsigned-short indices
// in one interleaving-free BIN buffer, one material, one node and a default scene.
func Cube() *Model { return Cubes(Options{}) }

// Cubes builds a valid model from opts: every mesh is a subdivided cube.
func Cubes(opts Options) *Model {
	if opts.Cubes <= 0 {
		opts.Cubes = 1
	}
	if opts.Instances <= 0 {
		opts.Instances = 1
	}
	if opts.Subdivide <= 0 {
		opts.Subdivide = 1
	}
	pos, nrm, col, idx := cubeGeometry(opts.Subdivide)
	var bin []byte
	var views, accessors, meshes, nodes, roots []any
	addView := func(data []byte, target int) int {
		for len(bin)%4 != 0 {
			bin = append(bin, 0)
		}
		views = append(views, map[string]any{"buffer": 0, "byteOffset": len(bin), "byteLength": len(data), "target": target})
		bin = append(bin, data...)
		return len(views) - 1
	}
	addAccessor := func(view, comp, count int, typ string, extra map[string]any) int {
		a := map[string]any{"bufferView": view, "componentType": comp, "count": count, "type": typ}
		for k, v := range extra {
			a[k] = v
		}
		accessors = append(accessors, a)
		return len(accessors) - 1
	}
	for c := 0; c < opts.Cubes; c++ {
		attrs := map[string]any{}
		attrs["POSITION"] = addAccessor(addView(floats(pos), 34962), 5126, len(pos)/3, "VEC3",
			map[string]any{"min": []any{-0.5, -0.5, -0.5}, "max": []any{0.5, 0.5, 0.5}})
		attrs["NORMAL"] = addAccessor(addView(floats(nrm), 34962), 5126, len(nrm)/3, "VEC3", nil)
		if opts.Colors {
			attrs["COLOR_0"] = addAccessor(addView(floats(col), 34962), 5126, len(col)/4, "VEC4", nil)
		}
		var indices int
		if opts.IndexUint32 {
			indices = addAccessor(addView(uint32s(idx), 34963), 5125, len(idx), "SCALAR", nil)
		} else {
			indices = addAccessor(addView(uint16s(idx), 34963), 5123, len(idx), "SCALAR", nil)
		}
		meshes = append(meshes, map[string]any{"primitives": []any{map[string]any{
			"attributes": attrs, "indices": indices, "material": 0, "mode": 4,
		}}})
		for k := 0; k < opts.Instances; k++ {
			nodes = append(nodes, map[string]any{"mesh": c, "translation": []any{float64(2 * c), float64(2 * k), 0}})
			roots = append(roots, len(nodes)-1)
		}
	}
	for len(bin)%4 != 0 {
		bin = append(bin, 0)
	}
	doc := map[string]any{
		"asset":       map[string]any{"version": "2.0", "generator": "scape glbtest"},
		"scene":       0,
		"scenes":      []any{map[string]any{"nodes": roots}},
		"nodes":       nodes,
		"meshes":      meshes,
		"materials":   []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorFactor": []any{0.8, 0.3, 0.2, 1.0}}}},
		"accessors":   accessors,
		"bufferViews": views,
		"buffers":     []any{map[string]any{"byteLength": len(bin)}},
	}
	return &Model{JSON: doc, Bin: bin}
}

// cubeGeometry: 6 faces, each an n×n grid of quads with its own vertices (flat normals).
func cubeGeometry(n int) (pos, nrm, col []float32, idx []uint32) {
	faces := [6][3][3]float32{ // normal, u axis, v axis
		{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
		{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
		{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}},
	}
	for f, face := range faces {
		nv, u, v := face[0], face[1], face[2]
		base := uint32(len(pos) / 3)
		for j := 0; j <= n; j++ {
			for i := 0; i <= n; i++ {
				s, t := float32(i)/float32(n)-0.5, float32(j)/float32(n)-0.5
				for k := 0; k < 3; k++ {
					pos = append(pos, nv[k]*0.5+u[k]*s+v[k]*t)
				}
				nrm = append(nrm, nv[0], nv[1], nv[2])
				col = append(col, float32(f)/6, 0.5, 1-float32(f)/6, 1)
			}
		}
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				a := base + uint32(j*(n+1)+i)
				b, c, d := a+1, a+uint32(n+1), a+uint32(n+2)
				idx = append(idx, a, b, d, a, d, c)
			}
		}
	}
	return
}

func floats(v []float32) []byte {
	out := make([]byte, 0, 4*len(v))
	for _, f := range v {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(f))
	}
	return out
}

func uint16s(v []uint32) []byte {
	out := make([]byte, 0, 2*len(v))
	for _, x := range v {
		out = binary.LittleEndian.AppendUint16(out, uint16(x))
	}
	return out
}

func uint32s(v []uint32) []byte {
	out := make([]byte, 0, 4*len(v))
	for _, x := range v {
		out = binary.LittleEndian.AppendUint32(out, x)
	}
	return out
}

// PutFloat32 overwrites the float32 at byte offset off of the model's binary data.
func (m *Model) PutFloat32(off int, v float32) {
	binary.LittleEndian.PutUint32(m.Bin[off:], math.Float32bits(v))
}

// PutUint16 overwrites the uint16 at byte offset off of the model's binary data.
func (m *Model) PutUint16(off int, v uint16) { binary.LittleEndian.PutUint16(m.Bin[off:], v) }

// Triangles builds a valid model whose one mesh has tris triangles (unsigned-byte indices
// repeating one triangle: cheap to store at any count) drawn by instances nodes, for testing
// the triangle and draw-call budgets with small files.
func Triangles(tris, instances int) *Model {
	pos := floats([]float32{0, 0, 0, 1, 0, 0, 0, 1, 0})
	idx := make([]byte, 3*tris)
	for i := range idx {
		idx[i] = byte(i % 3)
	}
	bin := append(append([]byte(nil), pos...), idx...)
	for len(bin)%4 != 0 {
		bin = append(bin, 0)
	}
	var nodes, roots []any
	for k := 0; k < instances; k++ {
		nodes = append(nodes, map[string]any{"mesh": 0, "translation": []any{float64(k), 0, 0}})
		roots = append(roots, k)
	}
	doc := map[string]any{
		"asset":  map[string]any{"version": "2.0", "generator": "scape glbtest"},
		"scene":  0,
		"scenes": []any{map[string]any{"nodes": roots}},
		"nodes":  nodes,
		"meshes": []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": 0}, "indices": 1}}}},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": []any{0, 0, 0}, "max": []any{1, 1, 0}},
			map[string]any{"bufferView": 1, "componentType": 5121, "count": 3 * tris, "type": "SCALAR"},
		},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteOffset": 0, "byteLength": len(pos), "target": 34962},
			map[string]any{"buffer": 0, "byteOffset": len(pos), "byteLength": len(idx), "target": 34963},
		},
		"buffers": []any{map[string]any{"byteLength": len(bin)}},
	}
	return &Model{JSON: doc, Bin: bin}
}
