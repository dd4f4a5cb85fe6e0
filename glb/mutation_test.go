package glb_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
	"github.com/scapeworld/scape/internal/nodetest"
)

// mutate makes one random, deterministic edit to a glTF tree: a number replaced by an
// interesting value, a key deleted, a value's type changed, or a node linked to another.
func mutate(r *rand.Rand, v any) any {
	type slot struct {
		get func() any
		set func(any)
		del func()
	}
	var slots []slot
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(t))
			for k := range t {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				k := k
				slots = append(slots, slot{func() any { return t[k] }, func(x any) { t[k] = x }, func() { delete(t, k) }})
				walk(t[k])
			}
		case []any:
			for i := range t {
				i := i
				slots = append(slots, slot{func() any { return t[i] }, func(x any) { t[i] = x }, nil})
				walk(t[i])
			}
		}
	}
	walk(v)
	if len(slots) == 0 {
		return v
	}
	s := slots[r.IntN(len(slots))]
	values := []any{-1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 2.5, 1e20, 5121, 5123, 5125, 5126, 5124, "VEC3", "SCALAR", "MAT4", "x", nil, true, []any{}, []any{0}, []any{0, 0}, map[string]any{}, 36.0, 255, 65535, 4294967295}
	switch op := r.IntN(4); {
	case op == 0 && s.del != nil:
		s.del()
	case op == 1:
		if n, ok := s.get().(float64); ok {
			s.set(n + float64(r.IntN(5)-2))
		} else {
			s.set(values[r.IntN(len(values))])
		}
	default:
		s.set(values[r.IntN(len(values))])
	}
	return v
}

// TestSDKAgreesOnMutations compares the SDK's and Go's verdicts on a few hundred
// deterministic random mutations of valid models: the hand-written cases cannot think of
// everything the two implementations might read differently.
func TestSDKAgreesOnMutations(t *testing.T) {
	root := requireNode(t, "esbuild")
	dir := t.TempDir()
	// GLB_MUTATIONS=N:SEED explores further than the committed 400 (e.g. 5000:7).
	count, seed := 400, uint64(1)
	if v := os.Getenv("GLB_MUTATIONS"); v != "" {
		fmt.Sscanf(v, "%d:%d", &count, &seed)
	}
	r := rand.New(rand.NewPCG(seed, 2))
	bases := []func() *glbtest.Model{
		glbtest.Cube,
		func() *glbtest.Model { return glbtest.Cubes(glbtest.Options{Cubes: 2, Instances: 2, Colors: true}) },
		func() *glbtest.Model { return glbtest.Triangles(4, 3) },
	}
	// Real exports too (their JSON and BIN chunks), when the shared files are present.
	if _, err := os.Stat(sharedDir); err == nil {
		paths, _ := filepath.Glob(filepath.Join(sharedDir, "pass", "*.glb"))
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil || len(data) > 64<<10 {
				continue
			}
			n := int(binary.LittleEndian.Uint32(data[12:]))
			var doc map[string]any
			if json.Unmarshal(data[20:20+n], &doc) != nil {
				continue
			}
			bin := append([]byte(nil), data[20+n+8:]...)
			bases = append(bases, func() *glbtest.Model {
				var fresh map[string]any
				text, _ := json.Marshal(doc)
				json.Unmarshal(text, &fresh)
				return &glbtest.Model{JSON: fresh, Bin: append([]byte(nil), bin...)}
			})
		}
	}
	var files []string
	for i := 0; i < count; i++ {
		m := bases[i%len(bases)]()
		var tree any
		text, _ := json.Marshal(m.JSON)
		json.Unmarshal(text, &tree)
		for k := 0; k <= i%3; k++ {
			tree = mutate(r, tree)
		}
		if i%7 == 0 && len(m.Bin) > 0 { // and a flipped byte in the binary data
			m.Bin[r.IntN(len(m.Bin))] ^= byte(1 + r.IntN(255))
		}
		text, _ = json.Marshal(tree)
		path := filepath.Join(dir, fmt.Sprintf("m%05d.glb", i))
		if err := os.WriteFile(path, glbtest.Encode(text, m.Bin), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	got := nodeReports[sdkVerdict](t, root, "glb-verdicts.mjs", files)
	var accepted []string
	warned := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		res := glb.CheckNamed("the file", data)
		v, ok := got[f]
		if res.OK() {
			accepted = append(accepted, f)
		}
		if len(res.Warnings) > 0 {
			warned++
		}
		if !ok {
			t.Errorf("%s: no SDK verdict", f)
		} else if d := sdkDiffers(v, res); d != "" {
			t.Errorf("%s: %s", f, d)
		}
	}
	t.Logf("%d mutations, %d still accepted, %d with warnings", len(files), len(accepted), warned)

	// What we still accept, the Khronos validator must not call invalid either.
	if len(accepted) == 0 {
		return
	}
	nodetest.Module(t, "gltf-validator")
	reports := nodeReports[khronosReport](t, root, "glb-khronos.mjs", accepted)
	if len(reports) != len(accepted) {
		t.Errorf("the validator reported on %d of %d accepted files", len(reports), len(accepted))
	}
	for _, rep := range reports {
		data, _ := os.ReadFile(rep.File)
		ours := explainedWarnings(glb.CheckNamed("the file", data))
		for c, sev := range rep.Codes {
			if (sev == 0 && acceptedErrors[c] == "") || (sev == 1 && acceptedWarnings[c] == "" && !ours[c]) {
				t.Errorf("%s: accepted, but the validator reports %s (severity %d): %v", rep.File, c, sev, rep.Details)
				if keep := os.Getenv("GLB_MUTATIONS_KEEP"); keep != "" { // a directory to copy failing files to
					data, _ := os.ReadFile(rep.File)
					os.WriteFile(filepath.Join(keep, filepath.Base(rep.File)), data, 0o644)
				}
			}
		}
	}
}
