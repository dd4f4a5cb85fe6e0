package glb

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/qmuntal/gltf"
)

// Check runs every check on one GLB file's bytes. It never panics: a failure inside the glTF
// library is a refusal, not a crash.
func Check(data []byte) *Result { return CheckNamed("the file", data) }

// CheckNamed is Check with the file's name for the messages that talk about the file itself
// ("Fox.glb is 961552 bytes; …").
func CheckNamed(name string, data []byte) (res *Result) {
	res = &Result{Facts: Facts{Bytes: len(data), Extensions: []string{}}, Problems: []Problem{}, Warnings: []Problem{}}
	defer func() {
		if r := recover(); r != nil {
			res.Problems = append(res.Problems, Problem{Step: 0, Code: CodeDecode, Message: fmt.Sprintf("the model could not be checked: this toolchain's model checker failed (internal error: %v), so it refuses the model; the fault is scape's, not necessarily the model's", r)})
		}
	}()
	run(name, data, res)
	return res
}

// ErrUnreadable wraps errors reading a model file (exit status 2 in the CLI, not a refusal).
var ErrUnreadable = errors.New("cannot read model")

// CheckFile checks the file at path. A file over the size limit is refused from its size
// alone, without reading it. The error is non-nil only when the file cannot be read.
func CheckFile(path string) (*Result, error) {
	// Stat before opening: opening a FIFO or a device would block or read forever.
	if st, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	} else if st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a directory", ErrUnreadable, path)
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a regular file", ErrUnreadable, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a directory", ErrUnreadable, path)
	}
	name := st.Name()
	if st.Size() > MaxFileBytes {
		return tooLargeResult(name, st.Size()), nil
	}
	// Read at most one byte past the limit: the file may have grown since Stat.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	return CheckNamed(name, data), nil
}

// tooLarge is check 1's refusal. CheckFile and CheckEncoded raise it before reading or decoding
// anything, from the file's size or the text's length; walkContainer from the bytes.
func tooLarge(name string, size int64) Problem {
	return Problem{Step: 1, Code: CodeTooLarge, Value: size,
		Message: fmt.Sprintf("%s is %d bytes; a model can be at most %d bytes (768 KiB), the most that fits in the 1 MiB bundle as base64", name, size, MaxFileBytes)}
}

// tooLargeResult is the verdict on a model refused from its size alone.
func tooLargeResult(name string, size int64) *Result {
	return &Result{Facts: Facts{Bytes: int(size), Extensions: []string{}}, Problems: []Problem{tooLarge(name, size)}, Warnings: []Problem{}}
}

func run(name string, data []byte, res *Result) {
	c, p := walkContainer(name, data)
	if p != nil {
		res.Problems = append(res.Problems, *p)
		return
	}
	res.Facts.JSONBytes, res.Facts.BinBytes = len(c.json), len(c.bin)
	root, p := parseJSONText(c.json)
	if p != nil {
		res.Problems = append(res.Problems, *p)
		return
	}
	m, schemaProblems := readModel(root)
	res.Facts.Generator = m.generator
	res.Facts.Meshes, res.Facts.Nodes, res.Facts.Materials = len(m.meshes), len(m.nodes), len(m.materials)
	for _, me := range m.meshes {
		res.Facts.Primitives += len(me.prims)
	}
	res.Facts.Extensions = extensionNames(m)
	if stop(res, schemaProblems) {
		return
	}
	// Each phase's problems are gathered; a phase with problems stops the later ones, which
	// depend on it (references must resolve before layouts are read, and so on). Warnings stop
	// nothing.
	if stop(res, featureRules(m, c)) {
		return
	}
	// No textures (check 12), so no sampler is used: an undefined value in one only warns.
	res.Warnings = append(res.Warnings, samplerWarnings(root)...)
	if stop(res, references(m)) {
		return
	}
	refused, warned := layout(m)
	res.Warnings = append(res.Warnings, capped(warned)...)
	if stop(res, refused) || stop(res, meshRules(m)) {
		return
	}
	hier, order := hierarchy(m)
	res.Problems = append(res.Problems, geometry(m, dataDocument(m, c))...)
	res.Problems = append(res.Problems, capped(hier)...)
	if order != nil { // acyclic
		refused, warned := budget(m, order, &res.Facts)
		res.Problems = append(res.Problems, refused...)
		res.Warnings = append(res.Warnings, capped(warned)...)
	}
	if len(res.Problems) == 0 {
		// Last, the library's decoder reads the objects our checks do not (materials,
		// cameras, samplers), as a host parser would: anything it refuses is still a refusal.
		// (Warnings do not stop it: a warning never hides a refusal.)
		if err := decodeRest(root); err != nil {
			res.Problems = append(res.Problems, Problem{Step: 9, Code: CodeDecode, Message: "the glTF JSON does not decode: " + err.Error()})
		}
	}
	sort.SliceStable(res.Problems, func(a, b int) bool { return res.Problems[a].Step < res.Problems[b].Step })
	sort.SliceStable(res.Warnings, func(a, b int) bool { return res.Warnings[a].Step < res.Warnings[b].Step })
}

