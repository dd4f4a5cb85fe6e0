package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
)

const validEntry = "import data from './data.json';\nexport default data;\n"

// refusedQuickly builds dir and returns its one error, which must come within a few seconds
// (the attacks crashed the build, hung it, or read until memory ran out).
func refusedQuickly(t *testing.T, dir string, code diag.Code) diag.Diagnostic {
	t.Helper()
	start := time.Now()
	res := build(t, dir)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the refusal took %v", took)
	}
	if res.OK() {
		t.Fatalf("built: %s", res.JS)
	}
	return onlyDiag(t, res, code)
}

// wantNote: d has a note at file:line saying text.
func wantNote(t *testing.T, d diag.Diagnostic, file string, line int, text string) {
	t.Helper()
	for _, n := range d.Notes {
		if n.File == file && n.Line == line && n.Message == text {
			return
		}
	}
	t.Errorf("no note %q at %s:%d: %+v", text, file, line, d.Notes)
}

func wantText(t *testing.T, d diag.Diagnostic, parts ...string) {
	t.Helper()
	s := d.String()
	for _, p := range parts {
		if !strings.Contains(s, p) {
			t.Errorf("diagnostic lacks %q:\n%s", p, s)
		}
	}
}

// TestDeepNestingIsRefusedAtItsPlace: the attack's file, 400 KB nested 200,000 deep, a fatal
// stack overflow in esbuild before, is one syntax error at the line and column where the
// nesting passes the bound, as a source and as JSON data; the import that led there is a note.
func TestDeepNestingIsRefusedAtItsPlace(t *testing.T) {
	const depth = 200_000
	for name, files := range map[string]map[string]string{
		"script": {"src/definition.ts": "import { x } from './deep';\nexport default x;\n",
			"src/deep.ts": "// deep\nexport const x = " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + ";\n"},
		"json": {"src/definition.ts": "import x from './deep.json';\nexport default x;\n",
			"src/deep.json": "\n" + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n"},
	} {
		t.Run(name, func(t *testing.T) {
			files["package.json"] = `{}`
			dir := testtree.Write(t, files)
			d := refusedQuickly(t, dir, diag.CodeSyntax)
			file := "src/deep.ts"
			// The `=` is a level too (nesting.go): the 500th bracket passes the bound.
			column := len("export const x = ") + MaxNesting
			if name == "json" {
				file, column = "src/deep.json", MaxNesting+1
			}
			if d.File != file || d.Line != 2 || d.Column != column {
				t.Errorf("at %s:%d:%d, want %s:2:%d", d.File, d.Line, d.Column, file, column)
			}
			wantText(t, d, "nested more than 500 levels deep")
			wantNote(t, d, "src/definition.ts", 1, "imported here")
			if len(d.LineText) > maxLineText {
				t.Errorf("the diagnostic carries a %d-byte line", len(d.LineText))
			}
		})
	}
}

// TestDeepManifestsAreRefusedBeforeEsbuildReadsThem: esbuild's resolver parses package.json
// and tsconfig.json files by itself; nested deep, they are refused first.
func TestDeepManifestsAreRefusedBeforeEsbuildReadsThem(t *testing.T) {
	deep := strings.Repeat("[", 200_000) + strings.Repeat("]", 200_000)
	for _, tc := range []struct {
		file, body string
		code       diag.Code
	}{
		{"package.json", `{"name": "x", "deep": ` + deep + `}`, diag.CodeProject},
		{"tsconfig.json", `{"compilerOptions": {}, "deep": ` + deep + `}`, diag.CodeSyntax},
		{"src/package.json", `{"deep": ` + deep + `}`, diag.CodeSyntax},
		{"src/tsconfig.json", `{"extends": "./base.json"}`, diag.CodeSyntax},
		{"node_modules/pad/package.json", `{"main": "index.js", "deep": ` + deep + `}`, diag.CodeSyntax},
	} {
		t.Run(tc.file, func(t *testing.T) {
			files := map[string]string{
				"src/definition.ts":             "import pad from 'pad';\nexport default pad;\n",
				"src/base.json":                 `{"deep": ` + deep + `}`,
				"node_modules/pad/index.js":     "module.exports = 1;\n",
				"node_modules/pad/package.json": `{"main": "index.js"}`,
			}
			if tc.file != "package.json" {
				files["package.json"] = `{}`
			}
			files[tc.file] = tc.body
			d := refusedQuickly(t, testtree.Write(t, files), tc.code)
			wantText(t, d, "nested more than 500 levels deep")
		})
	}
}

// TestImportsLeavingTheProjectAreRefused: an absolute import, or a relative one climbing out,
// is refused at the import with its spelling, before esbuild looks there.
func TestImportsLeavingTheProjectAreRefused(t *testing.T) {
	for name, spec := range map[string]string{
		"absolute":       "", // the secret's absolute path
		"etc":            "/etc/passwd.json",
		"climbing":       "../../outside/secret.json",
		"via a node dir": "../node_modules/../../outside/secret.json",
	} {
		t.Run(name, func(t *testing.T) {
			dir := testtree.Write(t, map[string]string{"package.json": `{}`})
			outside := filepath.Join(filepath.Dir(dir), "outside")
			if err := os.MkdirAll(outside, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(outside, "secret.json"), []byte(`{"token": "hunter2"}`), 0o644); err != nil {
				t.Fatal(err)
			}
			if spec == "" {
				spec = filepath.ToSlash(filepath.Join(outside, "secret.json"))
			}
			src := "// the secret\nimport data from '" + spec + "';\nexport default data;\n"
			if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "src", "definition.ts"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			d := refusedQuickly(t, dir, diag.CodeImport)
			if d.File != "src/definition.ts" || d.Line != 2 || d.Column != len("import data from ")+1 {
				t.Errorf("at %s:%d:%d, want the import", d.File, d.Line, d.Column)
			}
			wantText(t, d, `import "`+spec+`" leads outside the project`)
		})
	}
}

// TestConfigExtendingOutsideIsRefused: esbuild reads the configs a tsconfig.json extends; one
// outside the project (relative, absolute, or a package linked from elsewhere) is refused.
func TestConfigExtendingOutsideIsRefused(t *testing.T) {
	for name, ext := range map[string]string{"relative": "../outside/base.json", "absolute": "", "comments": ""} {
		t.Run(name, func(t *testing.T) {
			dir := testtree.Write(t, map[string]string{"package.json": `{}`, "src/definition.ts": "export default 1;\n"})
			outside := filepath.Join(filepath.Dir(dir), "outside")
			if err := os.MkdirAll(outside, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(outside, "base.json"), []byte(`{}`), 0o644); err != nil {
				t.Fatal(err)
			}
			if ext == "" {
				ext = filepath.ToSlash(filepath.Join(outside, "base.json"))
			}
			config := `{"extends": "` + ext + `"}`
			if name == "comments" {
				config = "{\n  // the shared base\n  \"compilerOptions\": {},\n  /* see */ \"extends\": [\"" + ext + "\",],\n}\n"
			}
			if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			wantText(t, refusedQuickly(t, dir, diag.CodeImport), `extends "`+ext+`", outside the project`)
		})
	}
}

// TestConfigCycleEnds: configs extending each other in a circle are each checked once; the
// build goes on (esbuild warns about the cycle).
func TestConfigCycleEnds(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"tsconfig.json":     `{"extends": "./src/tsconfig.json"}`,
		"src/tsconfig.json": `{"extends": ["../tsconfig.json", "./tsconfig.json", "."]}`,
		"src/definition.ts": "export default 1;\n",
	})
	if res := build(t, dir); res.JS == nil || res.Diagnostics.HasErrors() {
		t.Fatalf("%v", res.Diagnostics)
	}
}

