package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// TestCheckOpenHandsTheValidatedProjectToLive: the worker that found a bundle valid moves to the
// live pool with it open, so a NoOpen view (which never opens a bundle) runs at once; an invalid
// upload leaves the live pool's project alone; the live pool keeps its size.
func TestCheckOpenHandsTheValidatedProjectToLive(t *testing.T) {
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
