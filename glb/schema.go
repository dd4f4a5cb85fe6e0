package glb

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The typed model the checks after step 9 work on. It is built by check 9 from the parsed JSON
// tree, so every field here has the right JSON type; absent optional indices are -1.
type model struct {
	version, minVersion, generator string
	hasMinVersion                  bool
	extUsed, extRequired           []string
	extUses                        []extUse
	scene                          int64 // -1 when absent
	buffers                        []buffer
	views                          []bufferView
	accessors                      []accessor
	meshes                         []mesh
	nodes                          []node
	scenes                         [][]int64
	materials                      []map[string]any
	textures, images, samplers     int
	skins, animations, cameras     int
}

type extUse struct{ path, name string }

type buffer struct {
	uri        string
	hasURI     bool
	byteLength int64
}

type bufferView struct {
	buffer, byteOffset, byteLength, byteStride int64
	hasStride, hasTarget                       bool
	target                                     int64
}

type accessor struct {
	bufferView, byteOffset, componentType, count int64
	typ                                          string
	normalized, sparse, hasMin, hasMax           bool
	min, max                                     []float64
}

type mesh struct {
	prims      []primitive
	hasWeights bool
}

type attribute struct {
	name     string
	accessor int64
}

type primitive struct {
	attrs                   []attribute // sorted by name
	indices, material, mode int64
	targets                 int
}

type node struct {
	children                []int64
	mesh, skin, camera      int64
	hasWeights              bool
	hasMatrix, hasTRS       bool
	matrixPath, firstTRSKey string
	matrix, rotation        []float64
}

// schema is check 9: JSON types, required properties and integers. glTF allows an integer to
// be written 36.0 or 3.6e1 (it is a JSON number); Go's decoder does not, so integers are read
// from the number's text here and anything fractional is refused.
type schema struct {
	problems []Problem
	m        *model
}

func (s *schema) add(path string, value any, msg string, args ...any) {
	s.problems = append(s.problems, Problem{Step: 9, Code: CodeSchema, Path: path, Value: value, Message: fmt.Sprintf(msg, args...)})
}

func describe(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case string:
		return quoteShort(t)
	case json.Number:
		return t.String()
	case bool:
		return strconv.FormatBool(t)
	case []any:
		return fmt.Sprintf("an array of %d", len(t))
	case map[string]any:
		return "an object"
	}
	return fmt.Sprint(v)
}

func plain(v any) any {
	switch t := v.(type) {
	case json.Number:
		if f, err := t.Float64(); err == nil {
			return f
		}
		return t.String()
	case map[string]any:
		return "an object"
	case []any:
		return fmt.Sprintf("an array of %d", len(t))
	}
	return v
}

func (s *schema) wrongType(path string, v any, want string) {
	s.add(path, plain(v), "%s = %s: must be %s", path, describe(v), want)
}

func join(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}

func at(base string, i int) string { return base + "[" + strconv.Itoa(i) + "]" }

// integer reads a JSON integer (36, 36.0, 3.6e1) within [min, 2^53].
func (s *schema) integer(v any, path string, min int64) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		s.wrongType(path, v, "an integer")
		return 0, false
	}
	text := n.String()
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		if i < min {
			s.add(path, i, "%s = %d: must be at least %d", path, i, min)
			return 0, false
		}
		if i > 1<<53 {
			s.add(path, i, "%s = %d: is too large", path, i)
			return 0, false
		}
		return i, true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		s.add(path, text, "%s = %s: must be an integer", path, text)
		return 0, false
	}
	if f != math.Trunc(f) {
		s.add(path, f, "%s = %s: must be an integer", path, text)
		return 0, false
	}
	if f < float64(min) {
		s.add(path, f, "%s = %s: must be at least %d", path, text, min)
		return 0, false
	}
	if f > 1<<53 {
		s.add(path, f, "%s = %s: is too large", path, text)
		return 0, false
	}
	return int64(f), true
}

func (s *schema) optInt(obj map[string]any, key, base string, min, absent int64) int64 {
	v, ok := obj[key]
	if !ok {
		return absent
	}
	i, ok := s.integer(v, join(base, key), min)
	if !ok {
		return absent
	}
	return i
}

func (s *schema) reqInt(obj map[string]any, key, base string, min int64) int64 {
	v, ok := obj[key]
	if !ok {
		s.add(join(base, key), nil, "%s is missing", join(base, key))
		return -1
	}
	i, ok := s.integer(v, join(base, key), min)
	if !ok {
		return -1
	}
	return i
}

func (s *schema) number(v any, path string) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		s.wrongType(path, v, "a number")
		return 0, false
	}
	f, err := n.Float64()
	if err != nil {
		s.add(path, n.String(), "%s = %s: must be a finite number", path, n)
		return 0, false
	}
	return f, true
}