// TestOversizeFileIsRefused: a file over MaxInputBytes is refused by its size on the open
// file, its bytes never read, with the bound and why it is the toolchain's own.
func TestOversizeFileIsRefused(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{}`, "src/definition.ts": validEntry})
	f, err := os.Create(filepath.Join(dir, "src", "data.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxInputBytes + 1); err != nil { // sparse: costs no disk
		t.Fatal(err)
	}
	f.Close()
	d := refusedQuickly(t, dir, diag.CodeSize)
	if d.File != "src/data.json" {
		t.Errorf("file %q", d.File)
	}
	wantText(t, d, "src/data.json: 4,194,305 bytes, over the 4,194,304 bytes (4 MiB) the toolchain reads of one file (its own bound")
	wantNote(t, d, "src/definition.ts", 1, "imported here")
}

// TestLinkOutOfTheProjectIsRefused: a data file that is a link to a file elsewhere is not read
// (esbuild resolves links, so the guard sees where it leads).
func TestLinkOutOfTheProjectIsRefused(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.json")
	if err := os.WriteFile(outside, []byte(`{"token": "hunter2"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := testtree.Write(t, map[string]string{"package.json": `{}`, "src/definition.ts": validEntry})
	if err := os.Symlink(outside, filepath.Join(dir, "src", "data.json")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	d := refusedQuickly(t, dir, diag.CodeImport)
	if d.File != "src/definition.ts" || d.Line != 1 {
		t.Errorf("at %s:%d, want the import", d.File, d.Line)
	}
	wantText(t, d, "src/data.json is a symbolic link to "+outside+", outside the project: the build reads only the project's own files")
}

// TestLinkInsideTheProjectIsRead: a link that stays inside the project is followed (npm and
// pnpm link packages in node_modules so): the file read is the project's own.
func TestLinkInsideTheProjectIsRead(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":       `{}`,
		"src/definition.ts":  validEntry,
		"shared/values.json": `{"n": 7}`,
	})
	if err := os.Symlink(filepath.Join("..", "shared", "values.json"), filepath.Join(dir, "src", "data.json")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if res := build(t, dir); !res.OK() || !strings.Contains(string(res.JS), "7") {
		t.Fatalf("%v\n%s", res.Diagnostics, res.JS)
	}
}

// TestTemplatesBundleTheSameWithTheGuard: every template's bundle and source map are byte for
// byte what esbuild makes without the guard (the guard reads the files; esbuild parses the
// same bytes), and a project with JSON data, assets and a package still builds
// (TestAssetsAndPackagesAreBundled).
func TestTemplatesBundleTheSameWithTheGuard(t *testing.T) {
	root := t.TempDir()
	for _, name := range templates.Names() {
		dir := filepath.Join(root, name)
		if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: name, SDK: kit.SDK()}); err != nil {
			t.Fatal(err)
		}
		p, diags, err := ReadProject(dir)
		if err != nil || len(diags) > 0 {
			t.Fatal(err, diags)
		}
		var outs [2]api.BuildResult
		for i, guarded := range []bool{true, false} {
			cases := NewImportCase(p.Dir)
			opts := esbuildOptions(p, cases, NewInputGuard(p.Dir))
			if !guarded {
				opts.Plugins = []api.Plugin{opts.Plugins[0], opts.Plugins[2]}
			}
			outs[i] = api.Build(opts)
			if len(outs[i].Errors)+len(outs[i].Warnings) > 0 {
				t.Fatalf("%s: %v %v", name, outs[i].Errors, outs[i].Warnings)
			}
		}
		js, sm := Outputs(outs[0].OutputFiles)
		js2, sm2 := Outputs(outs[1].OutputFiles)
		if string(js) != string(js2) || string(sm) != string(sm2) || js == nil {
			t.Errorf("%s: the guarded bundle differs", name)
		}
	}
}

