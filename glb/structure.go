package glb

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/qmuntal/gltf"
)

// Component types by their GL enum, with their size in bytes and the library's name for them.
var componentTypes = map[int64]struct {
	size int64
	name string
	lib  gltf.ComponentType
}{
	5120: {1, "byte", gltf.ComponentByte},
	5121: {1, "unsigned byte", gltf.ComponentUbyte},
	5122: {2, "short", gltf.ComponentShort},
	5123: {2, "unsigned short", gltf.ComponentUshort},
	5125: {4, "unsigned int", gltf.ComponentUint},
	5126: {4, "float", gltf.ComponentFloat},
}

var accessorTypes = map[string]gltf.AccessorType{
	"SCALAR": gltf.AccessorScalar, "VEC2": gltf.AccessorVec2, "VEC3": gltf.AccessorVec3, "VEC4": gltf.AccessorVec4,
	"MAT2": gltf.AccessorMat2, "MAT3": gltf.AccessorMat3, "MAT4": gltf.AccessorMat4,
}

// elementSize is the bytes of one element, matrix column padding included (the library knows
// the padding rules).
func elementSize(a accessor) int64 {
	return int64(gltf.SizeOfElement(componentTypes[a.componentType].lib, accessorTypes[a.typ]))
}

func components(a accessor) int { return accessorTypes[a.typ].Components() }

// references is check 17: every index points at something that exists.
func references(m *model) problems {
	var ps problems
	ref := func(path string, idx int64, n int, what string) {
		if idx >= 0 && idx >= int64(n) {
			ps.add(17, CodeReference, path, idx, "%s = %d: no such %s (the model has %d)", path, idx, what, n)
		}
	}
	for i, bv := range m.views {
		ref(at("bufferViews", i)+".buffer", bv.buffer, len(m.buffers), "buffer")
	}
	for i, a := range m.accessors {
		ref(at("accessors", i)+".bufferView", a.bufferView, len(m.views), "bufferView")
	}
	for i, me := range m.meshes {
		for j, pr := range me.prims {
			p := fmt.Sprintf("meshes[%d].primitives[%d]", i, j)
			for _, a := range pr.attrs {
				ref(p+".attributes."+a.name, a.accessor, len(m.accessors), "accessor")
			}
			ref(p+".indices", pr.indices, len(m.accessors), "accessor")
			ref(p+".material", pr.material, len(m.materials), "material")
		}
	}
	for i, n := range m.nodes {
		p := at("nodes", i)
		ref(p+".mesh", n.mesh, len(m.meshes), "mesh")
		ref(p+".camera", n.camera, m.cameras, "camera")
		for k, c := range n.children {
			ref(at(p+".children", k), c, len(m.nodes), "node")
		}
	}
	for i, sc := range m.scenes {
		for k, n := range sc {
			ref(at(at("scenes", i)+".nodes", k), n, len(m.nodes), "node")
		}
	}
	ref("scene", m.scene, len(m.scenes), "scene")
	return ps
}

// usage says how each accessor is used by the meshes: as indices, as a vertex attribute.
type usage struct{ index, attribute bool }

func accessorUsage(m *model) []usage {
	u := make([]usage, len(m.accessors))
	for _, me := range m.meshes {
		for _, pr := range me.prims {
			if pr.indices >= 0 {
				u[pr.indices].index = true
			}
			for _, a := range pr.attrs {
				u[a.accessor].attribute = true
			}
		}
	}
	return u
}

