package glb

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// maxGeometryProblems bounds the problems check 21 reports per file: one broken export can
// have thousands of bad indices, and the first few say what to fix.
const maxGeometryProblems = 8

// dataDocument gives the glTF library's readers the data-locating part of the model (buffers,
// buffer views, accessors) as library types, with the BIN chunk attached. It is built from the
// already-checked model rather than decoded again: checks 16–20 proved every length, offset,
// stride and count fits the bytes present, so modeler.Read* cannot be made to allocate more
// than the file holds. (The whole JSON still goes through the library's decoder last; see
// decodeAll.)
func dataDocument(m *model, c container) *gltf.Document {
	doc := &gltf.Document{}
	for i, b := range m.buffers {
		lb := &gltf.Buffer{ByteLength: int(b.byteLength)}
		if i == 0 && !b.hasURI {
			lb.Data = c.bin[:b.byteLength]
		}
		doc.Buffers = append(doc.Buffers, lb)
	}
	for _, v := range m.views {
		doc.BufferViews = append(doc.BufferViews, &gltf.BufferView{
			Buffer: int(v.buffer), ByteOffset: int(v.byteOffset), ByteLength: int(v.byteLength), ByteStride: int(v.byteStride),
		})
	}
	for _, a := range m.accessors {
		la := &gltf.Accessor{
			ByteOffset: int(a.byteOffset), ComponentType: componentTypes[a.componentType].lib,
			Normalized: a.normalized, Count: int(a.count), Type: accessorTypes[a.typ],
		}
		if a.bufferView >= 0 {
			la.BufferView = gltf.Index(int(a.bufferView))
		}
		doc.Accessors = append(doc.Accessors, la)
	}
	return doc
}

