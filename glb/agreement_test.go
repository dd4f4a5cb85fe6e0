package glb_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
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
	File      string `json:"file"`
	OK        bool   `json:"ok"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	Triangles int64  `json:"triangles"`
	DrawCalls int64  `json:"drawCalls"`
	Counted   bool   `json:"counted"`
}

// sdkVerdictOf is Go's result as the SDK's TypeScript checker (kit/sdk/src/model.ts) reaches it
// under Node, where it has not followed glb yet and still refuses what glb only warns about:
// Go's problems and warnings together, in checklist order. A sampler warning is the SDK's
// library-rule refusal, which it checks only when nothing else is wrong. counted says whether the
// SDK gets as far as counting: it stops at the phase of a warning before step 24, Go does not.
func sdkVerdictOf(r *glb.Result) (refusals []glb.Problem, counted bool) {
	refusals = append(refusals, r.Problems...)
	others := len(r.Problems)
	for _, w := range r.Warnings {
		if w.Code != glb.CodeSamplerValue {
			others++
		}
	}
	for _, w := range r.Warnings {
		if w.Code != glb.CodeSamplerValue || others == 0 {
			refusals = append(refusals, w)
		}
	}
	sort.SliceStable(refusals, func(a, b int) bool { return refusals[a].Step < refusals[b].Step })
	counted = r.Facts.Counted
	for _, w := range r.Warnings {
		if w.Step < 24 && w.Code != glb.CodeSamplerValue {
			counted = false
		}
	}
	return refusals, counted
}

// sdkCodes are the codes the SDK's TypeScript checker refuses with what glb warns about (a
// negative buffer-view target is its schema problem); a warning not listed has the same code.
var sdkCodes = map[glb.Code][]string{
	glb.CodeViewTarget:   {"buffer-view", "schema"},
	glb.CodeSamplerValue: {"decode"},
}

// sdkCodeMatches says whether the SDK's first problem code is its code for Go's finding p.
func sdkCodeMatches(code string, p glb.Problem) bool {
	if codes, ok := sdkCodes[p.Code]; ok {
		return slices.Contains(codes, code)
	}
	return code == string(p.Code)
}

// TestSDKAgreesWithGo runs kit/sdk/src/model.ts under Node over every test file and compares
// its verdict, first problem and counts with the Go checker's (warnings counted as refusals:
// see sdkVerdictOf).
func TestSDKAgreesWithGo(t *testing.T) {
	root := requireNode(t, "esbuild")
	files := agreementFiles(t, t.TempDir())
	got := nodeReports[sdkVerdict](t, root, "glb-verdicts.mjs", files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := glb.CheckNamed("the file", data)
		refusals, counted := sdkVerdictOf(r)
		v, ok := got[f]
		if !ok {
			t.Errorf("%s: no SDK verdict", f)
			continue
		}
		if v.OK != (len(refusals) == 0) {
			t.Errorf("%s: SDK ok=%v (%s), Go problems %v, warnings %v", f, v.OK, v.Message, r.Problems, r.Warnings)
			continue
		}
		if !v.OK && !sdkCodeMatches(v.Code, refusals[0]) {
			t.Errorf("%s: first problem differs:\n  SDK %s: %s\n  Go  %s: %s", f, v.Code, v.Message, refusals[0].Code, refusals[0].Message)
		}
		if counted != v.Counted || (v.Counted && (v.Triangles != r.Facts.Triangles || v.DrawCalls != r.Facts.DrawCalls)) {
			t.Errorf("%s: counts differ: SDK %d triangles %d draws, Go %d, %d", f, v.Triangles, v.DrawCalls, r.Facts.Triangles, r.Facts.DrawCalls)
		}
	}
	t.Logf("compared %d files", len(files))
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