// layout is checks 18 and 19: buffer views and accessors fit, are aligned and are of a kind
// the host reads. A target glTF does not define is a warning: the schema leaves the enum open.
func layout(m *model) (ps, warnings problems) {
	use := accessorUsage(m)
	indexView := make([]bool, len(m.views))
	attrAccessors := make([]int, len(m.views)) // distinct vertex-attribute accessors per view
	for i, a := range m.accessors {
		if use[i].index && a.bufferView >= 0 {
			indexView[a.bufferView] = true
		}
		if use[i].attribute && a.bufferView >= 0 {
			attrAccessors[a.bufferView]++
		}
	}
	for i, bv := range m.views {
		p := at("bufferViews", i)
		bl := m.buffers[bv.buffer].byteLength
		if uint64(bv.byteOffset)+uint64(bv.byteLength) > uint64(bl) {
			ps.add(18, CodeBufferView, p, bv.byteLength, "%s: byteOffset %d + byteLength %d exceeds buffers[%d].byteLength %d", p, bv.byteOffset, bv.byteLength, bv.buffer, bl)
		}
		if bv.hasStride && (bv.byteStride < 4 || bv.byteStride > 252 || bv.byteStride%4 != 0) {
			ps.add(18, CodeBufferView, p+".byteStride", bv.byteStride, "%s.byteStride = %d: must be a multiple of 4 between 4 and 252", p, bv.byteStride)
		}
		if bv.hasStride && indexView[i] {
			ps.add(18, CodeBufferView, p+".byteStride", bv.byteStride, "%s holds indices and must not have a byteStride", p)
		}
		if bv.hasTarget && bv.target != 34962 && bv.target != 34963 {
			warnings.add(18, CodeViewTarget, p+".target", bv.target, "%s.target = %d: glTF defines only 34962 (vertex data) and 34963 (indices); a glTF reader may ignore this value or refuse the file", p, bv.target)
		}
		// A buffer view is uploaded as one GPU buffer: vertex data or indices, never both.
		switch {
		case indexView[i] && attrAccessors[i] > 0:
			ps.add(18, CodeBufferView, p, nil, "%s holds both indices and vertex attributes; export them in separate buffer views", p)
		case indexView[i] && bv.target == 34962:
			ps.add(18, CodeBufferView, p+".target", bv.target, "%s.target = 34962 (vertex data) but it holds indices", p)
		case attrAccessors[i] > 0 && bv.target == 34963:
			ps.add(18, CodeBufferView, p+".target", bv.target, "%s.target = 34963 (indices) but it holds vertex attributes", p)
		case attrAccessors[i] > 1 && !bv.hasStride:
			ps.add(18, CodeBufferView, p, nil, "%s holds %d vertex attributes but no byteStride; interleaved data needs one", p, attrAccessors[i])
		}
	}
	for i, a := range m.accessors {
		p := at("accessors", i)
		ct, okCT := componentTypes[a.componentType]
		_, okType := accessorTypes[a.typ]
		if !okCT {
			ps.add(19, CodeAccessor, p+".componentType", a.componentType, "%s.componentType = %d: must be one of 5120, 5121, 5122, 5123, 5125, 5126", p, a.componentType)
		}
		if !okType {
			ps.add(19, CodeAccessor, p+".type", a.typ, "%s.type = %q: must be one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, MAT4", p, a.typ)
		}
		if a.count < 1 {
			ps.add(19, CodeAccessor, p+".count", a.count, "%s.count = %d: must be at least 1", p, a.count)
		}
		if a.sparse {
			ps.add(19, CodeSparse, p+".sparse", nil, "%s is sparse: sparse accessors are not supported; export without sparse accessors", p)
		}
		if !okCT || !okType || a.count < 1 || a.bufferView < 0 {
			continue
		}
		bv := m.views[a.bufferView]
		size := elementSize(a)
		if a.byteOffset%ct.size != 0 {
			ps.add(19, CodeAccessor, p+".byteOffset", a.byteOffset, "%s: byteOffset %d is not a multiple of the component size %d", p, a.byteOffset, ct.size)
		} else if (bv.byteOffset+a.byteOffset)%ct.size != 0 {
			ps.add(19, CodeAccessor, p+".byteOffset", a.byteOffset, "%s: bufferViews[%d].byteOffset %d + byteOffset %d is not a multiple of the component size %d", p, a.bufferView, bv.byteOffset, a.byteOffset, ct.size)
		} else if use[i].attribute && ((bv.byteOffset+a.byteOffset)%4 != 0 || (!bv.hasStride && size%4 != 0)) {
			ps.add(19, CodeAccessor, p, nil, "%s: vertex attribute data must be aligned to 4 bytes (offset %d, element size %d); set the exporter to pad vertex data", p, bv.byteOffset+a.byteOffset, size)
		}
		stride := size
		if bv.hasStride {
			stride = bv.byteStride
			if stride < size {
				ps.add(19, CodeAccessor, p, bv.byteStride, "%s: bufferViews[%d].byteStride %d is smaller than one element (%d bytes)", p, a.bufferView, stride, size)
				continue
			}
		}
		need := uint64(a.byteOffset) + uint64(stride)*uint64(a.count-1) + uint64(size)
		if need > uint64(bv.byteLength) {
			ps.add(19, CodeAccessor, p, a.count, "%s: %d elements of %d bytes at offset %d do not fit bufferViews[%d] (byteLength %d)", p, a.count, size, a.byteOffset, a.bufferView, bv.byteLength)
		}
	}
	return ps, warnings
}