func (s *schema) str(obj map[string]any, key, base string) (string, bool) {
	v, ok := obj[key]
	if !ok {
		return "", false
	}
	t, ok := v.(string)
	if !ok {
		s.wrongType(join(base, key), v, "a string")
		return "", false
	}
	return t, true
}

func (s *schema) boolean(obj map[string]any, key, base string) bool {
	v, ok := obj[key]
	if !ok {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		s.wrongType(join(base, key), v, "true or false")
	}
	return b
}

func (s *schema) object(v any, path string) map[string]any {
	o, ok := v.(map[string]any)
	if !ok {
		s.wrongType(path, v, "an object")
		return nil
	}
	return o
}

func (s *schema) array(obj map[string]any, key, base string) []any {
	v, ok := obj[key]
	if !ok {
		return nil
	}
	a, ok := v.([]any)
	if !ok {
		s.wrongType(join(base, key), v, "an array")
		return nil
	}
	return a
}

// objects reads an array of objects (the top-level arrays, primitives); a non-object entry is a
// problem and is skipped.
func (s *schema) objects(obj map[string]any, key, base string) []map[string]any {
	a := s.array(obj, key, base)
	out := make([]map[string]any, 0, len(a))
	for i, v := range a {
		if o := s.object(v, at(join(base, key), i)); o != nil {
			out = append(out, o)
		} else {
			out = append(out, map[string]any{})
		}
	}
	return out
}

func (s *schema) indices(obj map[string]any, key, base string) []int64 {
	a := s.array(obj, key, base)
	out := make([]int64, 0, len(a))
	for i, v := range a {
		if n, ok := s.integer(v, at(join(base, key), i), 0); ok {
			out = append(out, n)
		}
	}
	return out
}

func (s *schema) numbers(obj map[string]any, key, base string) ([]float64, bool) {
	v, ok := obj[key]
	if !ok {
		return nil, false
	}
	a, ok := v.([]any)
	if !ok {
		s.wrongType(join(base, key), v, "an array of numbers")
		return nil, false
	}
	out := make([]float64, 0, len(a))
	for i, e := range a {
		if f, ok := s.number(e, at(join(base, key), i)); ok {
			out = append(out, f)
		}
	}
	return out, true
}

