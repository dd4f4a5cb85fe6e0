package host_test

import (
	"strings"
	"testing"

	"github.com/scapeworld/scape/world"
)

// A placement that names no cell goes beside its placer, in the stated order (rings of Chebyshev
// distance around the placer's avatar, each in reading order), on the placer's floor; the answer
// says where. A named cell is still honoured, and a placement that names only a floor goes to
// that floor. A step refused says why in the tab's grid log, and a held key queues one step.
func TestPlaceBesideThePlacer(t *testing.T) {
	f, owner, _, _ := gridFixture(t)
	if me := owner.avatar(owner.debug()); me.Cell != world.Spawn {
		t.Fatalf("the owner's tab joined at %v", me.Cell)
	}
	place := func(body map[string]any) (world.Floor, world.Cell) {
		t.Helper()
		var out struct {
			ID    string
			Floor world.Floor
			Cell  world.Cell
		}
		if st, msg := owner.call("POST", "/api/world/instances", body, &out); st != 200 {
			t.Fatalf("place %v: %d %s", body, st, msg)
		}
		for _, in := range owner.debug().Instances {
			if in.ID == out.ID && (in.Floor != out.Floor || in.Cell != out.Cell) {
				t.Fatalf("the answer says %v %v, the world has %v %v", out.Floor, out.Cell, in.Floor, in.Cell)
			}
		}
		return out.Floor, out.Cell
	}
	for _, want := range []world.Cell{{X: 11, Y: 7}, {X: 12, Y: 7}, {X: 13, Y: 7}} {
		if fl, c := place(map[string]any{"type": "example.lamp"}); fl != world.Surface || c != want {
			t.Fatalf("a lamp placed from (12,8) went to %v %v, want %v", fl, c, want)
		}
	}
	// Normal use unchanged: a named cell, a named floor.
	if _, c := place(map[string]any{"type": "example.lamp", "x": 2, "y": 3}); c != (world.Cell{X: 2, Y: 3}) {
		t.Fatalf("a lamp placed on (2,3) went to %v", c)
	}
	if fl, c := place(map[string]any{"type": "example.lamp", "floor": "basement"}); fl != world.Basement || c != world.Spawn {
		t.Fatalf("a lamp placed on the basement went to %v %v, want its spawn", fl, c)
	}
	// The owner's tab moves down to the basement: its next placement goes beside it there.
	if st, msg := owner.call("POST", "/api/world/floor", map[string]string{"floor": "basement"}, nil); st != 200 {
		t.Fatalf("floor: %d %s", st, msg)
	}
	me := owner.avatar(owner.debug())
	if fl, c := place(map[string]any{"type": "example.lamp"}); fl != world.Basement || max(iabs(c.X-me.Cell.X), iabs(c.Y-me.Cell.Y)) != 1 {
		t.Fatalf("from the basement at %v the lamp went to %v %v", me.Cell, fl, c)
	}

	// A step into the lamp beside the avatar is refused, and the tab's grid log says by what.
	if st, msg := owner.call("POST", "/api/world/floor", map[string]string{"floor": "surface"}, nil); st != 200 {
		t.Fatalf("floor: %d %s", st, msg)
	}
	if st, _ := owner.call("POST", "/api/world/move", map[string]string{"direction": "up"}, nil); st != 200 { // (12,7): a lamp
		t.Fatalf("move: %d", st)
	}
	step(f, 2)
	var w struct {
		Grid struct {
			Log []world.Note
		}
	}
	owner.call("GET", "/api/world", nil, &w)
	if n := len(w.Grid.Log); n == 0 || w.Grid.Log[n-1].Kind != world.Blocked || w.Grid.Log[n-1].Cause != world.CauseGizmo || !strings.Contains(w.Grid.Log[n-1].Reason, "example.lamp") {
		t.Fatalf("the grid log after a step into the lamp: %+v", w.Grid.Log)
	}
	// Held: asked five times before a tick, one step.
	before := owner.avatar(owner.debug()).Cell
	for i := 0; i < 5; i++ {
		if st, msg := owner.call("POST", "/api/world/move", map[string]any{"direction": "down", "held": true}, nil); st != 200 {
			t.Fatalf("held move: %d %s", st, msg)
		}
	}
	step(f, 6)
	if after := owner.avatar(owner.debug()).Cell; after != before.Add(0, 1) {
		t.Fatalf("five asks of a held key moved the avatar from %v to %v, want one step", before, after)
	}
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
