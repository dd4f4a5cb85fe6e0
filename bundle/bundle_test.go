package bundle

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
)

const pkg = `{"name": "@me/My Lamp", "scape": {"entry": "src/project.ts"}}`

func build(t *testing.T, dir string) *Result {
	t.Helper()
	res, err := Build(Options{Dir: dir, SDKVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func onlyDiag(t *testing.T, res *Result, code diag.Code) diag.Diagnostic {
	t.Helper()
	var found []diag.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Code == code {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want one %s diagnostic, got %v", code, res.Diagnostics)
	}
	return found[0]
}

func TestBuildsIIFEWithSDKExternal(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":      pkg,
		"tsconfig.json":     `{}`,
		"src/project.ts":    "import { defineProject } from '@scape/sdk';\nimport { lamp } from './definition.js';\nexport default defineProject({ objects: [lamp] });\n",
		"src/definition.ts": "import { defineObject } from '@scape/sdk';\nexport const lamp = defineObject({ type: 'a.b' } as any);\n",
	})
	res := build(t, dir)
	if !res.OK() {
		t.Fatalf("diagnostics: %v", res.Diagnostics)
	}
	js := string(res.JS)
	if !strings.HasPrefix(js, "var "+GlobalName+" = ") || !strings.Contains(js, `require("@scape/sdk")`) {
		t.Fatalf("bundle shape:\n%s", js)
	}
	if strings.Contains(js, "sourceMappingURL") || strings.Contains(js, "defineProject(project)") {
		t.Fatal("bundle carries a source map comment or the SDK itself")
	}
	var sm struct{ Sources []string }
	if err := json.Unmarshal(res.SourceMap, &sm); err != nil {
		t.Fatal(err)
	}
	if strings.Join(sortedCopy(sm.Sources), ",") != "src/definition.ts,src/project.ts" {
		t.Fatalf("sources %v", sm.Sources)
	}
	if res.Project.Name != "my-lamp" || res.Project.Entry != "src/project.ts" {
		t.Fatalf("project %+v", res.Project)
	}
	want := []string{"package.json", "src/definition.ts", "src/project.ts", "tsconfig.json"}
	var got []string
	for _, f := range res.WatchFiles {
		rel, _ := filepath.Rel(dir, f)
		got = append(got, filepath.ToSlash(rel))
	}
	if strings.Join(sortedCopy(got), ",") != strings.Join(want, ",") {
		t.Fatalf("watch list %v, want %v", got, want)
	}
}

func sortedCopy(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestProjectErrors(t *testing.T) {
	if _, err := Build(Options{Dir: filepath.Join(t.TempDir(), "nope")}); err == nil {
		t.Fatal("missing dir built")
	} else if _, ok := err.(*NotProjectError); !ok {
		t.Fatalf("err %T %v", err, err)
	}
	_, err := Build(Options{Dir: t.TempDir()})
	var np *NotProjectError
	if !errors.As(err, &np) || !strings.Contains(err.Error(), "has no package.json") {
		t.Fatalf("no package.json: %v", err)
	}
	cases := []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"package.json": "{\n  \"name\": \"x\",\n  oops\n}"}, "package.json:3:3: is not valid JSON"},
		{map[string]string{"package.json": `[]`}, "package.json: is not valid JSON: the top level must be an object"},
		{map[string]string{"package.json": `{"scape": {"entry": 3}}`}, "package.json: scape.entry: must be a relative path"},
		{map[string]string{"package.json": `{"scape": {"entry": "../x.ts"}}`}, "package.json: scape.entry: must be a path inside the project"},
		{map[string]string{"package.json": `{"scape": {"entry": "src/project.ts"}}`}, "src/project.ts: the entry named by package.json scape.entry does not exist"},
		{map[string]string{"package.json": `{}`}, "src/definition.ts: the default entry (package.json has no scape.entry) does not exist"},
	}
	for _, c := range cases {
		res := build(t, testtree.Write(t, c.files))
		if res.JS != nil || len(res.Diagnostics) != 1 || !strings.HasPrefix(res.Diagnostics[0].String(), c.want) {
			t.Errorf("%v: got %v, want prefix %q", c.files, res.Diagnostics, c.want)
		}
	}
}

func TestUnsupportedImportsNameFileLineColumn(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import './a.js';\nimport './b.js';\nimport { ObjectRegistry } from '@scape/sdk/runtime';\nexport default ObjectRegistry;\n",
		"src/a.ts":          "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
		"src/b.ts":          "// b\nimport * as path from 'path';\nexport const b = path;\n",
	})
	res := build(t, dir)
	if res.JS != nil {
		t.Fatal("bundle produced despite bad imports")
	}
	var lines []string
	for _, d := range res.Diagnostics {
		if d.Code != diag.CodeImport {
			t.Errorf("code %s for %s", d.Code, d)
		}
		lines = append(lines, d.String())
	}
	all := strings.Join(lines, "\n")
	for _, want := range []string{
		`src/a.ts:1:30: unsupported import "node:fs": Node.js built-ins`,
		`src/b.ts:2:23: unsupported import "path"`,
		`src/definition.ts:3:32: unsupported import "@scape/sdk/runtime": the runtime entry is for tests and hosts`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	if len(lines) != 3 {
		t.Errorf("want 3 diagnostics (deduplicated), got %d:\n%s", len(lines), all)
	}
}

