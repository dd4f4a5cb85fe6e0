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

// marker marks, in testdata/positions/*.txtar, where the first diagnostic must point: its line,
// and its column in UTF-16 code units (the marker is removed before the build).
const marker = "«"

// TestPositionsAtTheMistake builds every definition file in testdata/positions (one archive per
// rule family; in each, a wrong value written in the defineObject literal and one written in a
// literal a callback returns) and asserts that the first diagnostic is at the marker: the
// member, the element or the returned literal that holds the mistake, not the defineObject call,
// with the call site kept as a note.
func TestPositionsAtTheMistake(t *testing.T) {
	archives, _ := filepath.Glob(filepath.Join("..", "testdata", "positions", "*.txtar"))
	if len(archives) == 0 {
		t.Fatal("no testdata/positions archives")
	}
	dir := filepath.Join(t.TempDir(), "p")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "blank", SDK: kit.SDK()}); err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join(dir, "src", "definition.ts")
	cases := 0
	for _, name := range archives {
		ar, err := txtar.ParseFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			cases++
			t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar")+"/"+f.Name, func(t *testing.T) {
				text := string(f.Data)
				at := strings.Index(text, marker)
				if at < 0 || strings.Count(text, marker) != 1 {
					t.Fatalf("want exactly one %s marker", marker)
				}
				wantLine := strings.Count(text[:at], "\n") + 1
				wantCol := diag.UTF16Len(text[strings.LastIndexByte(text[:at], '\n')+1:at]) + 1
				src := strings.Replace(text, marker, "", 1)
				if err := os.WriteFile(entry, []byte(src), 0o644); err != nil {
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
				if d.File != "src/definition.ts" || d.Line != wantLine || d.Column != wantCol {
					t.Fatalf("%s at %s, want src/definition.ts:%d:%d\n%s", d.Path, d.Location(), wantLine, wantCol, diag.Text(d, diag.TextOptions{Frame: true}))
				}
				if d.Definition != nil && len(rep.Definitions) > 0 {
					def := rep.Definitions[0]
					if def.Line != d.Line || def.Column != d.Column {
						if n := d.Notes; len(n) == 0 || n[len(n)-1].Line != def.Line || n[len(n)-1].Message != def.Type+" is defined here" {
							t.Fatalf("the call site is not kept as a note: %+v", d.Notes)
						}
					}
				}
			})
		}
	}
	if cases < 30 {
		t.Fatalf("only %d cases", cases)
	}
}
