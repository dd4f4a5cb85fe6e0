package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// TestCheckOpenHandsTheValidatedProjectToLive: the worker that found a bundle valid moves to the
// live pool with it open, so a NoOpen view (which never opens a bundle) runs at once; an invalid
// upload leaves the live pool's project alone; the live pool keeps its size.
func TestCheckOpenHandsTheValidatedProjectToLive(t *testing.T) { checkOpenHandsOver(t) }

// The same in this process (SCAPE_ISOLATE=0): the one check body keeps the project open for the
// live pool there too.
func TestCheckOpenHandsOverInProcess(t *testing.T) {
	t.Setenv("SCAPE_ISOLATE", "0")
	checkOpenHandsOver(t)
}

func checkOpenHandsOver(t *testing.T) {
	checks, live := NewPool(Config{Size: 1}), NewPool(Config{Size: 1})
	defer checks.Close()
	defer live.Close()
	ctx := context.Background()
	js := gizmo("", "return { on: false };")
	inst := world.Instance{ID: "a", Type: "t.hostile", Version: 1, State: json.RawMessage(`{"on":true}`)}
	if _, err := live.View(ctx, js, inst, world.Access{}, Options{NoOpen: true}); !errors.Is(err, ErrNotOpen) {
		t.Fatalf("before the check the bundle must not be open: %v", err)
	}
	rep, err := checks.CheckOpen(ctx, js, Options{}, live)
	if err != nil || !rep.OK() {
		t.Fatalf("check: %v %+v", err, rep)
	}
	view, err := live.View(ctx, js, inst, world.Access{}, Options{NoOpen: true})
	if err != nil || len(view) == 0 {
		t.Fatalf("the validated project is not open for live calls: %v", err)
	}
	bad := gizmo("", "return { on: 3 };")
	if rep, err := checks.CheckOpen(ctx, bad, Options{}, live); err != nil || rep.OK() {
		t.Fatalf("invalid bundle: %v %+v", err, rep)
	}
	if _, err := live.View(ctx, js, inst, world.Access{}, Options{NoOpen: true}); err != nil {
		t.Fatalf("an invalid upload displaced the active project: %v", err)
	}
	if _, err := live.View(ctx, bad, inst, world.Access{}, Options{NoOpen: true}); !errors.Is(err, ErrNotOpen) {
		t.Fatalf("an invalid bundle is open for live calls: %v", err)
	}
	if live.Isolated() {
		live.mu.Lock()
		n := live.workers
		live.mu.Unlock()
		if n != 1 {
			t.Fatalf("the live pool has %d workers, want its size 1", n)
		}
	}
	st, reaction, err := live.Act(ctx, js, inst, validate.Action{Name: "toggle"}, validate.Context{Access: world.Access{ActorID: "p"}}, Options{NoOpen: true})
	if err != nil || string(st) != `{"on":false}` || string(reaction) != "null" {
		t.Fatalf("act: %s %s %v", st, reaction, err)
	}
}

// TestOneCheckBodyBothSites: a worker and this process run the one check body (runCheck), so a
// bundle gets the same verdict in either, kept open or not.
func TestOneCheckBodyBothSites(t *testing.T) {
	skipUnlessIsolated(t)
	bundles := map[string][]byte{"valid": gizmo("", "return { on: false };"), "invalid": gizmo("", "return { on: 3 };"),
		"throws": gizmo("", "throw new Error('no');")}
	verdicts := func() map[string]*validate.Report {
		p := NewPool(Config{Size: 1})
		defer p.Close()
		out := map[string]*validate.Report{}
		for name, js := range bundles {
			for _, keep := range []bool{false, true} {
				rep, err := p.Check(context.Background(), js, Options{KeepOpen: keep})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				out[fmt.Sprint(name, keep)] = rep
			}
		}
		return out
	}
	worker := verdicts()
	t.Setenv("SCAPE_ISOLATE", "0")
	here := verdicts()
	for k, w := range worker {
		h := here[k]
		if !reflect.DeepEqual(w.Diagnostics, h.Diagnostics) || len(w.Definitions) != len(h.Definitions) {
			t.Errorf("%s: worker %v (%d definitions), in-process %v (%d)", k, w.Diagnostics, len(w.Definitions), h.Diagnostics, len(h.Definitions))
		}
	}
	if worker["validfalse"].OK() != true || worker["invalidfalse"].OK() || worker["throwstrue"].OK() {
		t.Errorf("verdicts: valid %v, invalid %v, throws %v", worker["validfalse"].OK(), worker["invalidfalse"].OK(), worker["throwstrue"].OK())
	}
}
