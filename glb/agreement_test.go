package glb_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/glb/glbtest"
	"github.com/scapeworld/scape/internal/nodetest"
)

// requireNode returns the repository root, or skips (fails when SCAPE_REQUIRE_NODE=1) when node
// or the repository's npm package pkg is missing.
func requireNode(t *testing.T, pkg string) string {
	t.Helper()
	nodetest.Node(t)
	nodetest.Module(t, pkg)
	return nodetest.Root(t)
}

// agreementFiles writes the project's own fixtures (every checklist case and some valid
// models) to dir and returns them with the shared files, when present.
func agreementFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	write := func(name string, data []byte) {
		path := filepath.Join(dir, strings.NewReplacer(" ", "_", "/", "_").Replace(name)+".glb")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	for _, c := range checklistCases() {
		write("case-"+c.name, c.data)
	}
	for _, c := range warningCases() {
		write("warning-"+c.name, c.data)
	}
	write("valid-cube", glbtest.Cube().GLB())
	write("valid-colors", glbtest.Cubes(glbtest.Options{Cubes: 4, Instances: 8, Colors: true}).GLB())
	write("over-triangles", glbtest.Cubes(glbtest.Options{Subdivide: 41, IndexUint32: true}).GLB())
	write("deep-9990", deepJSON(9990))
	write("deep-10001", deepJSON(10001))
	for name, data := range craftedFiles() {
		write("crafted-"+name, data)
	}
	for i, s := range seeds() {
		write("seed-"+string(rune('a'+i)), s)
	}
	if _, err := os.Stat(sharedDir); err == nil {
		files = append(files, sharedFiles(t)...)
	} else {
		t.Logf("%s is absent: comparing on the project's own fixtures only", sharedDir)
	}
	return files
}

type sdkVerdict struct {
	File      string        `json:"file"`
	OK        bool          `json:"ok"`
	Code      string        `json:"code"`
	Message   string        `json:"message"`
	Triangles int64         `json:"triangles"`
	DrawCalls int64         `json:"drawCalls"`
	Counted   bool          `json:"counted"`
	Warnings  []glb.Problem `json:"warnings"`
}

// sdkDiffers says how the SDK's verdict differs from Go's result, or "" when they agree: the
// verdict, the first problem's code, the counts and every warning (step, code, path, value and
// message, in order).
func sdkDiffers(v sdkVerdict, r *glb.Result) string {
	if v.OK != r.OK() {
		return fmt.Sprintf("SDK ok=%v (%s), Go problems %v", v.OK, v.Message, r.Problems)
	}
	if !v.OK && v.Code != string(r.Problems[0].Code) {
		return fmt.Sprintf("first problem differs:\n  SDK %s: %s\n  Go  %s: %s", v.Code, v.Message, r.Problems[0].Code, r.Problems[0].Message)
	}
	if v.Counted != r.Facts.Counted || (v.Counted && (v.Triangles != r.Facts.Triangles || v.DrawCalls != r.Facts.DrawCalls)) {
		return fmt.Sprintf("counts differ: SDK %d triangles %d draws (counted %v), Go %d, %d (counted %v)", v.Triangles, v.DrawCalls, v.Counted, r.Facts.Triangles, r.Facts.DrawCalls, r.Facts.Counted)
	}
	if want := asJSON(r.Warnings); !reflect.DeepEqual(asJSON(v.Warnings), want) {
		return fmt.Sprintf("warnings differ:\n  SDK %v\n  Go  %v", v.Warnings, r.Warnings)
	}
	return ""
}

// asJSON is ps as they read back from JSON (values as float64, as the SDK's arrive), so Go's and
// the SDK's findings compare field by field.
func asJSON(ps []glb.Problem) []glb.Problem {
	text, err := json.Marshal(ps)
	if err != nil {
		panic(err)
	}
	out := []glb.Problem{}
	if err := json.Unmarshal(text, &out); err != nil {
		panic(err)
	}
	return out
}

// TestSDKAgreesWithGo runs kit/sdk/src/model.ts under Node over every test file and compares
// its verdict, first problem, counts and warnings with the Go checker's.
func TestSDKAgreesWithGo(t *testing.T) {
	root := requireNode(t, "esbuild")
	files := agreementFiles(t, t.TempDir())
	got := nodeReports[sdkVerdict](t, root, "glb-verdicts.mjs", files)
	warned := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := glb.CheckNamed("the file", data)
		v, ok := got[f]
		if !ok {
			t.Errorf("%s: no SDK verdict", f)
			continue
		}
		if d := sdkDiffers(v, r); d != "" {
			t.Errorf("%s: %s", f, d)
		}
		if len(r.Warnings) > 0 {
			warned++
		}
	}
	if warned < len(warningCases()) {
		t.Errorf("%d files with warnings, want at least %d (warningCases)", warned, len(warningCases()))
	}
	t.Logf("compared %d files (%d with warnings)", len(files), warned)
}

// nodeReports runs scripts/<script> under node on files and decodes its output, one JSON object
// per line, keyed by the object's "file" field (every script prints one line per file).
func nodeReports[T interface{ file() string }](t *testing.T, root, script string, files []string) map[string]T {
	t.Helper()
	cmd := exec.Command("node", append([]string{filepath.Join(root, "scripts", script)}, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, stderr.String())
	}
	got := map[string]T{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v: %s", script, err, sc.Text())
		}
		got[v.file()] = v
	}
	return got
}

func (v sdkVerdict) file() string { return v.File }
