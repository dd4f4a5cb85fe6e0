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
)

// These run on Linux, where each import below fails to resolve at all; the toolchain must still
// say what is wrong in case, in the words a Mac (where each would resolve) also gets.

const caseTail = "; " + caseConsequence

func TestImportInAnotherCaseIsAnErrorNamingBothSpellings(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  string // the one diagnostic, whole
	}{{
		name: "file",
		files: map[string]string{
			"src/definition.ts": "// a lamp\n\nimport { lamp } from './Lamp';\nexport default lamp;\n",
			"src/lamp.ts":       "export const lamp = 1;\n",
		},
		want: `src/definition.ts:3:22: import "./Lamp" does not match the file's name on disk "./lamp.ts" in case (write "./lamp")` + caseTail,
	}, {
		name: "directory",
		files: map[string]string{
			"src/definition.ts": "import x from './Parts/x';\nexport default x;\n",
			"src/parts/x.ts":    "export default 1;\n",
		},
		want: `src/definition.ts:1:15: import "./Parts/x" does not match the file's name on disk "./parts/x.ts" in case (write "./parts/x")` + caseTail,
	}, {
		name: "directory and file",
		files: map[string]string{
			"src/definition.ts":  "import x from '../Src/Parts/X.js';\nexport default x;\n",
			"src/parts/x.ts":     "export default 1;\n",
			"src/parts/other.ts": "export default 2;\n",
		},
		want: `src/definition.ts:1:15: import "../Src/Parts/X.js" does not match the file's name on disk "./parts/x.ts" in case (write "../src/parts/x.js")` + caseTail,
	}, {
		name: "directory imported for its index",
		files: map[string]string{
			"src/definition.ts":    "import x from './Parts';\nexport default x;\n",
			"src/parts/index.ts":   "export default 1;\n",
			"src/unrelated/a.json": "{}",
		},
		want: `src/definition.ts:1:15: import "./Parts" does not match the file's name on disk "./parts/index.ts" in case (write "./parts")` + caseTail,
	}, {
		name: "index file",
		files: map[string]string{
			"src/definition.ts":  "import x from './parts';\nexport default x;\n",
			"src/parts/Index.ts": "export default 1;\n",
		},
		want: `src/definition.ts:1:15: import "./parts" does not match the file's name on disk "./parts/Index.ts" in case` + caseTail,
	}, {
		name: "json",
		files: map[string]string{
			"src/definition.ts": "import data from './Data.json';\nexport default data;\n",
			"src/data.json":     `{"n": 1}`,
		},
		want: `src/definition.ts:1:18: import "./Data.json" does not match the file's name on disk "./data.json" in case (write "./data.json")` + caseTail,
	}, {
		name: "model",
		files: map[string]string{
			"src/definition.ts": "import model from './lamp.GLB';\nexport default model;\n",
			"src/lamp.glb":      "glTF",
		},
		want: `src/definition.ts:1:19: import "./lamp.GLB" does not match the file's name on disk "./lamp.glb" in case (write "./lamp.glb")` + caseTail,
	}, {
		name: "sound in a directory",
		files: map[string]string{
			"src/definition.ts": "import ding from '../Sounds/ding.wav';\nexport default ding;\n",
			"sounds/ding.wav":   "RIFF....WAVE",
		},
		want: `src/definition.ts:1:18: import "../Sounds/ding.wav" does not match the file's name on disk "../sounds/ding.wav" in case (write "../sounds/ding.wav")` + caseTail,
	}, {
		name: "from a nested file",
		files: map[string]string{
			"src/definition.ts": "import { a } from './parts/a';\nexport default a;\n",
			"src/parts/a.ts":    "import b from '../B';\nexport const a = b;\n",
			"src/b.ts":          "export default 2;\n",
		},
		want: `src/parts/a.ts:1:15: import "../B" does not match the file's name on disk "../b.ts" in case (write "../b")` + caseTail,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.files["package.json"] = `{}`
			res := build(t, testtree.Write(t, c.files))
			if res.JS != nil || len(res.Diagnostics) != 1 {
				t.Fatalf("want one error and no bundle, got %d diagnostics:\n%v", len(res.Diagnostics), res.Diagnostics)
			}
			d := res.Diagnostics[0]
			if got := d.String(); got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
			if d.Code != diag.CodeImport || d.Severity != diag.Error || d.LineText == "" {
				t.Fatalf("code %s, severity %s, line text %q", d.Code, d.Severity, d.LineText)
			}
		})
	}
}

