package isolate

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
)

// TestHostileFamilies runs one bundle of each family of testdata/hostile through a pool and
// asserts its verdict and, where a hard limit is what must end it, that the worker process was
// ended for that limit (not that a soft bound happened to win). scripts/hostile runs them all,
// through every target, with their times and memory.
func TestHostileFamilies(t *testing.T) {
	skipUnlessIsolated(t)
	var mu sync.Mutex
	breaches := map[string]*Breach{}
	p := NewPool(Config{Size: 3, OnRequest: func(s Stats) {
		if s.Breach != nil {
			mu.Lock()
			breaches[s.Breach.Callback+"|"+string(s.Breach.Kind)] = s.Breach
			mu.Unlock()
		}
	}})
	t.Cleanup(p.Close) // after the parallel subtests
	for _, c := range []struct {
		file   string
		code   diag.Code
		breach BreachKind // "" where jsrt's own bounds give the verdict
		// alt is the other hard limit that may come first on a loaded machine, with its kind.
		alt       diag.Code
		altBreach BreachKind
	}{
		{"mem-repeat", diag.CodeMemory, BreachMemory, "", ""},
		{"native-regex-backtrack", diag.CodeTimeout, BreachTimeout, "", ""},
		// The stack bound takes about 2 s of stack growth on a quiet 2-core machine: loaded (the
		// other subtests run beside it), the call's 2.5 s hard deadline may end it first.
		{"deep-json-parse", diag.CodeStack, BreachStack, diag.CodeTimeout, BreachTimeout},
		// One catalog check calls every initial(): jsrt's 2 s deadline ends it (TestAuthorBudget
		// has callbacks in separate calls, which the request's budget ends).
		{"slow-16x1900ms", diag.CodeTimeout, "", "", ""},
		{"wide-state-32k", "", "", "", ""},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			js := hostileBundle(t, c.file)
			rep, err := p.Check(context.Background(), js, Options{})
			if err != nil {
				t.Fatal(err)
			}
			errs := rep.Diagnostics.Errors()
			if c.code == "" {
				if len(errs) > 0 {
					t.Fatalf("want valid, got %v", errs)
				}
				return
			}
			if len(errs) == 0 || errs[0].Code != c.code && (c.alt == "" || errs[0].Code != c.alt) {
				t.Fatalf("want code %s, got %v", c.code, errs)
			}
			if c.alt != "" && errs[0].Code == c.alt {
				c.breach = c.altBreach
			}
			if c.breach != "" {
				mu.Lock()
				defer mu.Unlock()
				for _, b := range breaches {
					if b.Kind == c.breach && b.Error() == errs[0].Message {
						return
					}
				}
				t.Fatalf("%q was not the worker's %s limit", errs[0].Message, c.breach)
			}
		})
	}
}

// TestAuthorBudget: callbacks each under their deadline, too slow together, end at the
// request's author-code budget.
func TestAuthorBudget(t *testing.T) {
	skipUnlessIsolated(t)
	p := NewPool(Config{Size: 1, Limits: Limits{Author: 1500 * time.Millisecond}})
	defer p.Close()
	// 1.2 s at the top level and 1.2 s in initial(): each call under its 2 s deadline.
	busy := "var busy = (ms) => { var end = Date.now() + ms; while (Date.now() < end); }; busy(1200);"
	rep, err := p.Check(context.Background(), gizmo(busy, "busy(1200); return { on: false };"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	errs := rep.Diagnostics.Errors()
	if len(errs) != 1 || errs[0].Code != diag.CodeTimeout || errs[0].Message != (&Breach{Kind: BreachBudget, Callback: "check", Limit: 1500 * time.Millisecond, Owner: "this toolchain's"}).Error() {
		t.Fatalf("got %v", errs)
	}
}

// hostileBundle bundles testdata/hostile/<name>.ts as a project's src/definition.ts.
func hostileBundle(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "hostile", name+".ts"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "hostile"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "definition.ts"), src, 0o644)
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		t.Fatalf("bundle %s: %v %v", name, err, res.Diagnostics)
	}
	return res.JS
}