// meshes is check 20: what each primitive supplies is something the host draws.
func meshRules(m *model) problems {
	var ps problems
	isFloat := func(a accessor) bool { return a.componentType == 5126 }
	isNormInt := func(a accessor) bool {
		return a.normalized && (a.componentType == 5121 || a.componentType == 5123)
	}
	for i, me := range m.meshes {
		if len(me.prims) == 0 {
			p := at("meshes", i) + ".primitives"
			ps.add(20, CodeMesh, p, nil, "%s is empty: a mesh needs at least one primitive", p)
		}
		for j, pr := range me.prims {
			p := fmt.Sprintf("meshes[%d].primitives[%d]", i, j)
			if pr.mode > 6 {
				ps.add(20, CodeMesh, p+".mode", pr.mode, "%s.mode = %d: must be 0-6", p, pr.mode)
			}
			var pos int64 = -1
			for _, at := range pr.attrs {
				if at.name == "POSITION" {
					pos = at.accessor
				}
			}
			if pos < 0 {
				ps.add(20, CodeMesh, p+".attributes.POSITION", nil, "%s.attributes.POSITION is missing", p)
			} else {
				a := m.accessors[pos]
				ap := p + ".attributes.POSITION"
				switch {
				case a.typ != "VEC3" || !isFloat(a):
					ps.add(20, CodeMesh, ap, pos, "%s: accessors[%d] is %s of %d (%s); expected 5126 (float): quantized positions are not supported", ap, pos, a.typ, a.componentType, componentTypes[a.componentType].name)
				case len(a.min) != 3 || len(a.max) != 3:
					ps.add(20, CodeMesh, ap, pos, "%s: accessors[%d] has no min/max (POSITION needs 3-number bounds)", ap, pos)
				}
			}
			for _, at := range pr.attrs {
				a := m.accessors[at.accessor]
				ap := p + ".attributes." + at.name
				format := fmt.Sprintf("%s of %d (%s)", a.typ, a.componentType, componentTypes[a.componentType].name)
				switch {
				case at.name == "POSITION":
				case at.name == "NORMAL":
					if a.typ != "VEC3" || !isFloat(a) {
						ps.add(20, CodeMesh, ap, at.accessor, "%s: accessors[%d] is %s; expected VEC3 of 5126 (float)", ap, at.accessor, format)
					}
				case at.name == "TANGENT":
					if a.typ != "VEC4" || !isFloat(a) {
						ps.add(20, CodeMesh, ap, at.accessor, "%s: accessors[%d] is %s; expected VEC4 of 5126 (float)", ap, at.accessor, format)
					}
				case semantic(at.name, "COLOR_"):
					if (a.typ != "VEC3" && a.typ != "VEC4") || !(isFloat(a) || isNormInt(a)) {
						ps.add(20, CodeMesh, ap, at.accessor, "%s: accessors[%d] is %s; expected VEC3 or VEC4 of float or normalized unsigned byte/short", ap, at.accessor, format)
					}
				case semantic(at.name, "TEXCOORD_"):
					// Allowed and ignored: Blender writes UVs even without textures.
					if a.typ != "VEC2" || !(isFloat(a) || isNormInt(a)) {
						ps.add(20, CodeMesh, ap, at.accessor, "%s: accessors[%d] is %s; expected VEC2 of float or normalized unsigned byte/short", ap, at.accessor, format)
					}
				case strings.HasPrefix(at.name, "_"):
					// Application-specific attributes are allowed by glTF and ignored.
				default:
					ps.add(20, CodeMesh, ap, at.accessor, "%s: unknown attribute %q; glTF names custom attributes with a leading underscore", ap, at.name)
				}
				if pos >= 0 && at.accessor != pos && m.accessors[pos].count != a.count {
					ps.add(20, CodeMesh, ap, a.count, "%s: count %d differs from POSITION count %d", ap, a.count, m.accessors[pos].count)
				}
			}
			for _, prefix := range []string{"COLOR_", "TEXCOORD_"} {
				if msg := setsContinuous(pr.attrs, prefix); msg != "" {
					ps.add(20, CodeMesh, p+".attributes", nil, "%s.attributes: %s", p, msg)
				}
			}
			if pr.indices >= 0 {
				a := m.accessors[pr.indices]
				ip := p + ".indices"
				if a.typ != "SCALAR" || (a.componentType != 5121 && a.componentType != 5123 && a.componentType != 5125) || a.normalized {
					ps.add(20, CodeMesh, ip, pr.indices, "%s: accessors[%d] is %s of %d (%s); indices must be SCALAR unsigned byte, short or int", ip, pr.indices, a.typ, a.componentType, componentTypes[a.componentType].name)
				}
			}
		}
	}
	return ps
}