// geometry is check 21: the data the host will upload is drawable. Positions and other float
// attributes are finite and POSITION lies within its declared bounds; indices point at
// vertices; index counts suit the primitive mode.
func geometry(m *model, doc *gltf.Document) (ps problems) {
	defer func() {
		if r := recover(); r != nil {
			ps.add(21, CodeDecode, "", nil, "the model's binary data could not be read: this toolchain's model checker failed (internal error: %v), so it refuses the model; the fault is scape's, not necessarily the model's", r)
		}
	}()
	full := func() bool { return len(ps) >= maxGeometryProblems }
	// Each accessor's data is read once, however many primitives share it: otherwise a small
	// JSON listing one large accessor in thousands of primitives would read gigabytes.
	// Keyed by accessor and use: the same accessor can be POSITION in one primitive and
	// COLOR_0 in another, and each use has its own rules.
	checkedFloat := make(map[[2]int64]bool)
	summaries := make(map[int64]indexSummary)
	var idx []uint32
	for i, me := range m.meshes {
		for j, pr := range me.prims {
			p := fmt.Sprintf("meshes[%d].primitives[%d]", i, j)
			var vertices int64
			for _, at := range pr.attrs {
				a := m.accessors[at.accessor]
				if at.name == "POSITION" {
					vertices = a.count
				}
				key := [2]int64{at.accessor, useKind(at.name)}
				if checkedFloat[key] {
					continue
				}
				checkedFloat[key] = true
				if at.name == "POSITION" {
					// Check 20 made it a float VEC3 with 3-number min and max.
					if k, v, ok := firstNonFinite(m, doc, at.accessor); ok {
						ps.add(21, CodeGeometry, p+".attributes.POSITION", at.accessor, "%s.attributes.POSITION: vertex %d has a non-finite coordinate (%s)", p, k, nonFinite(v))
					} else if c, lo, hi, bad := boundsMismatch(m, doc, at.accessor); bad {
						ps.add(21, CodeGeometry, p+".attributes.POSITION", at.accessor, "%s.attributes.POSITION: declared bounds on %c are %v..%v but the vertices span %v..%v; re-export so min/max match the data",
							p, "xyz"[c], a.min[c], a.max[c], float32(lo), float32(hi))
					}
				} else if a.componentType == 5126 {
					if k, v, ok := firstNonFinite(m, doc, at.accessor); ok {
						ps.add(21, CodeGeometry, p+".attributes."+at.name, at.accessor, "%s.attributes.%s: element %d has a non-finite value (%s)", p, at.name, k, nonFinite(v))
					} else if semantic(at.name, "COLOR_") {
						if k, v, ok := firstOutside01(m, doc, at.accessor); ok {
							ps.add(21, CodeGeometry, p+".attributes."+at.name, at.accessor, "%s.attributes.%s: element %d has a component outside 0..1 (%v)", p, at.name, k, v)
						}
					}
				}
				if at.name != "POSITION" {
					if msg := boundsProblem(m, doc, at.accessor); msg != "" {
						ps.add(21, CodeGeometry, p+".attributes."+at.name, at.accessor, "%s.attributes.%s: %s", p, at.name, msg)
					}
				}
				if full() {
					return ps
				}
			}
			n := vertices
			if pr.indices >= 0 {
				a := m.accessors[pr.indices]
				n = a.count
				sum, ok := summaries[pr.indices]
				if !ok {
					var err error
					idx, err = modeler.ReadIndices(doc, doc.Accessors[pr.indices], idx[:0])
					if err != nil {
						sum.err = err
					} else {
						sum = summarize(idx, a)
					}
					summaries[pr.indices] = sum
				}
				bounds := ""
				if !ok && sum.err == nil {
					bounds = boundsProblem(m, doc, pr.indices)
				}
				switch {
				case bounds != "":
					ps.add(21, CodeGeometry, p+".indices", pr.indices, "%s.indices: %s", p, bounds)
				case sum.err != nil:
					ps.add(21, CodeGeometry, p+".indices", pr.indices, "%s.indices: accessors[%d] cannot be read: %v", p, pr.indices, sum.err)
				case sum.restartAt >= 0:
					ps.add(21, CodeGeometry, p+".indices", int64(sum.restart), "%s.indices: element %d is %d, the primitive restart value, which glTF does not allow", p, sum.restartAt, sum.restart)
				case int64(sum.max) >= vertices:
					ps.add(21, CodeGeometry, p+".indices", int64(sum.max), "%s.indices: element %d is %d but there are only %d vertices", p, sum.maxAt, sum.max, vertices)
				}
			}
			switch pr.mode {
			case 4:
				if n%3 != 0 {
					ps.add(21, CodeGeometry, p, n, "%s: %d %s is not a multiple of 3 for TRIANGLES", p, n, vertexOrIndex(pr, n))
				}
			case 5, 6:
				if n < 3 {
					ps.add(21, CodeGeometry, p, n, "%s: %d %s is too few for a triangle strip or fan (at least 3)", p, n, vertexOrIndex(pr, n))
				}
			case 1:
				if n%2 != 0 {
					ps.add(21, CodeGeometry, p, n, "%s: %d %s is not a multiple of 2 for LINES", p, n, vertexOrIndex(pr, n))
				}
			case 2, 3:
				if n < 2 {
					ps.add(21, CodeGeometry, p, n, "%s: %d %s is too few for a line loop or strip (at least 2)", p, n, vertexOrIndex(pr, n))
				}
			}
			if full() {
				return ps
			}
		}
	}
	return ps
}

func vertexOrIndex(pr primitive, n int64) string {
	noun := "vertices"
	if pr.indices >= 0 {
		noun = "indices"
	}
	if n == 1 {
		noun = map[string]string{"vertices": "vertex", "indices": "index"}[noun]
	}
	return noun
}

// firstNonFinite scans a float accessor's components straight from the buffer view.
func firstNonFinite(m *model, doc *gltf.Document, ai int64) (int64, float32, bool) {
	return firstFloat(m, doc, ai, func(x float32) bool { return math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) })
}

// firstOutside01 finds a float color component outside 0..1.
func firstOutside01(m *model, doc *gltf.Document, ai int64) (int64, float32, bool) {
	return firstFloat(m, doc, ai, func(x float32) bool { return x < 0 || x > 1 })
}

func firstFloat(m *model, doc *gltf.Document, ai int64, bad func(float32) bool) (int64, float32, bool) {
	a := m.accessors[ai]
	if a.bufferView < 0 {
		return 0, 0, false
	}
	bv := m.views[a.bufferView]
	data := doc.Buffers[bv.buffer].Data[bv.byteOffset : bv.byteOffset+bv.byteLength]
	stride := elementSize(a)
	if bv.hasStride {
		stride = bv.byteStride
	}
	comps := int64(components(a))
	for k := int64(0); k < a.count; k++ {
		base := a.byteOffset + k*stride
		for c := int64(0); c < comps; c++ {
			x := math.Float32frombits(binary.LittleEndian.Uint32(data[base+4*c:]))
			if bad(x) {
				return k, x, true
			}
		}
	}
	return 0, 0, false
}

