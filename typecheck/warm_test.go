package typecheck

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// appendTo adds text to the end of a project file.
func appendTo(t *testing.T, file, text string) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// TestWarmReportsWhatTSCReports: the warm checker's diagnostics are the cold tsc's, a second
// check reuses the same Node process, and an edit between checks is seen (no stale file).
func TestWarmReportsWhatTSCReports(t *testing.T) {
	nodetest.Node(t)
	dir := project(t, true)
	opts := trusting(t, dir)
	def := filepath.Join(dir, "src", "definition.ts")
	appendTo(t, def, "const n: number = 'oops';\nvoid n;\n")

	w := NewWarm(dir, opts)
	defer w.Close()
	first := w.Check(context.Background())
	cold := Run(context.Background(), dir, opts)
	if !first.Checked || !first.Warm || len(first.Diagnostics) != 1 || !reflect.DeepEqual(first.Diagnostics, cold.Diagnostics) {
		t.Fatalf("warm %+v\ncold %+v", first, cold)
	}
	pid := w.Pid()
	if pid == 0 || w.Starts() != 1 {
		t.Fatalf("pid %d, starts %d", pid, w.Starts())
	}

	appendTo(t, def, "const s: string = 1;\nvoid s;\n")
	second := w.Check(context.Background())
	cold = Run(context.Background(), dir, opts)
	if !second.Checked || len(second.Diagnostics) != 2 || !reflect.DeepEqual(second.Diagnostics, cold.Diagnostics) {
		t.Fatalf("after an edit: warm %+v\ncold %+v", second, cold)
	}
	if w.Pid() != pid || w.Starts() != 1 {
		t.Errorf("the second check started another checker: pid %d → %d, starts %d", pid, w.Pid(), w.Starts())
	}
	t.Logf("warm checks: first %v, after an edit %v", first.Duration, second.Duration)

	// A new file the tsconfig includes is checked too (the config is read at each check).
	if err := os.WriteFile(filepath.Join(dir, "src", "extra.ts"), []byte("export const b: boolean = 'no';\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	third := w.Check(context.Background())
	if !third.Checked || len(third.Diagnostics) != 3 || !strings.Contains(third.Diagnostics.Error(), "src/extra.ts") {
		t.Errorf("a new file: %+v", third)
	}
}

// TestWarmStopsWhenTrustIsRevoked: a check after `scape gizmo trust --revoke` runs nothing of the
// project and ends the checker that was running.
func TestWarmStopsWhenTrustIsRevoked(t *testing.T) {
	nodetest.Node(t)
	dir := project(t, true)
	opts := trusting(t, dir)
	w := NewWarm(dir, opts)
	defer w.Close()
	if st := w.Check(context.Background()); !st.Checked {
		t.Fatalf("trusted: %+v", st)
	}
	if _, err := opts.Trust.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if st := w.Check(context.Background()); st.Checked || !st.Untrusted {
		t.Fatalf("revoked: %+v", st)
	}
	if w.Pid() != 0 {
		t.Errorf("the checker still runs after trust was revoked (pid %d)", w.Pid())
	}
}

// TestWarmFallsBackToCold: a checker that cannot start (a TypeScript whose API is broken) costs
// time, not the verdict: the check runs as the cold tsc would.
func TestWarmFallsBackToCold(t *testing.T) {
	nodetest.Node(t)
	dir := project(t, true)
	opts := trusting(t, dir)
	// A copy of the project's TypeScript whose package main is broken, while bin/tsc works.
	ts := filepath.Join(dir, "node_modules", "typescript")
	real, err := filepath.EvalSymlinks(ts)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(ts); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"bin", "lib"} {
		if err := os.MkdirAll(filepath.Join(ts, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(ts, "package.json"), []byte(`{"name":"typescript","main":"./lib/broken.js"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ts, "lib", "broken.js"), []byte("throw new Error('broken API')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ts, "bin", "tsc"), []byte("require("+jsString(filepath.Join(real, "bin", "tsc"))+")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	appendTo(t, filepath.Join(dir, "src", "definition.ts"), "const n: number = 'oops';\nvoid n;\n")
	w := NewWarm(dir, opts)
	defer w.Close()
	st := w.Check(context.Background())
	if !st.Checked || st.Warm || len(st.Diagnostics) != 1 {
		t.Fatalf("fallback: %+v", st)
	}
}

func jsString(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}
