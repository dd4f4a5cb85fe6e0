package validate

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
)

// TestCRLFGivesTheSameDiagnostics builds each definition of testdata/positions (rule problems
// the locator places at a member, an element or a returned literal; errors thrown at top level
// and in callbacks, placed through the source map) and a few esbuild errors, once with LF and
// once with CRLF line ends (a Windows editor, git's autocrlf), and wants the same diagnostics:
// file, line, column, length, line text, message and notes, and the same terminal text with its
// code frame (a stray '\r' there sends the cursor back to the start of the line).
func TestCRLFGivesTheSameDiagnostics(t *testing.T) {
	archives, _ := filepath.Glob(filepath.Join("..", "testdata", "positions", "*.txtar"))
	if len(archives) == 0 {
		t.Fatal("no testdata/positions archives")
	}
	dir := filepath.Join(t.TempDir(), "p")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "blank", SDK: kit.SDK()}); err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join(dir, "src", "definition.ts")
	diagnose := func(t *testing.T, src string) (string, diag.List) {
		t.Helper()
		if err := os.WriteFile(entry, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := bundle.Build(bundle.Options{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		list := res.Diagnostics
		if res.OK() {
			rep, err := Check(context.Background(), res.JS, Options{SourceMap: res.SourceMap})
			if err != nil {
				t.Fatal(err)
			}
			list = append(list, rep.Diagnostics...)
		}
		data, err := json.MarshalIndent(list, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		if err := diag.WriteText(&text, list, diag.TextOptions{Frame: true}); err != nil {
			t.Fatal(err)
		}
		return string(data) + "\n" + text.String(), list
	}
	same := func(t *testing.T, lf string) {
		t.Helper()
		want, list := diagnose(t, lf)
		if len(list) == 0 {
			t.Fatal("no diagnostic: the case is not wrong")
		}
		if got, _ := diagnose(t, strings.ReplaceAll(lf, "\n", "\r\n")); got != want {
			t.Fatalf("CRLF differs from LF.\nLF:\n%s\nCRLF:\n%s", want, got)
		}
	}
	cases := 0
	for _, name := range archives {
		ar, err := txtar.ParseFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			cases++
			t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar")+"/"+f.Name, func(t *testing.T) {
				same(t, strings.Replace(string(f.Data), marker, "", 1))
			})
		}
	}
	for name, src := range map[string]string{
		"syntax":     "// a lamp\n\nexport const x = ;\n",
		"unresolved": "import x from './nope';\n\nexport default x;\n",
		"type":       "const n: number = 1;\n\nexport default n as;\n",
	} {
		cases++
		t.Run("esbuild/"+name, func(t *testing.T) { same(t, src) })
	}
	if cases < 30 {
		t.Fatalf("only %d cases", cases)
	}
}