func TestSyntaxAndResolveErrors(t *testing.T) {
	res := build(t, testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "export const x = ;\n",
	}))
	d := onlyDiag(t, res, diag.CodeSyntax)
	if d.File != "src/definition.ts" || d.Line != 1 || d.Column != 18 || d.LineText != "export const x = ;" {
		t.Fatalf("%+v", d)
	}
	res = build(t, testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import left from 'left-pad';\nexport default left;\n",
	}))
	d = onlyDiag(t, res, diag.CodeImport)
	if d.File != "src/definition.ts" || d.Line != 1 || !strings.Contains(d.Message, `unsupported import "left-pad": no such package in node_modules`) || len(d.Notes) != 0 {
		t.Fatalf("%+v", d)
	}
}

func TestAssetsAndPackagesAreBundled(t *testing.T) {
	glb := []byte("glTF\x02\x00\x00\x00binary\x00\xff")
	dir := testtree.Write(t, map[string]string{
		"package.json":                       `{}`,
		"src/definition.ts":                  "import model from './lamp.glb';\nimport sound from '../sounds/ding.wav';\nimport data from './data.json';\nimport pad from 'tiny-pad';\nexport default { model, sound, n: data.n, p: pad('x') };\n",
		"src/lamp.glb":                       string(glb),
		"sounds/ding.wav":                    "RIFF....WAVE",
		"src/data.json":                      `{"n": 7}`,
		"node_modules/tiny-pad/package.json": `{"name": "tiny-pad", "main": "index.js"}`,
		"node_modules/tiny-pad/index.js":     "module.exports = function pad(s) { return '[' + s + ']'; };\n",
		"src/glb.d.ts":                       "declare module '*.glb' { const v: string; export default v; }\n",
	})
	res := build(t, dir)
	if !res.OK() {
		t.Fatalf("%v", res.Diagnostics)
	}
	js := string(res.JS)
	if !strings.Contains(js, base64.StdEncoding.EncodeToString(glb)) || !strings.Contains(js, base64.StdEncoding.EncodeToString([]byte("RIFF....WAVE"))) {
		t.Fatal("assets not embedded as base64")
	}
	if !strings.Contains(js, "node_modules/tiny-pad/index.js") || !strings.Contains(js, "return \"[\" + s + \"]\"") || !strings.Contains(js, "7") {
		t.Fatalf("package or json not bundled:\n%s", js)
	}
	if strings.Join(res.Assets, ",") != "sounds/ding.wav,src/lamp.glb" {
		t.Fatalf("assets %v", res.Assets)
	}
	found := false
	for _, f := range res.WatchFiles {
		found = found || strings.HasSuffix(f, filepath.FromSlash("node_modules/tiny-pad/index.js"))
	}
	if !found {
		t.Fatalf("watch list lacks the package file: %v", res.WatchFiles)
	}
}

func TestOverSizeListsLargestInputs(t *testing.T) {
	big := strings.Repeat("a", 3000)
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import { big } from './big.js';\nimport { small } from './small.js';\nexport default big + small;\n",
		"src/big.ts":        "export const big = '" + big + "';\n",
		"src/small.ts":      "export const small = 'b';\n",
	})
	res, err := Build(Options{Dir: dir, MaxBytes: 2048, SDKVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	d := onlyDiag(t, res, diag.CodeSize)
	if !strings.Contains(d.String(), "bundle: must be at most 2,048 bytes") || len(d.Notes) < 2 {
		t.Fatalf("%s %v", d, d.Notes)
	}
	if d.Notes[0].File != "src/big.ts" || !strings.Contains(d.Notes[0].Message, "% of the bundle") {
		t.Fatalf("largest input first: %v", d.Notes)
	}
	if res.JS == nil {
		t.Fatal("over-size result lost its JS")
	}
}

func TestUnfaithfulRegexps(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json": `{}`,
		"src/definition.ts": "export const ok = /\\d+/u;\n" +
			"export const letters = /^\\p{L}+$/u;\n" +
			"export const idx = /a/d;\n" +
			"export const sets = /[\\p{L}--[a-z]]/v;\n" +
			"export const div = 4 / 2 / 1;\n" +
			"export const plain = /\\p{L}/;\n",
	})
	res := build(t, dir)
	var got []string
	for _, d := range res.Diagnostics {
		if d.Code != diag.CodeUnfaithful {
			t.Errorf("unexpected %s", d)
			continue
		}
		got = append(got, d.Location())
	}
	if strings.Join(got, " ") != "src/definition.ts:2:24 src/definition.ts:3:20 src/definition.ts:4:21" {
		t.Fatalf("got %v\n%v", got, res.Diagnostics)
	}
	if !strings.Contains(res.Diagnostics[0].Message, "Unicode property escape") {
		t.Fatal(res.Diagnostics[0].Message)
	}
}

