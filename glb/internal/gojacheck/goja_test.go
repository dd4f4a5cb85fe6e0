// Package gojacheck_test runs the embedded SDK's model checker under goja. It lives apart from
// package glb's tests so that their test binary (and FuzzCheck) does not link goja and
// esbuild: coverage-instrumented fuzzing over those slowed FuzzCheck a thousandfold.
package gojacheck_test

import (
	"encoding/base64"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
	"github.com/scapeworld/scape/kit"
)

// modelEntry replaces the toolchain entry in modelChecker's SDK: validateGizmoModel inside
// collectWarnings, returning the verdict and the warnings it records as JSON.
const modelEntry = `import { validateGizmoModel } from './model.js';
import { collectWarnings } from './internal/rules.js';
(globalThis as Record<string, unknown>).__scapeModelVerdict = (encoded: string): string => {
  let error: string | null = null;
  const { warnings } = collectWarnings(() => {
    try {
      validateGizmoModel(encoded);
    } catch (e) {
      error = (e as Error).message;
    }
  });
  return JSON.stringify({ error, warnings: warnings.map((w) => ({ rule: w.rule ? w.rule.id : '', path: w.path, message: w.message, value: w.value })) });
};
`

// entryOverlay is the embedded SDK with the toolchain entry's text replaced.
type entryOverlay struct {
	fs.FS
	entry []byte
}

func (o entryOverlay) Open(name string) (fs.File, error) {
	if name == kit.ToolchainEntry {
		return fstest.MapFS{name: {Data: o.entry}}.Open(name)
	}
	return o.FS.Open(name)
}

// sdkWarning is a warning as the SDK records it for collectWarnings.
type sdkWarning struct {
	Rule    string `json:"rule"`
	Path    string `json:"path"`
	Message string `json:"message"`
	Value   any    `json:"value"`
}

// warningRules is the SDK rule of each glb warning code (kit/sdk/src/model.ts MODEL_RULES).
var warningRules = map[glb.Code]string{
	glb.CodeTriangles:    "model.triangles",
	glb.CodeDrawCalls:    "model.drawCalls",
	glb.CodeViewTarget:   "model.bufferView.target",
	glb.CodeSamplerValue: "model.sampler.value",
}

// TestSDKUnderGojaAgreesWithGo runs the embedded SDK's validateGizmoModel in goja (where the
// toolchain and the host run it) without the native hook over every test file, and compares
// verdicts and warnings with Go's: goja lacks TextDecoder and atob and differs from Node in
// places, so agreement under Node alone is not enough. The SDK is compiled by kit from the
// embedded sources, with an entry that calls validateGizmoModel inside collectWarnings.
func TestSDKUnderGojaAgreesWithGo(t *testing.T) {
	c, err := kit.CompileSDK(entryOverlay{kit.SDK(), []byte(modelEntry)})
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	vm.SetMaxCallStackSize(2000) // as jsrt does for the toolchain and the host
	if _, err := vm.RunString(string(c.JS)); err != nil {
		t.Fatalf("SDK does not run in goja: %v", err)
	}
	verdict, ok := goja.AssertFunction(vm.Get("__scapeModelVerdict"))
	if !ok {
		t.Fatal("the model entry defines no __scapeModelVerdict")
	}
	files := append(modelFiles(t), warningModels()...)
	only := os.Getenv("GLB_GOJA_ONLY") // profile one file: GLB_GOJA_ONLY=DenseSphere
	warned := 0
	for _, mf := range files {
		f, data := mf.name, mf.data
		if only != "" && !strings.Contains(f, only) {
			continue
		}
		r := glb.CheckNamed("the model", data)
		start := time.Now()
		out, err := verdict(goja.Undefined(), vm.ToValue(base64.StdEncoding.EncodeToString(data)))
		if err != nil {
			t.Errorf("%s: the SDK threw outside validateGizmoModel: %v", f, err)
			continue
		}
		if d := time.Since(start); d > 300*time.Millisecond {
			t.Logf("%s: %v in goja (%d bytes)", f, d, len(data))
		}
		var got struct {
			Error    *string      `json:"error"`
			Warnings []sdkWarning `json:"warnings"`
		}
		if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if (got.Error == nil) != r.OK() {
			t.Errorf("%s: goja error %v, Go ok=%v %v", f, got.Error, r.OK(), r.Problems)
			continue
		}
		// Same problem: the same text up to the first " = " or ": " (number formatting and
		// the JSON parser's own wording differ between Go and JavaScript after that).
		if got.Error != nil && head(*got.Error) != head(r.Problems[0].Message) {
			t.Errorf("%s: first problem differs:\n  goja %s\n  Go   %s", f, *got.Error, r.Problems[0].Message)
		}
		// Every warning, as the SDK's rule mechanism records it: glb's path, message and value.
		want := make([]sdkWarning, len(r.Warnings))
		for i, w := range r.Warnings {
			want[i] = sdkWarning{warningRules[w.Code], w.Path, w.Message, w.Value}
		}
		if !reflect.DeepEqual(asJSON(t, got.Warnings), asJSON(t, want)) {
			t.Errorf("%s: warnings differ:\n  goja %+v\n  Go   %+v", f, got.Warnings, want)
		}
		if len(r.Warnings) > 0 {
			warned++
		}
	}
	// At least every built warning model that Go warns about (a refused one reports its
	// refusal, not its warnings) was compared with warnings: without ../shared, these are all.
	want := 0
	for _, m := range warningModels() {
		if len(glb.CheckNamed("the model", m.data).Warnings) > 0 {
			want++
		}
	}
	if only == "" && warned < want {
		t.Errorf("%d models with warnings compared, want at least %d", warned, want)
	}
	t.Logf("compared %d files under goja (%d with warnings)", len(files), warned)
}