func TestAbsoluteImportInAnotherCase(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{}`, "src/parts/lamp.ts": "export default 1;\n"})
	abs := filepath.ToSlash(filepath.Join(dir, "src"))
	src := "import x from '" + abs + "/Parts/lamp';\nexport default x;\n"
	if err := os.WriteFile(filepath.Join(dir, "src", "definition.ts"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := build(t, dir)
	want := `src/definition.ts:1:15: import "` + abs + `/Parts/lamp" does not match the file's name on disk "` + abs + `/parts/lamp.ts" in case (write "` + abs + `/parts/lamp")` + caseTail
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].String() != want {
		t.Fatalf("got %v\nwant %s", res.Diagnostics, want)
	}
}

// Imports spelled exactly stay untouched, also where a name differing in case exists beside the
// file (possible on Linux; esbuild's own lookup ignores case and may warn of either, and it
// cannot tell `./both/lamp` from `./both/Lamp` there, so only one is imported) and where
// the import finds a file by adding an extension beside a directory of its name in another case.
func TestExactSpellingsAreNotCaseErrors(t *testing.T) {
	files := map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import a from './Lamp';\nimport b from './parts/x';\nimport c from './both/Lamp';\nexport default [a, b, c];\n",
		"src/Lamp.ts":       "export default 1;\n",
		"src/lamp/index.ts": "export default 2;\n",
		"src/parts/x.ts":    "export default 3;\n",
		"src/both/Lamp.ts":  "export default 4;\n",
		"src/both/lamp.ts":  "export default 5;\n",
	}
	res := build(t, testtree.Write(t, files))
	if !res.OK() || len(res.Diagnostics) != 0 {
		t.Fatalf("%v", res.Diagnostics)
	}
	js := string(res.JS)
	for _, want := range []string{"= 1;", "= 3;", "= 4;"} {
		if !strings.Contains(js, want) {
			t.Errorf("bundle lacks %q:\n%s", want, js)
		}
	}
}

// The dev loop's context reads the directories again on each rebuild: renaming the file to the
// imported spelling clears the error, and renaming it back brings it back.
func TestRebuildSeesARenameThatFixesTheCase(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"package.json":      `{}`,
		"src/definition.ts": "import x from './Parts/x';\nexport default x;\n",
		"src/parts/x.ts":    "export default 1;\n",
	})
	c, err := NewContext(Options{Dir: dir, SDKVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Dispose()
	for i, step := range []struct {
		from, to string
		ok       bool
	}{{"", "", false}, {"src/parts", "src/Parts", true}, {"src/Parts", "src/parts", false}} {
		if step.from != "" {
			if err := os.Rename(filepath.Join(dir, step.from), filepath.Join(dir, step.to)); err != nil {
				t.Fatal(err)
			}
		}
		res, err := c.Rebuild()
		if err != nil {
			t.Fatal(err)
		}
		if res.OK() != step.ok {
			t.Fatalf("step %d: ok=%v, want %v: %v", i, res.OK(), step.ok, res.Diagnostics)
		}
	}
}

func TestEntryInAnotherCase(t *testing.T) {
	res := build(t, testtree.Write(t, map[string]string{
		"package.json":   `{"scape": {"entry": "Src/Project.ts"}}`,
		"src/project.ts": "export default 1;\n",
	}))
	want := `Src/Project.ts: the entry named by package.json scape.entry does not match the file's name on disk "src/project.ts" in case` + caseTail
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].String() != want {
		t.Fatalf("got %v\nwant %s", res.Diagnostics, want)
	}
}

func TestRespellLast(t *testing.T) {
	for _, c := range []struct{ spec, file, want string }{
		{"./Lamp", "/p/src/lamp.ts", "./lamp"},
		{"./Lamp.js", "/p/src/lamp.ts", "./lamp.js"},
		{"./parts", "/p/src/parts/Index.ts", "./parts"},
		{"./ÉCLAIR", "/p/src/éclair.ts", "./éclair"},
		{"Lamp", "lamp.ts", "lamp"},
	} {
		if got := respellLast(c.spec, filepath.FromSlash(c.file)); got != c.want {
			t.Errorf("respellLast(%q, %q) = %q, want %q", c.spec, c.file, got, c.want)
		}
	}
}

