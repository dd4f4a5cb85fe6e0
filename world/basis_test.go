package world

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// TestBasisComparesAndCommits: a change made by author code that ran with no lock held commits
// only while the build and the instance it ran on are current; a stale one changes nothing.
func TestBasisComparesAndCommits(t *testing.T) {
	ctx := context.Background()
	m, store := newModel(t, defs)
	o := Owner("o")
	put(t, m, o, "t", "tile", 1, 1)
	ran, _, _ := m.Instance("t")

	// The instance changed after the action ran: refused, nothing written.
	if _, err := m.Apply(ctx, o, Acted{ID: "t", State: json.RawMessage(`{"n":1}`)}, fixedNow); err != nil {
		t.Fatal(err)
	}
	_, err := m.Apply(ctx, o, Acted{ID: "t", State: json.RawMessage(`{"n":2}`), Basis: &Basis{Revision: 1, Instance: &ran}}, fixedNow)
	if !Stale(err) {
		t.Fatalf("a stale instance committed: %v", err)
	}
	if saved, _ := store.Instances(ctx); string(saved[0].State) != `{"n":1}` {
		t.Fatalf("saved after a stale action: %s", saved[0].State)
	}
	// The same basis, current, commits.
	now, _, _ := m.Instance("t")
	if _, err := m.Apply(ctx, o, Acted{ID: "t", State: json.RawMessage(`{"n":2}`), Basis: &Basis{Revision: 1, Instance: &now}}, fixedNow); err != nil {
		t.Fatalf("a current basis was refused: %v", err)
	}

	// A new build recorded: changes made under the old one are refused, placements included.
	ok, err := m.Record(true, func(placed []Instance) bool { return len(placed) == 1 }, func() (int, error) { return 2, nil })
	if !ok || err != nil || m.Revision() != 2 {
		t.Fatalf("record: %v %v, revision %d", ok, err, m.Revision())
	}
	now, _, _ = m.Instance("t")
	if _, err := m.Apply(ctx, o, Acted{ID: "t", State: json.RawMessage(`{"n":3}`), Basis: &Basis{Revision: 1, Instance: &now}}, fixedNow); !Stale(err) {
		t.Fatalf("a state made by the old build committed: %v", err)
	}
	if _, err := m.Place(ctx, o, Placement{ID: "u", Type: "tile", Version: 1, Cell: Cell{3, 3}, State: json.RawMessage(`{}`), Basis: &Basis{Revision: 1}}); !Stale(err) {
		t.Fatalf("a placement made by the old build committed: %v", err)
	}
	if _, err := m.Place(ctx, o, Placement{ID: "u", Type: "tile", Version: 1, Cell: Cell{3, 3}, State: json.RawMessage(`{}`), Basis: &Basis{Revision: 2}}); err != nil {
		t.Fatalf("a placement made by the active build was refused: %v", err)
	}
}

// TestRecordComparesPlacedInstances: a verdict is recorded only if the placed instances are those
// it was judged against; a rejected build records without becoming active.
func TestRecordComparesPlacedInstances(t *testing.T) {
	m, _ := newModel(t, defs)
	put(t, m, Owner("o"), "t", "tile", 1, 1)
	recorded := false
	ok, err := m.Record(true, func(placed []Instance) bool { return len(placed) == 0 }, func() (int, error) { recorded = true; return 1, nil })
	if ok || err != nil || recorded || m.Revision() != 1 {
		t.Fatalf("recorded against changed instances: %v %v recorded=%v revision %d", ok, err, recorded, m.Revision())
	}
	ok, err = m.Record(false, func(placed []Instance) bool { return len(placed) == 1 && placed[0].ID == "t" }, func() (int, error) { recorded = true; return 1, nil })
	if !ok || err != nil || !recorded || m.Revision() != 1 {
		t.Fatalf("a rejected build: %v %v recorded=%v revision %d", ok, err, recorded, m.Revision())
	}
	boom := errors.New("disk full")
	if _, err := m.Record(true, func([]Instance) bool { return true }, func() (int, error) { return 0, boom }); !errors.Is(err, boom) || m.Revision() != 1 {
		t.Fatalf("a failed record activated: %v, revision %d", err, m.Revision())
	}
}