// maxPhaseProblems caps what one phase reports: a crafted (or badly broken) file can break a
// rule thousands of times, and the first ones say what to fix. It bounds this toolchain's
// output, not what a model may be (the file is refused by the problems listed already).
const maxPhaseProblems = 50

// capped keeps a phase's first maxPhaseProblems findings and a line counting the rest.
func capped(ps []Problem) []Problem {
	if len(ps) <= maxPhaseProblems {
		return ps
	}
	more := len(ps) - maxPhaseProblems
	last := ps[maxPhaseProblems-1]
	return append(ps[:maxPhaseProblems:maxPhaseProblems], Problem{Step: last.Step, Code: last.Code,
		Message: fmt.Sprintf("… and %d more like these (this toolchain lists at most %d per check)", more, maxPhaseProblems)})
}

// stop adds a phase's problems and reports whether there were any (later phases depend on it).
func stop(res *Result, ps []Problem) bool {
	res.Problems = append(res.Problems, capped(ps)...)
	return len(ps) > 0
}

// decodeRest runs the library's own decoder over the parts of the JSON that checks 9–24 do not
// read themselves: material enums (alphaMode), cameras and samplers. The rest was decoded and
// checked already (decoding it again doubled the time to check a model). A sampler value
// samplerWarnings warned about is left out: the library would refuse it.
func decodeRest(root map[string]any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("this toolchain's glTF library failed (internal error: %v), so it refuses the model", r)
		}
	}()
	subset := map[string]any{"asset": root["asset"]}
	found := false
	for _, k := range []string{"materials", "cameras", "samplers"} {
		if v, ok := root[k]; ok {
			subset[k], found = v, true
		}
	}
	if !found {
		return nil
	}
	if list, ok := subset["samplers"].([]any); ok {
		kept := make([]any, len(list))
		for i, v := range list {
			kept[i] = v
			sampler, ok := v.(map[string]any)
			if !ok {
				continue
			}
			copied := make(map[string]any, len(sampler))
			for k, x := range sampler {
				if _, undefined := undefinedSamplerValue(k, x); !undefined {
					copied[k] = x
				}
			}
			kept[i] = copied
		}
		subset["samplers"] = kept
	}
	text, err := canonicalJSON(subset)
	if err != nil {
		return err
	}
	var doc gltf.Document
	return json.Unmarshal(text, &doc)
}

// samplerEnums are the values glTF defines for a sampler's filters and wrap modes.
var samplerEnums = map[string][]int64{
	"magFilter": {9728, 9729},
	"minFilter": {9728, 9729, 9984, 9985, 9986, 9987},
	"wrapS":     {33071, 33648, 10497},
	"wrapT":     {33071, 33648, 10497},
}

// undefinedSamplerValue reports whether x, under sampler key k, is an integer glTF does not
// define for it (9728.0 is 9728; anything that is not an integer is the library decoder's to
// refuse).
func undefinedSamplerValue(k string, x any) (int64, bool) {
	defined, ok := samplerEnums[k]
	n, isNum := x.(json.Number)
	if !ok || !isNum {
		return 0, false
	}
	i, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil {
		f, ferr := n.Float64()
		if ferr != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return 0, false
		}
		i = int64(f)
	}
	return i, !slices.Contains(defined, i)
}

// samplerWarnings is check 9's warning: a sampler's filter or wrap mode is an integer glTF does
// not define. glTF's schema leaves these enums open and only a texture uses a sampler (a model
// has none: check 12), so the docs give no reason to refuse it; but a strict glTF reader (the Go
// library qmuntal/gltf, for one) refuses to decode the file.
func samplerWarnings(root map[string]any) []Problem {
	list, _ := root["samplers"].([]any)
	var ws problems
	for i, v := range list {
		sampler, _ := v.(map[string]any)
		for _, k := range []string{"magFilter", "minFilter", "wrapS", "wrapT"} {
			if n, undefined := undefinedSamplerValue(k, sampler[k]); undefined {
				p := at("samplers", i) + "." + k
				defined := make([]string, len(samplerEnums[k]))
				for j, d := range samplerEnums[k] {
					defined[j] = strconv.FormatInt(d, 10)
				}
				list := strings.Join(defined[:len(defined)-1], ", ") + " and " + defined[len(defined)-1]
				ws.add(9, CodeSamplerValue, p, n, "%s = %d: glTF defines only %s; the sampler is unused (a model has no textures), but a strict glTF reader may refuse the file", p, n, list)
			}
		}
	}
	return capped(ws)
}

func extensionNames(m *model) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, lists := range [][]string{m.extUsed, m.extRequired} {
		for _, n := range lists {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	for _, u := range m.extUses {
		if !seen[u.name] {
			seen[u.name] = true
			out = append(out, u.name)
		}
	}
	sort.Strings(out)
	return out
}