func TestSDKVersionMismatchWarns(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":                  `{}`,
		"src/definition.ts":             "export default 1;\n",
		"vendor/scape-sdk/package.json": `{"name": "@scape/sdk", "version": "0.0.9"}`,
	})
	res := build(t, dir)
	d := onlyDiag(t, res, diag.CodeSDKVersion)
	if d.Severity != diag.Warning || !strings.Contains(d.Message, "is 0.0.9 but this scape checks against 0.1.0") || !res.OK() {
		t.Fatalf("%s ok=%v", d, res.OK())
	}
}

func TestContextRebuildSeesEdits(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "export default 'one';\n",
		"src/other.ts":      "export default 'other';\n",
	})
	c, err := NewContext(Options{Dir: dir, SDKVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Dispose()
	first, err := c.Rebuild()
	if err != nil || !strings.Contains(string(first.JS), `"one"`) {
		t.Fatalf("%v %s", err, first.JS)
	}
	if err := os.WriteFile(filepath.Join(dir, "src/definition.ts"), []byte("export default 'two';\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second, _ := c.Rebuild()
	if !strings.Contains(string(second.JS), `"two"`) {
		t.Fatalf("edit not seen: %s", second.JS)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"scape": {"entry": "src/other.ts"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	third, _ := c.Rebuild()
	if !strings.Contains(string(third.JS), `"other"`) {
		t.Fatalf("entry change not seen: %s", third.JS)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{`), 0o644); err != nil {
		t.Fatal(err)
	}
	fourth, err := c.Rebuild()
	if err != nil || fourth.JS != nil || len(fourth.Diagnostics) != 1 || len(fourth.WatchFiles) == 0 {
		t.Fatalf("broken package.json: %v %+v", err, fourth)
	}
}

func TestSizeDiagnosticListsAtMostFiveInputs(t *testing.T) {
	var in []Input
	for i := 0; i <= largestInputs; i++ {
		in = append(in, Input{Path: fmt.Sprintf("src/f%d.ts", i), Bytes: 100 - i})
	}
	if d := sizeDiagnostic(600, 500, in[:largestInputs]); len(d.Notes) != largestInputs {
		t.Fatalf("%d inputs gave %d notes", largestInputs, len(d.Notes))
	}
	d := sizeDiagnostic(600, 500, in)
	if len(d.Notes) != largestInputs || d.Notes[largestInputs-1].File != in[largestInputs-1].Path {
		t.Fatalf("%d inputs gave notes %v", len(in), d.Notes)
	}
}

func TestFileStem(t *testing.T) {
	for name, want := range map[string]string{
		"@me/Lamp Kit":                 "lamp-kit",
		"..":                           "",
		strings.Repeat("a", maxStem):   strings.Repeat("a", maxStem),
		strings.Repeat("b", maxStem+1): strings.Repeat("b", maxStem),
	} {
		if got := fileStem(name); got != want {
			t.Errorf("fileStem(%q) = %q, want %q", name, got, want)
		}
	}
}

// A refused regex after emoji and CJK text on the same line is reported at the regex: source-map
// columns count UTF-16 units (🏮 is two, 灯 one), and diagnostics count the same units.
func TestUnfaithfulRegexpAfterMultibyteText(t *testing.T) {
	line1 := "export const s = '🏮🏮 灯'; export const r = /\\p{L}/u;"
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": line1 + "\n/\\p{L}/u.test(s);\n",
	})
	res := build(t, dir)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Location())
	}
	want := fmt.Sprintf("src/definition.ts:1:%d src/definition.ts:2:1", diag.UTF16Len(line1[:strings.Index(line1, "/\\p")])+1)
	if strings.Join(got, " ") != want {
		t.Fatalf("got %v, want %s\n%v", got, want, res.Diagnostics)
	}
}

// One import policy mechanism, two tables: a bundle gets only the SDK; a test file also gets
// the runtime entry and the node:test shims, and the look-alikes are refused with their fix.
func TestImportPolicies(t *testing.T) {
	for _, c := range []struct {
		policy   ImportPolicy
		path     string
		supplied bool
		refusal  string
	}{
		{ProjectImports, "@scape/sdk", true, ""},
		{ProjectImports, "@scape/sdk/runtime", false, "the runtime entry is for tests and hosts"},
		{ProjectImports, "node:test", false, "Node.js built-ins do not exist"},
		{TestImports, "@scape/sdk/runtime", true, ""},
		{TestImports, "node:assert/strict", true, ""},
		{TestImports, "assert", false, "use node:assert/strict"},
		{TestImports, "@scape/sdk/x", false, "the SDK's entries are"},
	} {
		if got := c.policy.Supplies(c.path); got != c.supplied {
			t.Errorf("%s %s: supplied %v", c.policy.name, c.path, got)
		}
		if !c.supplied && !strings.Contains(c.policy.refusal(c.path), c.refusal) {
			t.Errorf("%s %s: refusal %q", c.policy.name, c.path, c.policy.refusal(c.path))
		}
	}
}
