package isolate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/validate"
)

// counters is a bundle (esbuild's IIFE shape) of n counters, each reaching 6 states. Counter i
// logs each press; its light's radius passes the bound at 4 presses (an error found by
// exploration, with its trail). hostile, when set, is counter k's run instead.
func counters(n int, k int, hostile string) []byte {
	var defs, names []string
	emojis := []string{"🍎", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇", "🍓"}
	for i := range n {
		run := fmt.Sprintf(`(s) => { console.log("press %d at", s.n); return { n: (s.n + 1) %% 6 }; }`, i)
		if i == k && hostile != "" {
			run = hostile
		}
		defs = append(defs, fmt.Sprintf(`  var c%[1]d = sdk.defineObject({
    type: "t.counter-%[1]d", version: 1, emoji: "%[2]s", label: "Counter %[1]d", hint: "counts",
    initial: () => ({ n: 0 }),
    valid: (s) => sdk.record(s) && sdk.exactKeys(s, ["n"]) && Number.isSafeInteger(s.n),
    actions: { up: { permission: "participant", run: %[3]s } },
    view: (s) => ({ title: "Counter " + s.n, description: "", controls: [{ id: "up", label: "Up", action: { name: "up", payload: {} } }] }),
    lighting: (s) => ({ light: { radiusCells: 1 + s.n * 10, color: "#ffc078", intensity: 0.12, basementIntensity: 0.25, illumination: 0.7 } }),
  });`, i, emojis[i], run))
		names = append(names, fmt.Sprintf("c%d", i))
	}
	return []byte(`var __scapeGizmo = (() => {
  var sdk = require("@scape/sdk");
` + strings.Join(defs, "\n") + `
  return { default: sdk.defineProject({ objects: [` + strings.Join(names, ", ") + `] }) };
})();
`)
}

// verdict is a report without its timings, as JSON.
func verdict(t *testing.T, rep *validate.Report) string {
	t.Helper()
	w := toWire(rep)
	w.Duration, w.Sounds, w.Models, w.Explore = 0, 0, 0, 0
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// ops counts a pool's requests by operation, and the breaches by operation.
type ops struct {
	mu       sync.Mutex
	n        map[string]int
	breaches map[string]int
}

func (o *ops) record(s Stats) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.n[s.Op]++
	if s.Breach != nil {
		o.breaches[s.Op]++
	}
}

func (o *ops) count(op string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.n[op]
}

func newOps() *ops { return &ops{n: map[string]int{}, breaches: map[string]int{}} }

// TestExploreAcrossWorkers: a check whose pool may explore with 3 workers explores two of its
// three parts in other workers, and its report is the serial one's (Explorers 1), every field
// but the timings: the explored definitions, the findings with their trails, the console output
// in the definitions' order.
func TestExploreAcrossWorkers(t *testing.T) {
	skipUnlessIsolated(t)
	js := counters(8, -1, "")
	serialOps, parallelOps := newOps(), newOps()
	serial := NewPool(Config{Size: 1, Explorers: 1, OnRequest: serialOps.record})
	defer serial.Close()
	parallel := NewPool(Config{Size: 1, Explorers: 3, OnRequest: parallelOps.record})
	defer parallel.Close()
	// A generous time bound: the state bound decides, on a loaded machine too.
	opts := Options{Explore: 12, ExploreTime: time.Minute, Limits: jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}}
	want, err := serial.Check(context.Background(), js, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Explored) != 8 || len(want.Diagnostics.Errors()) != 8 || len(want.Logs) < 8*6 {
		t.Fatalf("the serial check: %d explored, %d logs, %v", len(want.Explored), len(want.Logs), want.Diagnostics)
	}
	for range 2 {
		got, err := parallel.Check(context.Background(), js, opts)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := verdict(t, want), verdict(t, got); a != b {
			t.Fatalf("serial:\n%s\nacross workers:\n%s", a, b)
		}
	}
	if serialOps.count(opExplore) != 0 || parallelOps.count(opExplore) != 2*2 {
		t.Fatalf("explore requests: serial %d, parallel %d (want 0 and 4)", serialOps.count(opExplore), parallelOps.count(opExplore))
	}
	// Turned off, exploration asks for no worker.
	before := parallelOps.count(opExplore)
	if _, err := parallel.Check(context.Background(), js, Options{Explore: validate.NoExplore}); err != nil || parallelOps.count(opExplore) != before {
		t.Fatalf("--explore=0: %v, %d explore requests", err, parallelOps.count(opExplore)-before)
	}
	// After a project of several definitions the next check's parts start with it; a project of
	// one never asks for them, and its verdict is the serial one.
	one := counters(1, -1, "")
	wantOne, err := serial.Check(context.Background(), one, opts)
	if err != nil {
		t.Fatal(err)
	}
	gotOne, err := parallel.Check(context.Background(), one, opts)
	if err != nil || verdict(t, wantOne) != verdict(t, gotOne) {
		t.Fatalf("one definition: %v\nserial:\n%s\nacross workers:\n%s", err, verdict(t, wantOne), verdict(t, gotOne))
	}
}

// TestExploreBreachInAPart: a definition whose action allocates 2 GiB, explored in another
// worker, gives the check the verdict the check's own worker gives serially (code memory),
// from the part's worker's breach.
func TestExploreBreachInAPart(t *testing.T) {
	skipUnlessIsolated(t)
	js := counters(4, 3, `(s) => ({ n: "x".repeat(2 ** 31 - 1).length > 0 ? 1 : 0 })`)
	for _, explorers := range []int{1, 2} {
		o := newOps()
		p := NewPool(Config{Size: 1, Explorers: explorers, OnRequest: o.record})
		rep, err := p.Check(context.Background(), js, Options{})
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		errs := rep.Diagnostics.Errors()
		if len(errs) != 1 || errs[0].Code != diag.CodeMemory {
			t.Fatalf("%d explorers: want one memory error, got %v", explorers, rep.Diagnostics)
		}
		op := opCheck
		if explorers > 1 {
			op = opExplore
		}
		if o.breaches[op] != 1 { // the pool is closed: every request recorded
			t.Fatalf("%d explorers: breaches %v, want one in %s", explorers, o.breaches, op)
		}
	}
}

// TestExploreFewerDefinitionsThanExplorers: a project of 2 definitions in a pool of 3 explorers
// is split in 2 parts, and its second part is explored in another worker (one request, used),
// with the serial verdict. It used to be refused as "not the split asked for" and explored by
// the check's worker itself.
func TestExploreFewerDefinitionsThanExplorers(t *testing.T) {
	skipUnlessIsolated(t)
	js := counters(2, -1, "")
	opts := Options{Explore: 12, ExploreTime: time.Minute, Limits: jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}}
	serial := NewPool(Config{Size: 1, Explorers: 1})
	defer serial.Close()
	want, err := serial.Check(context.Background(), js, opts)
	if err != nil {
		t.Fatal(err)
	}
	o := newOps()
	parallel := NewPool(Config{Size: 1, Explorers: 3, OnRequest: o.record})
	defer parallel.Close()
	got, err := parallel.Check(context.Background(), js, opts)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := verdict(t, want), verdict(t, got); a != b {
		t.Fatalf("serial:\n%s\nacross workers:\n%s", a, b)
	}
	if n := o.count(opExplore); n != 1 {
		t.Fatalf("%d explore requests, want 1 (the second definition's part)", n)
	}
}