// semantic reports whether name is prefix followed by a decimal set index (COLOR_0).
func semantic(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || rest == "" {
		return false
	}
	_, err := strconv.ParseUint(rest, 10, 32)
	return err == nil
}

// hierarchy is check 22: nodes form a forest and scenes list its roots. Its depth-first walk
// also gives the order the budget counts instances in (every parent before its children), or
// nil when there is a cycle, in which case nothing may walk the graph.
func hierarchy(m *model) (problems, []int) {
	var ps problems
	parent := make([]int64, len(m.nodes))
	for i := range parent {
		parent[i] = -1
	}
	// stamp[c] == i+1 marks nodes[c] as already listed by the list being read: duplicates in
	// O(n), where comparing with the earlier entries would be quadratic in a crafted file.
	stamp := make([]int, len(m.nodes))
	for i, n := range m.nodes {
		p := at("nodes", i)
		if n.hasMatrix && n.hasTRS {
			ps.add(22, CodeHierarchy, p+".matrix", nil, "%s has both matrix and %s; use one or the other", p, n.firstTRSKey)
		}
		if q := n.rotation; q != nil {
			if l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(l-1) > unitTolerance {
				ps.add(22, CodeHierarchy, p+".rotation", l, "%s.rotation must be a unit quaternion (its length is %.6g)", p, l)
			}
		}
		if n.matrix != nil && !decomposable(n.matrix) {
			ps.add(22, CodeHierarchy, p+".matrix", nil, "%s.matrix is not a translation, rotation and scale (it shears or projects); export TRS transforms", p)
		}
		for k, c := range n.children {
			if stamp[c] == i+1 {
				ps.add(22, CodeHierarchy, at(p+".children", k), c, "%s.children lists nodes[%d] twice", p, c)
				continue
			}
			stamp[c] = i + 1
			switch {
			case parent[c] >= 0 && parent[c] != int64(i):
				ps.add(22, CodeHierarchy, at("nodes", int(c)), nil, "nodes[%d] has two parents (nodes[%d] and nodes[%d])", c, parent[c], i)
			case parent[c] < 0:
				parent[c] = int64(i)
			}
		}
	}
	// Cycle detection by depth-first search over children (iterative: the node count is
	// bounded only by the file size). Nodes are appended to post as they finish; reversed, that
	// is a topological order.
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(m.nodes))
	cyclic := false
	post := make([]int, 0, len(m.nodes))
	type frame struct{ node, next int }
	for start := range m.nodes {
		if color[start] != white {
			continue
		}
		stack := []frame{{start, 0}}
		color[start] = grey
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			kids := m.nodes[top.node].children
			if top.next == len(kids) {
				color[top.node] = black
				post = append(post, top.node)
				stack = stack[:len(stack)-1]
				continue
			}
			c := int(kids[top.next])
			top.next++
			switch color[c] {
			case grey:
				if !cyclic {
					ps.add(22, CodeHierarchy, at("nodes", c), nil, "nodes[%d] is part of a cycle (a node is its own ancestor)", c)
				}
				cyclic = true
			case white:
				color[c] = grey
				stack = append(stack, frame{c, 0})
			}
		}
	}
	for i, sc := range m.scenes {
		mark := -(i + 1)
		for k, n := range sc {
			if stamp[n] == mark {
				p := at(at("scenes", i)+".nodes", k)
				ps.add(22, CodeHierarchy, p, n, "%s: scenes[%d].nodes lists %d twice", p, i, n)
			}
			stamp[n] = mark
			if parent[n] >= 0 {
				p := at("scenes", i) + ".nodes"
				ps.add(22, CodeHierarchy, p, n, "%s contains %d, which is a child of nodes[%d]; list only root nodes", p, n, parent[n])
			}
		}
	}
	if cyclic {
		return ps, nil
	}
	slices.Reverse(post)
	return ps, post
}

