package typecheck

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/trust"
)

func TestParse(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	// 🏮 is two UTF-16 units: tsc's column 22 (UTF-16) is diag's column 22, the unit every
	// diagnostic's column is in (diag/position.go); the frame's caret converts it itself.
	src := "const a = 1;\nconst s = '🏮'; let n: number = s;\n"
	if err := os.WriteFile(filepath.Join(dir, "src", "a.ts"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := "src/a.ts(2,22): error TS2322: Type 'string' is not assignable to type 'number'.\n" +
		"src/gone.ts(3,1): error TS2304: Cannot find name 'x'.\n" +
		"  An elaboration line.\n" +
		"error TS5023: Unknown compiler option 'nope'.\n" +
		"some unrelated line\n"
	list := Parse(dir, []byte(out))
	if len(list) != 3 {
		t.Fatalf("%d diagnostics: %+v", len(list), list)
	}
	d := list[0]
	if d.Code != Code || d.File != "src/a.ts" || d.Line != 2 || d.Column != 22 || d.LineText != "const s = '🏮'; let n: number = s;" ||
		d.Message != "TS2322: Type 'string' is not assignable to type 'number'." {
		t.Errorf("first = %+v", d)
	}
	if list[1].File != "src/gone.ts" || list[1].Line != 3 || list[1].Column != 1 || list[1].Message != "TS2304: Cannot find name 'x'.\n  An elaboration line." {
		t.Errorf("second = %+v", list[1])
	}
	if list[2].File != "tsconfig.json" || list[2].Message != "TS5023: Unknown compiler option 'nope'." {
		t.Errorf("global = %+v", list[2])
	}
}

// trusting is Options with a record of its own (never the user's) that trusts dirs.
func trusting(t *testing.T, dirs ...string) Options {
	t.Helper()
	store := trust.At(filepath.Join(t.TempDir(), trust.FileName))
	for _, dir := range dirs {
		if _, err := store.Add(dir, trust.ByUser, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return Options{Trust: store}
}

// project scaffolds the lamp example with TypeScript "installed" (the repository's own, linked).
func project(t *testing.T, withTS bool) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "lamp", SDK: kit.SDK(), TestTypes: testrun.Types(), Globals: jsrt.GlobalTypes()}); err != nil {
		t.Fatal(err)
	}
	if withTS {
		ts := nodetest.Module(t, "typescript")
		if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(ts, filepath.Join(dir, "node_modules", "typescript")); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRunWithTSC: a fresh project type-checks clean (console included: globals.d.ts), and a
// type error esbuild would accept is reported at its line and column.
func TestRunWithTSC(t *testing.T) {
	nodetest.Node(t)
	dir := project(t, true)
	opts := trusting(t, dir)
	def := filepath.Join(dir, "src", "definition.ts")
	data, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(def, append(data, []byte("console.log('loaded');\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	st := Run(context.Background(), dir, opts)
	if !st.Checked || len(st.Diagnostics) != 0 {
		t.Fatalf("fresh project: %+v", st)
	}
	t.Logf("tsc on the lamp project: %v", st.Duration)
	lines := strings.Count(string(data), "\n") + 1
	if err := os.WriteFile(def, append(data, []byte("console.log('loaded');\nconst n: number = 'oops';\nvoid n;\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	st = Run(context.Background(), dir, opts)
	if !st.Checked || len(st.Diagnostics) != 1 {
		t.Fatalf("type error: %+v", st)
	}
	d := st.Diagnostics[0]
	if d.File != "src/definition.ts" || d.Line != lines+1 || d.Column != 7 || !strings.Contains(d.Message, "TS2322") || d.LineText != "const n: number = 'oops';" {
		t.Errorf("diagnostic = %+v (want line %d)", d, lines+1)
	}
}

// TestRunSaysWhyNot: no TypeScript in the project, no node, no tsconfig: not checked, and why.
func TestRunSaysWhyNot(t *testing.T) {
	dir := project(t, false)
	opts := trusting(t, dir)
	if st := Run(context.Background(), dir, opts); st.Checked || !strings.Contains(st.Reason, "TypeScript is not installed in this project (npm install --save-dev typescript)") {
		t.Errorf("no TypeScript: %+v", st)
	}
	// TypeScript present (a stand-in: only its path is looked at before node is found).
	tsc := filepath.Join(dir, "node_modules", "typescript", "bin", "tsc")
	if err := os.MkdirAll(filepath.Dir(tsc), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tsc, []byte("throw new Error('not run')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noNode := opts
	noNode.LookPath = func(string) (string, error) { return "", errors.New("not found") }
	if st := Run(context.Background(), dir, noNode); st.Checked || !strings.Contains(st.Reason, "node") {
		t.Errorf("no node: %+v", st)
	}
	// A broken install fails without diagnostics: reported, nothing refused.
	if _, err := os.Stat("/usr/bin/node"); err == nil || nodetest.Required() {
		nodetest.Node(t)
		if st := Run(context.Background(), dir, opts); st.Checked || !strings.HasPrefix(st.Reason, "tsc failed: ") {
			t.Errorf("broken tsc: %+v", st)
		}
	}
	if err := os.Remove(filepath.Join(dir, "tsconfig.json")); err != nil {
		t.Fatal(err)
	}
	if st := Run(context.Background(), dir, opts); st.Checked || st.Reason != "the project has no tsconfig.json" {
		t.Errorf("no tsconfig: %+v", st)
	}
}
