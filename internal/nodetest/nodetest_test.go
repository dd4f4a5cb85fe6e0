package nodetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder catches Skip and Fatal so the test can look at what nodetest would do.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = format
	panic(r)
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = format
	panic(r)
}

func outcome(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != r {
				panic(p)
			}
		}()
		f(r)
	}()
	return r
}

func TestMissingNodeSkipsOrFails(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("SCAPE_REQUIRE_NODE", "")
	if r := outcome(t, func(tb testing.TB) { Node(tb) }); r.skipped == "" || r.failed != "" {
		t.Fatalf("without SCAPE_REQUIRE_NODE: skipped %q, failed %q; want a skip", r.skipped, r.failed)
	}
	t.Setenv("SCAPE_REQUIRE_NODE", "1")
	if r := outcome(t, func(tb testing.TB) { Node(tb) }); r.failed == "" || r.skipped != "" {
		t.Fatalf("with SCAPE_REQUIRE_NODE=1: skipped %q, failed %q; want a failure", r.skipped, r.failed)
	}
}

func TestRootHoldsGoMod(t *testing.T) {
	root := Root(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(mustGetwd(t), root) {
		t.Fatalf("root %s is not above the working directory", root)
	}
}

func TestModuleMissing(t *testing.T) {
	t.Setenv("SCAPE_REQUIRE_NODE", "1")
	if r := outcome(t, func(tb testing.TB) { Module(tb, "no-such-package-here") }); r.failed == "" {
		t.Fatal("a missing package did not fail under SCAPE_REQUIRE_NODE=1")
	}
}

func mustGetwd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}