// asJSON is ws as they read back from JSON (numbers as float64), so Go's and the SDK's compare.
func asJSON(t *testing.T, ws []sdkWarning) []sdkWarning {
	t.Helper()
	text, err := json.Marshal(ws)
	if err != nil {
		t.Fatal(err)
	}
	out := []sdkWarning{}
	if err := json.Unmarshal(text, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func head(msg string) string {
	for _, sep := range []string{" = ", ": "} {
		if i := strings.Index(msg, sep); i >= 0 {
			msg = msg[:i]
		}
	}
	return msg
}

type modelFile struct {
	name string
	data []byte
}

// modelFiles are the SDK conformance corpus for validateGizmoModel (every checklist case and
// both sides of every bound, generated by glb's tests) and the shared real-world files.
func modelFiles(t *testing.T) []modelFile {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "conformance", "model.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Value string `json:"value"`
		Note  string `json:"note"`
	}
	if err := json.Unmarshal(text, &cases); err != nil {
		t.Fatal(err)
	}
	var out []modelFile
	for _, c := range cases {
		data, err := base64.StdEncoding.DecodeString(c.Value)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, modelFile{"conformance: " + c.Note, data})
	}
	shared := glbtest.SharedDir()
	if shared == "" {
		t.Logf("shared/testdata/glb is absent: comparing on the conformance corpus only")
		return out
	}
	filepath.WalkDir(shared, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".glb") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out = append(out, modelFile{path, data})
		}
		return err
	})
	return out
}

// warningModels are models glb accepts with warnings, and one it refuses beside a warning.
func warningModels() []modelFile {
	target := glbtest.Cube()
	target.Obj("bufferViews", 0)["target"] = 5126
	sampler := glbtest.Cube()
	sampler.JSON["samplers"] = []any{map[string]any{"magFilter": 1234, "wrapS": -1}}
	refused := glbtest.Triangles(1, 33)
	refused.JSON["animations"] = []any{map[string]any{}}
	return []modelFile{
		{"20,001 triangles", glbtest.Triangles(20001, 1).GLB()},
		{"33 draw calls", glbtest.Triangles(1, 33).GLB()},
		{"a buffer-view target glTF does not define", target.GLB()},
		{"sampler values glTF does not define", sampler.GLB()},
		{"33 draw calls and an animation", refused.GLB()},
	}
}

// TestNativeHook installs Go's checker as the SDK's __scapeModelCheck, as the toolchain and
// host may: the SDK defers to it (same verdicts, Go speed), records no warnings of its own (the
// toolchain reports glb's), and author code cannot replace it.
func TestNativeHook(t *testing.T) {
	c, err := kit.CompileSDK(kit.SDK())
	if err != nil {
		t.Fatal(err)
	}
	twin, err := kit.CompileSDK(entryOverlay{kit.SDK(), []byte(modelEntry)})
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	cache := glb.NewCache(16)
	calls := 0
	vm.Set("__scapeModelCheckGo", func(s string) any { calls++; return glb.NativeVerdict(cache.CheckEncoded(s)) })
	if _, err := vm.RunString(`Object.defineProperty(globalThis, '__scapeModelCheck', {value: __scapeModelCheckGo, writable: false, configurable: false, enumerable: false}); delete globalThis.__scapeModelCheckGo;`); err != nil {
		t.Fatal(err)
	}
	for _, script := range [][]byte{c.JS, twin.JS} {
		if _, err := vm.RunString(string(script)); err != nil {
			t.Fatal(err)
		}
	}
	sdk := vm.Get(kit.ToolchainGlobal).ToObject(vm).Get("sdk").ToObject(vm)
	validate, _ := goja.AssertFunction(sdk.Get("validateGizmoModel"))
	verdict, _ := goja.AssertFunction(vm.Get("__scapeModelVerdict"))
	// Models glb accepts with warnings: the SDK accepts them through the hook, and records no
	// warning (validate reports glb's own).
	files := append(modelFiles(t), warningModels()...)
	warned := 0
	for _, mf := range files {
		r := glb.CheckNamed("the model", mf.data)
		if r.OK() && len(r.Warnings) > 0 {
			warned++
		}
		encoded := vm.ToValue(base64.StdEncoding.EncodeToString(mf.data))
		_, jsErr := validate(goja.Undefined(), encoded)
		if (jsErr == nil) != r.OK() {
			t.Errorf("%s: with the hook, goja error %v, Go ok=%v", mf.name, jsErr, r.OK())
		}
		out, err := verdict(goja.Undefined(), encoded)
		if err != nil {
			t.Fatalf("%s: %v", mf.name, err)
		}
		var got struct {
			Error    *string      `json:"error"`
			Warnings []sdkWarning `json:"warnings"`
		}
		if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
			t.Fatal(err)
		}
		if (got.Error == nil) != r.OK() || len(got.Warnings) != 0 {
			t.Errorf("%s: with the hook, error %v and warnings %v; Go ok=%v", mf.name, got.Error, got.Warnings, r.OK())
		}
	}
	if warned < 4 {
		t.Errorf("%d warning-only models checked through the hook, want at least 4", warned)
	}
	if calls != 2*len(files) {
		t.Errorf("hook called %d times for %d models (twice each)", calls, len(files))
	}
	// Author code tries to disable the check: the assignment fails (strict) or is ignored.
	vm.RunString(`try { globalThis.__scapeModelCheck = () => null } catch (e) {}`)
	bad := base64.StdEncoding.EncodeToString([]byte("glTF"))
	if _, err := validate(goja.Undefined(), vm.ToValue(bad)); err == nil {
		t.Error("an author bundle replaced the native checker")
	}
	if hits, _ := cache.Stats(); hits != 0 {
		t.Logf("%d cache hits", hits)
	}
}
