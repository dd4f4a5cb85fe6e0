package world

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

var fixedNow = time.UnixMilli(0)

// lockProbe derives as fakes do and records every derivation made while the model's lock is
// held (TryLock fails: the tests here run one change at a time, so the holder is the change).
type lockProbe struct {
	m      *Model
	defs   fakes
	locked []string
	calls  int
}

func (p *lockProbe) Derive(ctx context.Context, in Instance, env Environment) (Derived, error) {
	p.calls++
	if p.m != nil {
		if p.m.mu.TryLock() {
			p.m.mu.Unlock()
		} else {
			p.locked = append(p.locked, in.ID)
		}
	}
	d, err := p.defs.Derive(ctx, in, env)
	if err == nil && len(env.Previous) > 0 {
		d.Transition = &Transition{Audio: json.RawMessage(`{"from":` + string(env.Previous) + `}`)}
	}
	return d, err
}

// Every change the host makes is prepared first: the Deriver (author code) never runs under
// the model's lock, whether the change places (completing a link group), applies a state,
// removes (leaving a partner's group incomplete) or reloads a revision, and each change's
// outputs are the ones an unprepared change derives.
func TestPreparedChangesDeriveWithNoLockHeld(t *testing.T) {
	probe := &lockProbe{defs: fakes{
		"tile":   defs["tile"],
		"portal": {Walkable: true, Link: &Link{Size: 2}, Travel: &Travel{Destination: Destination{Kind: "linked"}, Exits: [][2]int{{0, 0}}, CooldownMs: 650}},
	}}
	m, _ := newModel(t, probe)
	probe.m = m
	ctx := context.Background()
	o := Owner("o")
	place := func(id, typ string, x int) {
		t.Helper()
		pl := Placement{ID: id, Type: typ, Version: 1, Cell: Cell{x, 1}, State: json.RawMessage(`{}`)}
		m.PreparePlace(ctx, o, pl)
		if _, err := m.Place(ctx, o, pl); err != nil {
			t.Fatal(err)
		}
	}
	place("t", "tile", 1)
	place("p1", "portal", 3)
	place("p2", "portal", 5) // completes the group: p1 and p2 derive linked
	if p1, _, _ := m.Instance("p1"); p1.LinkID == "" {
		t.Fatal("p1 not linked")
	}

	m.PrepareApply(ctx, "t", json.RawMessage(`{"n": 1}`))
	out, err := m.Apply(ctx, o, Acted{ID: "t", State: json.RawMessage(`{"n": 1}`)}, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if out.Transition == nil || string(out.Transition.Audio) != `{"from":{}}` {
		t.Fatalf("the prepared transition: %+v", out.Transition)
	}

	m.PrepareRemove(ctx, "p2")
	if _, err := m.Remove(ctx, o, "p2"); err != nil {
		t.Fatal(err)
	}
	m.mu.Lock()
	m.revision = 2 // the Deriver now runs revision 2's build
	m.mu.Unlock()
	m.PrepareReload(ctx, 2)
	m.Reload(ctx, 2)

	if len(probe.locked) != 0 || m.LockedDerives() != 0 {
		t.Fatalf("derived under the lock: %v (locked derives %d)", probe.locked, m.LockedDerives())
	}

	// The same changes unprepared still work, deriving under the lock.
	if _, err := m.Apply(ctx, o, Acted{ID: "t", State: json.RawMessage(`{"n": 2}`)}, fixedNow); err != nil {
		t.Fatal(err)
	}
	if m.LockedDerives() != 1 || len(probe.locked) != 1 {
		t.Fatalf("an unprepared change: locked derives %d, probe %v", m.LockedDerives(), probe.locked)
	}
}

// A preparation made for one state is not used for another: the key is the state itself.
func TestPreparationIsKeyedByState(t *testing.T) {
	probe := &lockProbe{defs: fakes{"tile": defs["tile"]}}
	m, _ := newModel(t, probe)
	probe.m = m
	ctx := context.Background()
	put(t, m, Owner("o"), "t", "tile", 1, 1)
	m.PrepareApply(ctx, "t", json.RawMessage(`{"n": 1}`))
	before := m.LockedDerives()
	if _, err := m.Apply(ctx, Owner("o"), Acted{ID: "t", State: json.RawMessage(`{"n": 9}`)}, fixedNow); err != nil {
		t.Fatal(err)
	}
	if m.LockedDerives() != before+1 {
		t.Fatal("a preparation for another state was used")
	}
}

// The kept derivations are bounded: up to maxPrepared they are all kept; one more starts again.
func TestPreparedDerivationsAreBounded(t *testing.T) {
	probe := &lockProbe{defs: fakes{"tile": defs["tile"]}}
	m, _ := newModel(t, probe)
	ctx := context.Background()
	put(t, m, Owner("o"), "t", "tile", 1, 1)
	state := func(i int) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)) }
	for i := 0; i < maxPrepared; i++ {
		m.PrepareApply(ctx, "t", state(i))
	}
	if n := len(m.prepared); n != maxPrepared {
		t.Fatalf("%d kept at the bound, want %d", n, maxPrepared)
	}
	m.PrepareApply(ctx, "t", state(maxPrepared))
	if n := len(m.prepared); n != 1 {
		t.Fatalf("%d kept past the bound, want 1 (the newest)", n)
	}
	before := m.LockedDerives()
	if _, err := m.Apply(ctx, Owner("o"), Acted{ID: "t", State: state(maxPrepared)}, fixedNow); err != nil || m.LockedDerives() != before {
		t.Fatalf("the newest preparation was not kept: %v, locked derives %d → %d", err, before, m.LockedDerives())
	}
}
