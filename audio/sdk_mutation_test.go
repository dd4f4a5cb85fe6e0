package audio_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/jsrt"
)

// TestDecodeAgreesWithSDKOnMutants widens conformance_test.go: every recipe the corpus accepts is
// mutated one step at a time (a key removed, set to null, respelled with a capital, a key added,
// a list shortened or lengthened, a number or string replaced) and each mutant is judged by the
// SDK's own validator, run in goja through jsrt, and by Decode. The verdicts must agree, so the
// renderer's guard cannot drift from the SDK's rules in a place the hand-written corpus misses.
func TestDecodeAgreesWithSDKOnMutants(t *testing.T) {
	rt, err := jsrt.New(jsrt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sdk := rt.Toolchain.Get("sdk").ToObject(rt.VM)
	parse, _ := goja.AssertFunction(rt.VM.Get("JSON").ToObject(rt.VM).Get("parse"))
	files := map[string]string{"synthesis.json": "gizmoSynthError", "noiseSound.json": "gizmoNoiseSoundError", "partials.json": "gizmoPartialsError"}
	names := []string{"noiseSound.json", "partials.json", "synthesis.json"}
	total, accepted, disagreements := 0, 0, 0
	// About 42,000 mutants take ~30 s of CPU in goja; -short judges every fifth.
	stride, n := 1, 0
	if testing.Short() {
		stride = 5
	}
	for _, file := range names {
		validate, ok := goja.AssertFunction(sdk.Get(files[file]))
		if !ok {
			t.Fatalf("the SDK has no %s", files[file])
		}
		data, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", file))
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct {
			Value json.RawMessage `json:"value"`
			OK    bool            `json:"ok"`
		}
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, c := range cases {
			if !c.OK || strings.Contains(string(c.Value), `"$"`) {
				continue
			}
			var tree any
			if err := json.Unmarshal(c.Value, &tree); err != nil {
				t.Fatal(err)
			}
			for _, m := range mutants(tree) {
				raw, err := json.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				if seen[string(raw)] {
					continue
				}
				seen[string(raw)] = true
				if n++; n%stride != 0 {
					continue
				}
				v, err := parse(goja.Undefined(), rt.VM.ToValue(string(raw)))
				if err != nil {
					t.Fatal(err)
				}
				res, err := validate(goja.Undefined(), v)
				if err != nil {
					t.Fatalf("%s threw on %s: %v", files[file], raw, err)
				}
				sdkOK := goja.IsNull(res)
				_, goErr := audio.Decode(raw)
				total++
				if sdkOK {
					accepted++
				}
				if sdkOK != (goErr == nil) {
					disagreements++
					if disagreements <= 20 {
						t.Errorf("%s: SDK %s, Decode %v\n%s", file, verdict(sdkOK, res), goErr, raw)
					}
				}
			}
		}
	}
	t.Logf("%d mutants judged (%d accepted by the SDK), %d disagreements", total, accepted, disagreements)
	if total < 1000/stride || accepted == 0 || accepted == total {
		t.Errorf("%d mutants, %d accepted: the mutation should yield both verdicts", total, accepted)
	}
}

func verdict(ok bool, res goja.Value) string {
	if ok {
		return "accepts"
	}
	return fmt.Sprintf("refuses (%s)", res)
}

// mutants returns one-step changes of tree (tree itself is left as it was).
func mutants(tree any) []any {
	var out []any
	var walk func(path []any, v any)
	walk = func(path []any, v any) {
		replace := func(x any) { out = append(out, with(tree, path, x)) }
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				out = append(out, with(tree, path, without(v, k)))
				respelled := without(v, k)
				respelled[strings.ToUpper(k[:1])+k[1:]] = v[k]
				replace(respelled)
				walk(append(append([]any{}, path...), k), v[k])
			}
			extra := without(v, "")
			extra["extra"] = 1.0
			replace(extra)
		case []any:
			if len(v) > 0 {
				replace(append([]any{}, v[:len(v)-1]...))
				replace(append(append([]any{}, v...), v[len(v)-1]))
			}
			// Into the first two items and the last: long lists (128 voices, a 1,000-point
			// envelope) repeat one shape, and every item would multiply the mutants.
			for i, x := range v {
				if i < 2 || i == len(v)-1 {
					walk(append(append([]any{}, path...), i), x)
				}
			}
		case float64:
			for _, x := range []float64{-1, 0, 0.5, 1, 2, 100, 1e9, -v, v * 2, v + 0.001} {
				replace(x)
			}
			replace(nil)
			replace("1")
		case string:
			replace("bogus")
			replace(nil)
		case bool:
			replace(nil)
			replace(1.0)
		}
	}
	walk(nil, tree)
	return out
}

// with returns a deep copy of tree with the value at path replaced by x.
func with(tree any, path []any, x any) any {
	if len(path) == 0 {
		return x
	}
	switch t := tree.(type) {
	case map[string]any:
		c := without(t, "")
		k := path[0].(string)
		c[k] = with(t[k], path[1:], x)
		return c
	case []any:
		c := append([]any{}, t...)
		i := path[0].(int)
		c[i] = with(t[i], path[1:], x)
		return c
	}
	panic("path does not fit the tree")
}

// without returns a shallow copy of m without key k.
func without(m map[string]any, k string) map[string]any {
	c := make(map[string]any, len(m))
	for key, v := range m {
		if key != k {
			c[key] = v
		}
	}
	return c
}