// What the check costs a build: the directory listings, once per build, and a walk per import.
func BenchmarkImportCaseCheck(b *testing.B) {
	files := map[string]string{"package.json": `{}`}
	var imports []string
	for i := range 20 {
		name := "part" + strings.Repeat("x", i)
		files["src/parts/"+name+".ts"] = "export default 1;\n"
		imports = append(imports, "import './parts/"+name+"';")
	}
	files["src/definition.ts"] = strings.Join(imports, "\n") + "\nexport default 1;\n"
	dir := testtree.Write(b, files)
	for _, check := range []bool{false, true} {
		name := "without"
		if check {
			name = "with"
		}
		b.Run(name, func(b *testing.B) {
			p, _, err := ReadProject(dir)
			if err != nil {
				b.Fatal(err)
			}
			cases := NewImportCase(p.Dir)
			opts := esbuildOptions(p, cases, NewInputGuard(p.Dir))
			if !check {
				opts.Plugins = opts.Plugins[:2] // the import policy and the input guard
			}
			ctx, cerr := api.Context(opts)
			if cerr != nil {
				b.Fatal(cerr.Errors)
			}
			defer ctx.Dispose()
			for b.Loop() {
				cases.Reset()
				if out := ctx.Rebuild(); len(out.Errors) > 0 {
					b.Fatal(out.Errors)
				}
			}
		})
	}
}

// The check alone, without esbuild: a build's 20 imports walked, with the listings of their two
// directories read afresh (a first build, or directories just changed) or, for directories
// unchanged since the last build, only stat'ed.
func BenchmarkImportCaseWalk(b *testing.B) {
	files := map[string]string{"package.json": `{}`}
	for i := range 20 {
		files["src/parts/part"+strings.Repeat("x", i)+".ts"] = "export default 1;\n"
	}
	dir := testtree.Write(b, files)
	src := filepath.Join(dir, "src")
	old := time.Now().Add(-time.Hour)
	for _, d := range []string{src, filepath.Join(src, "parts")} {
		if err := os.Chtimes(d, old, old); err != nil {
			b.Fatal(err)
		}
	}
	walk := func(b *testing.B, cases *ImportCase) {
		for i := range 20 {
			args := api.OnResolveArgs{Path: "./parts/part" + strings.Repeat("x", i), ResolveDir: src, Importer: filepath.Join(src, "definition.ts"), Kind: api.ResolveJSImportStatement}
			if r, _ := cases.check(api.PluginBuild{}, args); len(r.Errors) > 0 {
				b.Fatal(r.Errors)
			}
		}
	}
	b.Run("listed", func(b *testing.B) {
		for b.Loop() {
			walk(b, NewImportCase(dir))
		}
	})
	b.Run("unchanged", func(b *testing.B) {
		cases := NewImportCase(dir)
		for b.Loop() {
			cases.Reset()
			walk(b, cases)
		}
	})
}

// Listings are reused across builds only while the directory's modification time is what it
// was, and never when that time was so recent at reading that a later change could share it
// (a coarse clock: HFS+ counts whole seconds).
func TestListingsFollowTheDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.ts"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewImportCase(dir)
	setTime := func(mt time.Time) {
		t.Helper()
		if err := os.Chtimes(dir, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
	has := func(name string) bool { _, ok := c.list(dir).exact[name]; return ok }
	rename := func(from, to string) {
		t.Helper()
		if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
		c.Reset()
	}

	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	setTime(old)
	first := c.list(dir)
	c.Reset()
	if again := c.list(dir); again != first || !has("a.ts") {
		t.Fatal("an unchanged, long-unmodified directory was read again (or lost its entry)")
	}
	rename("a.ts", "A.ts") // the rename moves the directory's modification time
	if !has("A.ts") || has("a.ts") {
		t.Fatal("a rename was not seen")
	}

	// Read while just modified, then changed again within the same (coarse) tick.
	recent := time.Now().Truncate(time.Second)
	setTime(recent)
	c.Reset()
	c.list(dir)
	rename("A.ts", "b.ts")
	setTime(recent)
	if !has("b.ts") {
		t.Fatal("a change within the same modification-time tick as the listing was missed")
	}
}
