package dev_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/nodetest"
)

// TestDevReportsTypeErrors: with TypeScript installed in a trusted project, dev uploads a build
// with a type error (the world gets it: accepted) and then reports the error tsc found, saying
// the build would refuse it; a fix that changes only types sends nothing, and the loop says the errors are gone.
func TestDevReportsTypeErrors(t *testing.T) {
	nodetest.Node(t)
	ts := nodetest.Module(t, "typescript")
	dir := newLamp(t) // trusted: made by init
	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(ts, filepath.Join(dir, "node_modules", "typescript")); err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(dir, "src", "definition.ts")
	data, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Count(string(data), "\n") + 1
	if err := os.WriteFile(def, append(data, "const typo: number = 'oops';\nvoid typo;\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	dev := start(t, "dev", "gizmo", "dev", "--json", dir)
	ev, at := dev.waitEvent(0, "accepted", "rejected", "build_failed", "types")
	if ev.Event != "accepted" || ev.Revision != 1 {
		t.Fatalf("the build with a type error: %+v\n%s", ev, dev.allOutput())
	}
	accepted := ev.Time
	ev, at = dev.waitEvent(at, "types", "accepted", "rejected")
	if ev.Event != "types" || len(ev.Errors) != 1 || ev.Errors[0].File != "src/definition.ts" || ev.Errors[0].Line != line ||
		!strings.Contains(ev.Errors[0].Message, "TS2322") || !strings.Contains(ev.Message, "scape gizmo build would refuse this build") {
		t.Fatalf("types: %+v\n%s", ev, dev.allOutput())
	}
	if a, err1 := time.Parse(time.RFC3339Nano, accepted); err1 == nil {
		if b, err2 := time.Parse(time.RFC3339Nano, ev.Time); err2 == nil {
			t.Logf("type errors reported %v after the verdict (the first check loads TypeScript)", b.Sub(a))
		}
	}
	edit(t, def, "const typo: number = 'oops';", "const typo: number = 1;")
	// esbuild drops the unused constant either way: the fix bundles the same JavaScript, so
	// nothing is sent, and only the type check has news.
	if ev, at = dev.waitEvent(at, "accepted", "unchanged", "rejected", "build_failed"); ev.Event != "unchanged" || ev.Revision != 1 {
		t.Fatalf("the fix: %+v", ev)
	}
	accepted = ev.Time
	if ev, _ = dev.waitEvent(at, "types"); len(ev.Errors) != 0 || ev.Message != "no type errors" {
		t.Fatalf("after the fix: %+v", ev)
	}
	if a, err1 := time.Parse(time.RFC3339Nano, accepted); err1 == nil {
		if b, err2 := time.Parse(time.RFC3339Nano, ev.Time); err2 == nil {
			t.Logf("warm: no type errors reported %v after the verdict", b.Sub(a))
		}
	}
}