// unitTolerance is how far from 1 a rotation's length may be.
const unitTolerance = 0.00769 // the Khronos validator's ROTATION_NON_UNIT bound

// decomposable reports whether a column-major 4×4 matrix is a translation, rotation and scale:
// last row 0 0 0 1, and three non-zero, mutually orthogonal basis columns (no shear).
func decomposable(m []float64) bool {
	if m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1 {
		return false
	}
	col := func(i int) [3]float64 { return [3]float64{m[4*i], m[4*i+1], m[4*i+2]} }
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	c := [3][3]float64{col(0), col(1), col(2)}
	for i := 0; i < 3; i++ {
		if dot(c[i], c[i]) == 0 {
			return false
		}
		for j := i + 1; j < 3; j++ {
			if math.Abs(dot(c[i], c[j])) > 1e-4*math.Sqrt(dot(c[i], c[i])*dot(c[j], c[j])) {
				return false
			}
		}
	}
	return validatorRoundTrip(m)
}

// validatorRoundTrip is the Khronos glTF-Validator's own test (NODE_MATRIX_NON_TRS), kept
// step for step so that whatever it refuses is refused here: decompose in float32 into
// translation, rotation quaternion and scale, recompose, and compare the two matrices'
// infinity norms within 5e-5. f rounds to float32 wherever the validator stores into a
// Float32Array.
func validatorRoundTrip(in []float64) bool {
	f := func(x float64) float64 { return float64(float32(x)) }
	var b [16]float64
	for i := range b {
		b[i] = f(in[i])
	}
	det := det4(b)
	if det == 0 {
		return false
	}
	length := func(x, y, z float64) float64 { x, y, z = f(x), f(y), f(z); return math.Sqrt(x*x + y*y + z*z) }
	o, n, m := length(b[0], b[1], b[2]), length(b[4], b[5], b[6]), length(b[8], b[9], b[10])
	if det < 0 {
		o = -o
	}
	t := [3]float64{b[12], b[13], b[14]}
	h := b
	for i, inv := range [3]float64{1 / o, 1 / n, 1 / m} {
		for k := 0; k < 3; k++ {
			h[4*i+k] = f(h[4*i+k] * inv)
		}
	}
	r := [9]float64{h[0], h[1], h[2], h[4], h[5], h[6], h[8], h[9], h[10]}
	var q [4]float64
	if d := r[0] + r[4] + r[8]; d > 0 {
		c := math.Sqrt(d + 1)
		q[3] = f(c * 0.5)
		c = 0.5 / c
		q[0], q[1], q[2] = f((r[5]-r[7])*c), f((r[6]-r[2])*c), f((r[1]-r[3])*c)
	} else {
		bi := 0
		if r[0] < r[4] {
			bi = 1
			if r[4] < r[8] {
				bi = 2
			}
		} else if r[0] < r[8] {
			bi = 2
		}
		a, a0 := (bi+1)%3, (bi+2)%3
		c := math.Sqrt(r[bi*3+bi] - r[a*3+a] - r[a0*3+a0] + 1)
		q[bi] = f(c * 0.5)
		c = 0.5 / c
		q[3] = f((r[a*3+a0] - r[a0*3+a]) * c)
		q[a] = f((r[bi*3+a] + r[a*3+bi]) * c)
		q[a0] = f((r[bi*3+a0] + r[a0*3+bi]) * c)
	}
	sc := [3]float64{f(o), f(n), f(m)}
	x, y, z, w := q[0], q[1], q[2], q[3]
	x2, y2, z2 := x+x, y+y, z+z
	xx, xy, xz, yy, yz, zz, wx, wy, wz := x*x2, x*y2, x*z2, y*y2, y*z2, z*z2, w*x2, w*y2, w*z2
	out := [16]float64{
		f(1 - (yy + zz)), f(xy + wz), f(xz - wy), 0,
		f(xy - wz), f(1 - (xx + zz)), f(yz + wx), 0,
		f(xz + wy), f(yz - wx), f(1 - (xx + yy)), 0,
		t[0], t[1], t[2], 1,
	}
	for i := 0; i < 3; i++ {
		for k := 0; k < 4; k++ {
			out[4*i+k] = f(out[4*i+k] * sc[i])
		}
	}
	return math.Abs(infinityNorm(out)-infinityNorm(b)) < 0.00005
}

