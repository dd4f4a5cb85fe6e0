package validate

import (
	"context"
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

// TestDiagnosticsNameTheCause is the golden test of issue 23's four diagnostics
// (testdata/diagnostics/cause.txtar): a throw is placed at the line that threw and names the
// callback; a wrong field kind names `kind` and the kinds; a string where a number belongs says
// so; the step callback's returned literal is located. Each file's first line holds the text the
// first diagnostic's message must contain, and « its line and column.
func TestDiagnosticsNameTheCause(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("..", "testdata", "diagnostics", "cause.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "p")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "blank", SDK: kit.SDK()}); err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join(dir, "src", "definition.ts")
	for _, f := range ar.Files {
		t.Run(strings.TrimSuffix(f.Name, ".ts"), func(t *testing.T) {
			text := string(f.Data)
			want, ok := strings.CutPrefix(text[:strings.IndexByte(text, '\n')], "// want: ")
			if !ok {
				t.Fatal("the first line is not `// want: …`")
			}
			at := strings.Index(text, marker)
			if at < 0 || strings.Count(text, marker) != 1 {
				t.Fatalf("want exactly one %s marker", marker)
			}
			wantLine := strings.Count(text[:at], "\n") + 1
			wantCol := diag.UTF16Len(text[strings.LastIndexByte(text[:at], '\n')+1:at]) + 1
			if err := os.WriteFile(entry, []byte(strings.Replace(text, marker, "", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := bundle.Build(bundle.Options{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() {
				t.Fatalf("bundle: %v", res.Diagnostics)
			}
			rep, err := Check(context.Background(), res.JS, Options{SourceMap: res.SourceMap})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Diagnostics) == 0 {
				t.Fatal("no diagnostic: the case is not wrong")
			}
			d := rep.Diagnostics[0]
			shown := diag.Text(d, diag.TextOptions{Frame: true})
			if !strings.Contains(shown, want) {
				t.Errorf("the diagnostic does not say %q:\n%s", want, shown)
			}
			if d.File != "src/definition.ts" || d.Line != wantLine || d.Column != wantCol {
				t.Errorf("at %s, want src/definition.ts:%d:%d\n%s", d.Location(), wantLine, wantCol, shown)
			}
		})
	}
}