// nonFinite spells a non-finite float as the checklist (and JavaScript) does: -Infinity, NaN.
func nonFinite(x float32) string {
	switch {
	case math.IsNaN(float64(x)):
		return "NaN"
	case x > 0:
		return "Infinity"
	}
	return "-Infinity"
}

// indexSummary is what check 21 needs from an index accessor, computed once: the largest index
// (compared with each primitive's vertex count) and the first primitive-restart value.
type indexSummary struct {
	max              uint32
	maxAt, restartAt int
	restart          uint32
	err              error
}

func summarize(idx []uint32, a accessor) indexSummary {
	s := indexSummary{restartAt: -1}
	s.restart = uint32(1)<<(8*componentTypes[a.componentType].size) - 1
	if a.componentType == 5125 {
		s.restart = math.MaxUint32
	}
	for k, v := range idx {
		if v == s.restart && s.restartAt < 0 {
			s.restartAt = k
		}
		if v > s.max || k == 0 {
			s.max, s.maxAt = v, k
		}
	}
	return s
}

// component reads component c of element k of accessor a as a float64 (raw integer values for
// integer types: min/max are declared in the same domain).
func component(data []byte, a accessor, stride, k, c int64) float64 {
	size := componentTypes[a.componentType].size
	off := a.byteOffset + k*stride + c*size
	switch a.componentType {
	case 5120:
		return float64(int8(data[off]))
	case 5121:
		return float64(data[off])
	case 5122:
		return float64(int16(binary.LittleEndian.Uint16(data[off:])))
	case 5123:
		return float64(binary.LittleEndian.Uint16(data[off:]))
	case 5125:
		return float64(binary.LittleEndian.Uint32(data[off:]))
	}
	return float64(math.Float32frombits(binary.LittleEndian.Uint32(data[off:])))
}

// boundsProblem compares an accessor's declared min/max with its data, as the glTF
// specification requires them to match. Matrices and normalized integers are left alone.
func boundsProblem(m *model, doc *gltf.Document, ai int64) string {
	a := m.accessors[ai]
	if (!a.hasMin && !a.hasMax) || a.normalized || strings.HasPrefix(a.typ, "MAT") || a.bufferView < 0 {
		return ""
	}
	if c, lo, hi, bad := boundsMismatch(m, doc, ai); bad {
		return fmt.Sprintf("accessors[%d] declares min/max that do not match its data (component %d spans %v..%v); re-export so min/max match the data", ai, c, lo, hi)
	}
	return ""
}

// boundsMismatch finds the first component whose declared min or max differs from its data's
// range (floats compared in float32, as stored; an accessor without a buffer view holds zeros),
// and returns that range.
func boundsMismatch(m *model, doc *gltf.Document, ai int64) (c int64, lo, hi float64, bad bool) {
	a := m.accessors[ai]
	n := int64(components(a))
	los := make([]float64, n)
	his := make([]float64, n)
	if a.bufferView >= 0 {
		bv := m.views[a.bufferView]
		data := doc.Buffers[bv.buffer].Data[bv.byteOffset : bv.byteOffset+bv.byteLength]
		stride := elementSize(a)
		if bv.hasStride {
			stride = bv.byteStride
		}
		for k := int64(0); k < a.count; k++ {
			for c := int64(0); c < n; c++ {
				x := component(data, a, stride, k, c)
				if k == 0 || x < los[c] {
					los[c] = x
				}
				if k == 0 || x > his[c] {
					his[c] = x
				}
			}
		}
	}
	same := func(declared, actual float64) bool {
		if a.componentType == 5126 {
			return float32(declared) == float32(actual)
		}
		return declared == actual
	}
	for c := int64(0); c < n; c++ {
		if a.hasMin && (int64(len(a.min)) != n || !same(a.min[c], los[c])) || a.hasMax && (int64(len(a.max)) != n || !same(a.max[c], his[c])) {
			return c, los[c], his[c], true
		}
	}
	return 0, 0, 0, false
}

// useKind groups attribute names by the rules check 21 applies to them.
func useKind(name string) int64 {
	switch {
	case name == "POSITION":
		return 0
	case semantic(name, "COLOR_"):
		return 1
	}
	return 2
}