func (s *schema) strings(obj map[string]any, key string) []string {
	a := s.array(obj, key, "")
	out := make([]string, 0, len(a))
	for i, v := range a {
		t, ok := v.(string)
		if !ok {
			s.wrongType(at(key, i), v, "a string")
			continue
		}
		out = append(out, t)
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// readModel is check 9. It returns the typed model and every schema problem found.
func readModel(root map[string]any) (*model, []Problem) {
	m := &model{scene: -1}
	s := &schema{m: m}

	if v, ok := root["asset"]; !ok {
		s.add("asset", nil, "asset is missing: every glTF file needs asset.version \"2.0\"")
	} else if asset := s.object(v, "asset"); asset != nil {
		if ver, ok := s.str(asset, "version", "asset"); ok {
			m.version = ver
		} else if _, present := asset["version"]; !present {
			s.add("asset.version", nil, "asset.version is missing; expected \"2.0\"")
		}
		m.minVersion, m.hasMinVersion = s.str(asset, "minVersion", "asset")
		m.generator, _ = s.str(asset, "generator", "asset")
	}
	m.extUsed = s.strings(root, "extensionsUsed")
	m.extRequired = s.strings(root, "extensionsRequired")
	m.scene = s.optInt(root, "scene", "", 0, -1)

	for i, b := range s.objects(root, "buffers", "") {
		p := at("buffers", i)
		var bf buffer
		bf.uri, bf.hasURI = s.str(b, "uri", p)
		bf.byteLength = s.reqInt(b, "byteLength", p, 1)
		m.buffers = append(m.buffers, bf)
	}
	for i, v := range s.objects(root, "bufferViews", "") {
		p := at("bufferViews", i)
		bv := bufferView{
			buffer:     s.reqInt(v, "buffer", p, 0),
			byteOffset: s.optInt(v, "byteOffset", p, 0, 0),
			byteLength: s.reqInt(v, "byteLength", p, 1),
		}
		if _, ok := v["byteStride"]; ok {
			bv.byteStride, bv.hasStride = s.optInt(v, "byteStride", p, 0, 0), true
		}
		// Any integer: glTF's schema leaves the enum open (a value it does not define is
		// layout's warning, not a refusal).
		if _, ok := v["target"]; ok {
			bv.target, bv.hasTarget = s.optInt(v, "target", p, math.MinInt64, 0), true
		}
		m.views = append(m.views, bv)
	}
	for i, a := range s.objects(root, "accessors", "") {
		p := at("accessors", i)
		ac := accessor{
			bufferView:    s.optInt(a, "bufferView", p, 0, -1),
			byteOffset:    s.optInt(a, "byteOffset", p, 0, 0),
			componentType: s.reqInt(a, "componentType", p, 0),
			count:         s.reqInt(a, "count", p, 0),
			normalized:    s.boolean(a, "normalized", p),
		}
		if t, ok := s.str(a, "type", p); ok {
			ac.typ = t
		} else if _, present := a["type"]; !present {
			s.add(join(p, "type"), nil, "%s.type is missing", p)
		}
		if _, off := a["byteOffset"]; off && ac.bufferView < 0 {
			if _, bv := a["bufferView"]; !bv {
				s.add(join(p, "byteOffset"), ac.byteOffset, "%s.byteOffset is set but %s has no bufferView", p, p)
			}
		}
		ac.min, ac.hasMin = s.numbers(a, "min", p)
		ac.max, ac.hasMax = s.numbers(a, "max", p)
		if sp, ok := a["sparse"]; ok {
			ac.sparse = true
			s.object(sp, join(p, "sparse"))
		}
		m.accessors = append(m.accessors, ac)
	}
	for i, me := range s.objects(root, "meshes", "") {
		p := at("meshes", i)
		var mm mesh
		_, mm.hasWeights = me["weights"]
		s.numbers(me, "weights", p)
		if _, ok := me["primitives"]; !ok {
			s.add(join(p, "primitives"), nil, "%s.primitives is missing", p)
		}
		for j, pr := range s.objects(me, "primitives", p) {
			pp := at(join(p, "primitives"), j)
			prim := primitive{
				indices:  s.optInt(pr, "indices", pp, 0, -1),
				material: s.optInt(pr, "material", pp, 0, -1),
				mode:     s.optInt(pr, "mode", pp, 0, 4),
			}
			if av, ok := pr["attributes"]; !ok {
				s.add(join(pp, "attributes"), nil, "%s.attributes is missing", pp)
			} else if attrs := s.object(av, join(pp, "attributes")); attrs != nil {
				for _, name := range sortedKeys(attrs) {
					if n, ok := s.integer(attrs[name], join(join(pp, "attributes"), name), 0); ok {
						prim.attrs = append(prim.attrs, attribute{name, n})
					}
				}
			}
			for k, t := range s.array(pr, "targets", pp) {
				s.object(t, at(join(pp, "targets"), k))
				prim.targets++
			}
			mm.prims = append(mm.prims, prim)
		}
		m.meshes = append(m.meshes, mm)
	}
	for i, n := range s.objects(root, "nodes", "") {
		p := at("nodes", i)
		nd := node{
			children: s.indices(n, "children", p),
			mesh:     s.optInt(n, "mesh", p, 0, -1),
			skin:     s.optInt(n, "skin", p, 0, -1),
			camera:   s.optInt(n, "camera", p, 0, -1),
		}
		_, nd.hasWeights = n["weights"]
		s.numbers(n, "weights", p)
		for _, key := range []string{"matrix", "translation", "rotation", "scale"} {
			if _, ok := n[key]; !ok {
				continue
			}
			nums, _ := s.numbers(n, key, p)
			want := map[string]int{"matrix": 16, "translation": 3, "rotation": 4, "scale": 3}[key]
			if len(nums) != want {
				s.add(join(p, key), nil, "%s must have %d numbers", join(p, key), want)
			} else if key == "matrix" {
				nd.matrix = nums
			} else if key == "rotation" {
				nd.rotation = nums
			}
			if key == "matrix" {
				nd.hasMatrix = true
			} else if !nd.hasTRS {
				nd.hasTRS, nd.firstTRSKey = true, key
			}
		}
		m.nodes = append(m.nodes, nd)
	}
	for i, sc := range s.objects(root, "scenes", "") {
		m.scenes = append(m.scenes, s.indices(sc, "nodes", at("scenes", i)))
	}
	m.materials = s.objects(root, "materials", "")
	for i, mat := range m.materials {
		s.material(mat, at("materials", i))
	}
	m.textures = len(s.array(root, "textures", ""))
	m.images = len(s.array(root, "images", ""))
	m.samplers = len(s.objects(root, "samplers", ""))
	m.skins = len(s.array(root, "skins", ""))
	m.animations = len(s.array(root, "animations", ""))
	m.cameras = len(s.array(root, "cameras", ""))

	// Every glTF object may have a name, and it is a string.
	for _, key := range []string{"accessors", "animations", "buffers", "bufferViews", "cameras", "images", "materials", "meshes", "nodes", "samplers", "scenes", "skins", "textures"} {
		list, _ := root[key].([]any)
		for i, v := range list {
			if o, ok := v.(map[string]any); ok {
				s.str(o, "name", at(key, i))
			}
		}
	}
	collectExtensions(root, make([]string, 0, 16), s)
	sort.SliceStable(m.extUses, func(a, b int) bool { return m.extUses[a].path < m.extUses[b].path })
	return m, s.problems
}

// collectExtensions records every name in every `extensions` object (for check 11), and checks
// that each `extensions` is an object. `extras` is free-form and skipped. The path is kept as
// a stack of segments and only joined when an extension is found: most of the tree has none.
func collectExtensions(v any, path []string, s *schema) {
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			if k == "extras" {
				continue
			}
			if k == "extensions" {
				p := joinSegments(append(path, k))
				ext := s.object(child, p)
				for _, name := range sortedKeys(ext) {
					s.m.extUses = append(s.m.extUses, extUse{path: join(p, name), name: name})
				}
			}
			switch child.(type) {
			case map[string]any, []any:
				collectExtensions(child, append(path, k), s)
			}
		}
	case []any:
		for i, e := range t {
			switch e.(type) {
			case map[string]any, []any:
				collectExtensions(e, append(path, "["+strconv.Itoa(i)+"]"), s)
			}
		}
	}
}