// TestImportAttributesAndDataURLs: a file imported with attributes is still checked (esbuild
// reads it again to apply them), and a data: URL's content is scanned for nesting.
func TestImportAttributesAndDataURLs(t *testing.T) {
	deep := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import data from './data.json' with { type: 'json' };\nexport default data;\n",
		"src/data.json":     `{"n": 7}`,
	})
	if res := build(t, dir); !res.OK() || !strings.Contains(string(res.JS), "7") {
		t.Fatalf("%v", res.Diagnostics)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "data.json"), []byte(deep), 0o644); err != nil {
		t.Fatal(err)
	}
	wantText(t, refusedQuickly(t, dir, diag.CodeSyntax), "nested more than 500 levels deep")

	dir = testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import data from 'data:application/json," + deep + "';\nexport default data;\n",
	})
	wantText(t, refusedQuickly(t, dir, diag.CodeSyntax), "data: URL's content is nested more than 500 levels deep")
}

// TestUnchangedFilesAreReusedOnlyWhileUnchanged: a file unchanged since the last build is not
// read again, but any change (its content, or what it is) is seen by the next build.
func TestUnchangedFilesAreReusedOnlyWhileUnchanged(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{}`, "src/definition.ts": validEntry, "src/data.json": `{"n": 111}`})
	data := filepath.Join(dir, "src", "data.json")
	old := time.Now().Add(-time.Hour)
	age := func() {
		t.Helper()
		if err := os.Chtimes(data, old, old); err != nil {
			t.Fatal(err)
		}
	}
	age()
	c, err := NewContext(Options{Dir: dir, SDKVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Dispose()
	for i, body := range []string{`{"n": 111}`, `{"n": 222}`, `{"n": 333}`} {
		if i > 0 {
			if err := os.WriteFile(data, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			old = old.Add(time.Second) // a later save, long enough ago to be trusted
			age()
		}
		res, err := c.Rebuild()
		if err != nil || !res.OK() || !strings.Contains(string(res.JS), body[6:9]) {
			t.Fatalf("build %d: %v %v\n%s", i, err, res.Diagnostics, res.JS)
		}
	}
	if err := os.WriteFile(data, []byte(strings.Repeat("[", 1000)+strings.Repeat("]", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	age()
	res, err := c.Rebuild()
	if err != nil || res.OK() {
		t.Fatalf("the deep file was not seen: %v %v", err, res.Diagnostics)
	}
}

// TestPluginPanicIsAnError: esbuild calls plugins without a recover; a panic in one is an error
// at the import, not the end of the process (dev's, and its embedded host's).
func TestPluginPanicIsAnError(t *testing.T) {
	res := func() (res api.OnResolveResult) {
		defer recoverPlugin(&res.Errors)
		var m map[string]int
		m["x"] = 1
		return res
	}()
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Text, "internal error in the build") {
		t.Fatalf("%+v", res.Errors)
	}
}

// What the guard costs an incremental rebuild (the dev loop's) of a template: esbuild with the
// guard's resolve and load hooks against esbuild alone, the files unchanged for an hour (as
// between saves: both skip reading them) or just written (both read them again, and the guard
// scans them).
//
//	go test ./bundle -run XXX -bench InputGuard -count 5
func BenchmarkInputGuard(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "lamp", SDK: kit.SDK()}); err != nil {
		b.Fatal(err)
	}
	p, _, err := ReadProject(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"without/unchanged", "with/unchanged", "without/fresh", "with/fresh"} {
		b.Run(mode, func(b *testing.B) {
			cases, guard := NewImportCase(p.Dir), NewInputGuard(p.Dir)
			opts := esbuildOptions(p, cases, guard)
			if strings.HasPrefix(mode, "without") {
				opts.Plugins = []api.Plugin{opts.Plugins[0], opts.Plugins[2]}
			}
			ctx, cerr := api.Context(opts)
			if cerr != nil {
				b.Fatal(cerr.Errors)
			}
			defer ctx.Dispose()
			when := time.Now().Add(-time.Hour)
			for b.Loop() {
				if strings.HasSuffix(mode, "fresh") {
					when = time.Now()
				}
				b.StopTimer()
				for _, f := range []string{"package.json", "tsconfig.json", "src/project.ts", "src/definition.ts"} {
					if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(f)), when, when); err != nil {
						b.Fatal(err)
					}
				}
				b.StartTimer()
				cases.Reset()
				guard.Reset()
				if out := ctx.Rebuild(); len(out.Errors) > 0 {
					b.Fatal(out.Errors)
				}
			}
		})
	}
}

// TestReadInputBound: a file of exactly the bound is read whole, one byte more is refused, and
// an empty file is empty.
func TestReadInputBound(t *testing.T) {
	dir := t.TempDir()
	for size, ok := range map[int]bool{0: true, 1: true, 4095: true, 4096: true, 4097: false} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, []byte(strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
		data, err := readInput(p, 4096)
		if ok != (err == nil) || ok && len(data) != size {
			t.Errorf("%d bytes: %d read, %v", size, len(data), err)
		}
	}
}
