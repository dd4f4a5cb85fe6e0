package isolate

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
)

func TestMain(m *testing.M) {
	ServeIfWorker()
	os.Exit(m.Run())
}

// gizmo is a bundle (esbuild's IIFE shape) with one definition; body is code before it and
// initial the initial() body.
func gizmo(body, initial string) []byte {
	return []byte(`var __scapeGizmo = (() => {
  var sdk = require("@scape/sdk");
  ` + body + `
  var gizmo = sdk.defineObject({
    type: "t.hostile", version: 1, emoji: "🦔", label: "Hostile", hint: "tests the limits",
    initial: () => { ` + initial + ` },
    valid: (s) => sdk.record(s) && sdk.exactKeys(s, ["on"]) && typeof s.on === "boolean",
    actions: { toggle: { permission: "participant", run: (s) => ({ on: !s.on }) } },
    view: (s) => ({ title: "Hostile", description: "", controls: [] }),
  });
  return { default: gizmo };
})();
`)
}

func skipUnlessIsolated(t *testing.T) {
	t.Helper()
	if !Available() {
		t.Skip("isolation is off (SCAPE_ISOLATE=0)")
	}
}

func TestCheckValidAndInvalid(t *testing.T) {
	skipUnlessIsolated(t)
	p := NewPool(Config{Size: 1})
	defer p.Close()
	ctx := context.Background()
	rep, err := p.Check(ctx, gizmo("", "return { on: false };"), Options{})
	if err != nil || !rep.OK() || len(rep.Definitions) != 1 || rep.Definitions[0].Type != "t.hostile" {
		t.Fatalf("valid: %v %+v", err, rep)
	}
	rep, err = p.Check(ctx, gizmo("", "return { on: 3 };"), Options{})
	if err != nil || rep.OK() {
		t.Fatalf("invalid state accepted: %v %+v", err, rep)
	}
}

func TestHardLimits(t *testing.T) {
	skipUnlessIsolated(t)
	p := NewPool(Config{Size: 1, Limits: Limits{Memory: 256 << 20, Author: 4 * time.Second}})
	defer p.Close()
	for _, c := range []struct {
		name, body, initial string
		code                diag.Code // or, for alt, either
		alt                 diag.Code
		want                string
	}{
		{"repeat", "", "const s = 'x'.repeat(2 ** 31 - 1); return { on: s.length > 0 };", diag.CodeMemory, "", "more than 256 MiB of memory"},
		// fill writes every element: on a loaded machine the per-call deadline may come first.
		{"array-fill", "", "const a = new Array(2 ** 32 - 1).fill(0); return { on: a.length > 0 };", diag.CodeMemory, diag.CodeTimeout, ""},
		{"arraybuffer", "", "const b = new ArrayBuffer(1.5 * 2 ** 30); return { on: b.byteLength > 0 };", diag.CodeMemory, "", ""},
		{"regex", "", "const ok = /^(a+)+(?=c)\\1$/.test('a'.repeat(34) + 'b'); return { on: ok };", diag.CodeTimeout, "", "cannot be interrupted"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			rep, err := p.Check(context.Background(), gizmo(c.body, c.initial), Options{})
			if err != nil {
				t.Fatal(err)
			}
			errs := rep.Diagnostics.Errors()
			if len(errs) == 0 || errs[0].Code != c.code && errs[0].Code != c.alt || !strings.Contains(errs[0].Message, c.want) {
				t.Fatalf("got %v, want code %s with %q", errs, c.code, c.want)
			}
			t.Logf("%s: %s (%s)", c.name, errs[0].Message, time.Since(start).Round(time.Millisecond))
		})
	}
	// The pool replaced the workers it lost.
	rep, err := p.Check(context.Background(), gizmo("", "return { on: false };"), Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("after the breaches: %v %v", err, rep.Diagnostics)
	}
}

// TestCPULimit: RLIMIT_CPU ends a request that burns more CPU than its budget. The call's
// deadline and the request's budget are far away here, so only the CPU limit can end it.
func TestCPULimit(t *testing.T) {
	skipUnlessIsolated(t)
	p := NewPool(Config{Size: 1, Limits: Limits{CPU: time.Second, Author: time.Minute}})
	defer p.Close()
	rep, err := p.Check(context.Background(), gizmo("for (;;);", ""), Options{Limits: jsrt.Limits{Timeout: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	errs := rep.Diagnostics.Errors()
	if len(errs) != 1 || errs[0].Code != diag.CodeTimeout || !strings.Contains(errs[0].Message, "of CPU time") {
		t.Fatalf("got %v", errs)
	}
}

// TestLazyPool: a lazy pool starts no worker until its first request, then serves as any pool.
func TestLazyPool(t *testing.T) {
	skipUnlessIsolated(t)
	p := NewPool(Config{Size: 1, Lazy: true})
	defer p.Close()
	time.Sleep(100 * time.Millisecond)
	p.mu.Lock()
	started := p.workers
	p.mu.Unlock()
	if started != 0 {
		t.Fatalf("%d workers started before any request", started)
	}
	rep, err := p.Check(context.Background(), gizmo("", "return { on: false };"), Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("first request: %v %+v", err, rep)
	}
}