func joinSegments(segs []string) string {
	var b strings.Builder
	for i, s := range segs {
		if i > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// canonicalJSON re-encodes the tree with every integral number written as an integer, so the
// library's decoder (encoding/json into int fields) reads 36.0 as 36.
func canonicalJSON(v any) ([]byte, error) {
	var b strings.Builder
	if err := writeCanonical(&b, v); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

func writeCanonical(b *strings.Builder, v any) error {
	switch t := v.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range sortedKeys(t) {
			if i > 0 {
				b.WriteByte(',')
			}
			key, _ := json.Marshal(k)
			b.Write(key)
			b.WriteByte(':')
			if err := writeCanonical(b, t[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case json.Number:
		f, err := t.Float64()
		if err == nil && f == math.Trunc(f) && math.Abs(f) <= 1<<53 {
			b.WriteString(strconv.FormatInt(int64(f), 10))
		} else {
			b.WriteString(t.String())
		}
	default:
		enc, err := json.Marshal(t)
		if err != nil {
			return err
		}
		b.Write(enc)
	}
	return nil
}

// unitNumbers checks an optional array of exactly n numbers from 0 to 1 (a color factor).
func (s *schema) unitNumbers(obj map[string]any, key, base string, n int) {
	v, ok := obj[key]
	if !ok {
		return
	}
	p := join(base, key)
	a, isArr := v.([]any)
	good := isArr && len(a) == n
	for _, e := range a {
		f, isNum := e.(json.Number)
		x, err := f.Float64()
		if !isNum || err != nil || x < 0 || x > 1 {
			good = false
		}
	}
	if !good {
		s.add(p, plain(v), "%s = %s: must be %d numbers from 0 to 1", p, describe(v), n)
	}
}

// unitNumber checks an optional number from 0 to 1.
func (s *schema) unitNumber(obj map[string]any, key, base string) {
	v, ok := obj[key]
	if !ok {
		return
	}
	p := join(base, key)
	f, isNum := v.(json.Number)
	x, err := f.Float64()
	if !isNum || err != nil || x < 0 || x > 1 {
		s.add(p, plain(v), "%s = %s: must be a number from 0 to 1", p, describe(v))
	}
}

// material is check 9 for materials: the factors and modes the host reads (glTF's material
// schema). Texture slots are check 12's business; the name, readModel's loop over every object.
func (s *schema) material(mat map[string]any, p string) {
	if v, ok := mat["pbrMetallicRoughness"]; ok {
		pp := join(p, "pbrMetallicRoughness")
		if pbr := s.object(v, pp); pbr != nil {
			s.unitNumbers(pbr, "baseColorFactor", pp, 4)
			s.unitNumber(pbr, "metallicFactor", pp)
			s.unitNumber(pbr, "roughnessFactor", pp)
		}
	}
	s.unitNumbers(mat, "emissiveFactor", p, 3)
	if mode, ok := s.str(mat, "alphaMode", p); ok && mode != "OPAQUE" && mode != "MASK" && mode != "BLEND" {
		s.add(join(p, "alphaMode"), mode, "%s.alphaMode = %q: must be OPAQUE, MASK or BLEND", p, mode)
	}
	if v, ok := mat["alphaCutoff"]; ok {
		if f, ok := s.number(v, join(p, "alphaCutoff")); ok && f < 0 {
			s.add(join(p, "alphaCutoff"), f, "%s.alphaCutoff = %v: must be at least 0", p, f)
		}
	}
	s.boolean(mat, "doubleSided", p)
}