// det4 is the determinant of a column-major 4×4 matrix, in the validator's expansion.
func det4(s [16]float64) float64 {
	r, q, p, o := s[0], s[5], s[1], s[4]
	n := r*q - p*o
	m, l := s[6], s[2]
	k := r*m - l*o
	j, i := s[7], s[3]
	h := r*j - i*o
	g := p*m - l*q
	ff := p*j - i*q
	e := l*j - i*m
	m, i, j, l = s[8], s[9], s[10], s[11]
	return -(i*e-j*ff+l*g)*s[12] + (m*e-j*h+l*k)*s[13] - (m*ff-i*h+l*n)*s[14] + (m*g-i*k+j*n)*s[15]
}

// infinityNorm is the largest sum of absolute values over the four columns.
func infinityNorm(s [16]float64) float64 {
	best := 0.0
	for c := 0; c < 4; c++ {
		sum := math.Abs(s[4*c]) + math.Abs(s[4*c+1]) + math.Abs(s[4*c+2]) + math.Abs(s[4*c+3])
		if sum > best {
			best = sum
		}
	}
	return best
}

// setsContinuous: indexed attributes (COLOR_n, TEXCOORD_n) are numbered 0, 1, 2… with no gaps.
func setsContinuous(attrs []attribute, prefix string) string {
	var found []int
	for _, a := range attrs {
		if semantic(a.name, prefix) {
			n, _ := strconv.Atoi(strings.TrimPrefix(a.name, prefix))
			found = append(found, n)
		}
	}
	sort.Ints(found)
	for i, n := range found {
		if n != i {
			names := make([]string, len(found))
			for k, v := range found {
				names[k] = prefix + strconv.Itoa(v)
			}
			return fmt.Sprintf("%s sets must be numbered from 0 without gaps (found %s)", strings.TrimSuffix(prefix, "_"), strings.Join(names, ", "))
		}
	}
	return ""
}
