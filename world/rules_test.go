package world

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"
)

// fakes derives by type, as the engine would for definitions with these outputs. Type "broken"
// fails, as an unknown or invalid saved instance does.
type fakes map[string]Derived

func (f fakes) Derive(_ context.Context, in Instance, _ Environment) (Derived, error) {
	d, ok := f[in.Type]
	if !ok {
		return Derived{}, fmt.Errorf("no installed definition for type %q", in.Type)
	}
	if in.Type == "nav" && string(in.State) == `{"world":"b"}` {
		d.Navigate = json.RawMessage(`{"world":"b"}`)
	}
	return d, nil
}

var defs = fakes{
	"tile":   {Walkable: true, EditPolicy: "placer", Actions: map[string]Permission{"use": Participant, "set": Editor, "wipe": Remover}},
	"admin":  {Walkable: true, EditPolicy: "placer-admin", Actions: map[string]Permission{"set": Editor}},
	"wall":   {EditPolicy: "placer"},
	"belt":   {Walkable: true, Push: &Push{Direction: Right, BlockOpposingInput: true}},
	"fan":    {Walkable: true, Push: &Push{Direction: Right}},
	"bomb":   {AreaRemoval: &AreaRemoval{RadiusCells: 1}, Actions: map[string]Permission{"boom": Remover}},
	"nav":    {Walkable: true, Actions: map[string]Permission{"set": Editor}},
	"lamp":   {Lighting: json.RawMessage(`{"light":{"radiusCells":3}}`)},
	"beeper": {Walkable: true, Step: true},
}

func newModel(t *testing.T, d Deriver, saved ...Instance) (*Model, *MemStore) {
	t.Helper()
	s := NewMemStore(saved...)
	m, err := New(context.Background(), s, d, 1)
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

func put(t *testing.T, m *Model, v Viewer, id, typ string, x, y int) {
	t.Helper()
	if _, err := m.Place(context.Background(), v, Placement{ID: id, Type: typ, Version: 1, Cell: Cell{x, y}, State: json.RawMessage(`{}`)}); err != nil {
		t.Fatalf("place %s: %v", id, err)
	}
}

// Permissions, from the docs' sentences: "participant: a permitted participant can invoke the
// action"; "editor: the host must grant editing permission for that instance"; editPolicy
// "Editing always requires the placer and build permission; this can additionally require
// administration"; "remover: the host must grant removal permission for the source".
func TestPermissions(t *testing.T) {
	m, _ := newModel(t, defs)
	ann := Viewer{ActorID: "ann", Build: true, Participate: true}
	put(t, m, ann, "t", "tile", 1, 1)
	put(t, m, ann, "a", "admin", 2, 1)
	bob := Viewer{ActorID: "bob", Build: true, Participate: true}
	visitor := Viewer{ActorID: "vic"}
	boss := Owner("boss")
	annAdmin := ann
	annAdmin.Admin = true
	for _, c := range []struct {
		v      Viewer
		id     string
		action string // the defs' permission for it: use participant, set editor, wipe remover
		want   error
	}{
		{ann, "t", "use", nil},
		{visitor, "t", "use", ErrForbidden},                                   // not a participant
		{ann, "t", "set", nil},                                                // the placer, with build permission
		{bob, "t", "set", ErrForbidden},                                       // a builder, not the placer
		{boss, "t", "set", ErrForbidden},                                      // even the owner: editing needs the placer
		{Viewer{ActorID: "ann", Participate: true}, "t", "set", ErrForbidden}, // the placer without build permission
		{ann, "t", "wipe", nil},                                               // the placer removes what they placed
		{bob, "t", "wipe", ErrForbidden},                                      // others do not
		{boss, "t", "wipe", nil},                                              // the owner removes anything
		{ann, "a", "set", ErrForbidden},                                       // placer-admin: the placer also needs administration
		{annAdmin, "a", "set", nil},
		{Viewer{ActorID: "rem", Participate: true, Remove: true}, "t", "wipe", nil},                    // a removal grant removes what others placed
		{Viewer{ActorID: "rem", Participate: true, Remove: true}, "t", "set", ErrForbidden},            // but does not edit
		{Viewer{ActorID: "ann-tab-2", Placer: "ann", Build: true, Participate: true}, "t", "set", nil}, // ann in another tab is still the placer
		{ann, "missing", "use", ErrNotFound},
	} {
		// The SDK registry decides which operation an action's declared permission needs; the
		// model answers for the operation.
		err := m.Can(c.v, map[string]Op{"use": OpParticipate, "set": OpEdit, "wipe": OpRemove}[c.action], c.id)
		if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%s %s.%s: %v, want %v", c.v.ActorID, c.id, c.action, err, c.want)
		}
	}
	// The ObjectContext's canEdit/canRemove come from the same rule.
	if a, _ := m.Access(bob, "t"); a.CanEdit || a.CanRemove || a.ActorID != "bob" {
		t.Errorf("bob's access to ann's tile: %+v", a)
	}
	if a, _ := m.Access(ann, "t"); !a.CanEdit || !a.CanRemove {
		t.Errorf("ann's access to her tile: %+v", a)
	}
	if _, err := m.Access(ann, "missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("access to a missing instance: %v", err)
	}
	if _, err := m.Place(context.Background(), visitor, Placement{ID: "x", Type: "tile", Version: 1, Cell: Cell{5, 5}}); !errors.Is(err, ErrForbidden) {
		t.Errorf("a visitor placed: %v", err)
	}
	var we *Error
	if err := m.Can(visitor, OpParticipate, "t"); !errors.As(err, &we) || we.Status != 403 {
		t.Errorf("status: %v", err)
	}
}

// "Placing or changing an active world link requires world administration even if your action
// declares a weaker permission."
func TestWorldLinkNeedsAdministration(t *testing.T) {
	m, _ := newModel(t, defs)
	ann := Viewer{ActorID: "ann", Build: true, Participate: true}
	put(t, m, ann, "door", "nav", 1, 1)
	if _, err := m.Apply(context.Background(), ann, Acted{ID: "door", State: json.RawMessage(`{"world":"b"}`)}, time.Now()); !errors.Is(err, ErrForbidden) {
		t.Fatalf("a non-admin activated a world link: %v", err)
	}
	annAdmin := ann
	annAdmin.Admin = true
	if _, err := m.Apply(context.Background(), annAdmin, Acted{ID: "door", State: json.RawMessage(`{"world":"b"}`)}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Apply(context.Background(), ann, Acted{ID: "door", State: json.RawMessage(`{}`)}, time.Now()); !errors.Is(err, ErrForbidden) {
		t.Fatalf("a non-admin changed an active world link: %v", err)
	}
	if _, err := m.Place(context.Background(), ann, Placement{ID: "d2", Type: "nav", Version: 1, Cell: Cell{3, 3}, State: json.RawMessage(`{"world":"b"}`)}); !errors.Is(err, ErrForbidden) {
		t.Fatalf("a non-admin placed an active world link: %v", err)
	}
}

// "Unknown or invalid saved instances remain blocking": a saved instance whose type no longer
// derives blocks its cell, shows its problem and has no actions.
func TestUnknownSavedInstancesBlock(t *testing.T) {
	m, _ := newModel(t, defs, Instance{ID: "old", Type: "gone.type", Version: 1, Cell: Spawn.Add(1, 0), State: json.RawMessage(`{}`)})
	if _, err := m.Join("ann"); err != nil {
		t.Fatal(err)
	}
	_ = m.Move("ann", Right)
	now := time.UnixMilli(0)
	for i := 0; i < 3; i++ {
		now = now.Add(MoveDuration)
		m.Tick(now)
	}
	snap := m.Snapshot()
	if snap.Avatars[0].Cell != Spawn || !snap.Instances[0].Blocking || snap.Instances[0].Problem == "" {
		t.Fatalf("%+v", snap)
	}
	if _, d, ok := m.Instance("old"); !ok || d != nil {
		t.Fatalf("an invalid instance has derived outputs (so actions): %v %+v", ok, d)
	}
}

func steps(m *Model, now *time.Time, n int) []Event {
	var out []Event
	for i := 0; i < n; i++ {
		*now = now.Add(MoveDuration)
		out = append(out, m.Tick(*now)...)
	}
	return out
}

// "Optional blockOpposingInput: true blocks only the opposite input while allowing lateral
// exits"; with the default (false) the opposite input steers out too.
func TestPushInput(t *testing.T) {
	for _, c := range []struct {
		typ  string
		dir  Dir
		want Cell // relative to the pushing cell
	}{
		{"belt", Left, Cell{0, 0}}, // opposite input blocked: the push (into the wall) holds the avatar
		{"belt", Down, Cell{0, 1}}, // lateral exit
		{"belt", Up, Cell{0, -1}},  // lateral exit
		{"fan", Left, Cell{-1, 0}}, // no blockOpposingInput: steering back out
		{"fan", Down, Cell{0, 1}},
	} {
		m, _ := newModel(t, defs)
		put(t, m, Owner("o"), "p", c.typ, Spawn.X+1, Spawn.Y)
		put(t, m, Owner("o"), "w", "wall", Spawn.X+2, Spawn.Y) // the push is blocked: "blocked-exit retry"
		_, _ = m.Join("ann")
		_ = m.Move("ann", Right)
		now := time.UnixMilli(0)
		steps(m, &now, 3) // on the pushing cell, held against the wall
		_ = m.Move("ann", c.dir)
		events := steps(m, &now, 2)
		got := m.Snapshot().Avatars[0].Cell
		if want := Spawn.Add(1+c.want.X, c.want.Y); got != want {
			t.Errorf("%s, input %s: at %s, want %s (%+v)", c.typ, c.dir, got, want, events)
		}
		if c.typ == "belt" && c.dir == Left && len(kindsOf(events, Blocked)) != 1 {
			t.Errorf("the refused opposing input has no event: %+v", events)
		}
	}
}

func kindsOf(events []Event, k EventKind) []Event {
	var out []Event
	for _, e := range events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// "A started move finishes normally if the source switches off."
func TestStartedPushFinishes(t *testing.T) {
	switchable := fakes{"fan": defs["fan"]}
	m, _ := newModel(t, switchable)
	put(t, m, Owner("o"), "f", "fan", Spawn.X+1, Spawn.Y)
	_, _ = m.Join("ann")
	_ = m.Move("ann", Right)
	now := time.UnixMilli(0)
	steps(m, &now, 2) // arrived on the fan; the push move starts in this tick
	if a := m.Snapshot().Avatars[0]; a.Moving == nil || *a.Moving != Spawn.Add(2, 0) {
		t.Fatalf("no push under way: %+v", a)
	}
	switchable["fan"] = Derived{Walkable: true} // push(state) now null
	if _, err := m.Apply(context.Background(), Owner("o"), Acted{ID: "f", State: json.RawMessage(`{"on":false}`)}, now); err != nil {
		t.Fatal(err)
	}
	moved := kindsOf(steps(m, &now, 1), Moved)
	if len(moved) != 1 || *moved[0].To != Spawn.Add(2, 0) || moved[0].Movement != "push" {
		t.Fatalf("the started push did not finish: %+v", moved)
	}
}

// WalkTo: a shortest path over walkable cells, one cell per move, around a wall; a step into a
// cell another avatar holds waits.
func TestWalkToPathsAroundWalls(t *testing.T) {
	m, _ := newModel(t, defs)
	for y := Spawn.Y - 1; y <= Spawn.Y+1; y++ {
		put(t, m, Owner("o"), fmt.Sprintf("w%d", y), "wall", Spawn.X+1, y)
	}
	_, _ = m.Join("ann")
	path, err := m.WalkTo("ann", Spawn.Add(2, 0))
	if err != nil {
		t.Fatal(err)
	}
	// Around the three-cell wall: down twice, right twice, up twice (6 moves).
	if len(path) != 6 || path[len(path)-1] != Spawn.Add(2, 0) {
		t.Fatalf("path %v", path)
	}
	now := time.UnixMilli(0)
	moved := kindsOf(steps(m, &now, 7), Moved)
	if len(moved) != 6 || m.Snapshot().Avatars[0].Cell != Spawn.Add(2, 0) {
		t.Fatalf("walked %d cells, at %s", len(moved), m.Snapshot().Avatars[0].Cell)
	}
	if _, err := m.WalkTo("ann", Cell{-1, 0}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("off the grid: %v", err)
	}
}

// The join rule: the first free walkable cell from Spawn in square rings, reading order; one
// avatar per actor.
func TestJoinRule(t *testing.T) {
	m, _ := newModel(t, defs)
	put(t, m, Owner("o"), "w", "wall", Spawn.X, Spawn.Y)
	a, _ := m.Join("a")
	b, _ := m.Join("b")
	again, _ := m.Join("a")
	if a.Cell != Spawn.Add(-1, -1) || b.Cell != Spawn.Add(0, -1) || again.Cell != a.Cell || len(m.Snapshot().Avatars) != 2 {
		t.Fatalf("a %s b %s again %s", a.Cell, b.Cell, again.Cell)
	}
	// A blocking Gizmo is not placed on an avatar.
	if _, err := m.Place(context.Background(), Owner("o"), Placement{ID: "w2", Type: "wall", Version: 1, Cell: a.Cell}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a wall on an avatar: %v", err)
	}
	// Changing floor is a teleport onto that floor's first free cell, with no step.
	c, err := m.SetFloor("a", Basement)
	if err != nil || c.Floor != Basement || c.Cell != Spawn {
		t.Fatalf("%+v %v", c, err)
	}
}

// Atomic writes: a failed commit changes nothing in memory ("State and permitted removals commit
// atomically"), and a reaction whose removeArea exceeds the declared maximum refuses the action.
func TestCommitsAreAtomic(t *testing.T) {
	m, s := newModel(t, defs)
	o := Owner("o")
	put(t, m, o, "b", "bomb", 5, 5)
	put(t, m, o, "t", "tile", 6, 5)
	s.Fail = errors.New("disk full")
	if _, err := m.Apply(context.Background(), o, Acted{ID: "b", State: json.RawMessage(`{"n":1}`), Reaction: json.RawMessage(`{"removeArea":{"radiusCells":1}}`)}, time.Now()); err == nil {
		t.Fatal("no error from a failed commit")
	}
	if len(m.Snapshot().Instances) != 2 {
		t.Fatalf("memory changed after a failed commit: %+v", m.Snapshot().Instances)
	}
	if in, _, _ := m.Instance("b"); string(in.State) != `{}` {
		t.Fatalf("state changed after a failed commit: %s", in.State)
	}
	if _, err := m.Apply(context.Background(), o, Acted{ID: "b", State: json.RawMessage(`{}`), Reaction: json.RawMessage(`{"removeArea":{"radiusCells":2}}`)}, time.Now()); !errors.Is(err, ErrInvalid) {
		t.Fatalf("beyond the maximum: %v", err)
	}
	if saved, _ := s.Instances(context.Background()); len(saved) != 2 {
		t.Fatalf("store %+v", saved)
	}
	s.Fail = errors.New("disk full")
	if _, err := m.Place(context.Background(), o, Placement{ID: "n", Type: "tile", Version: 1, Cell: Cell{1, 1}}); err == nil || len(m.Snapshot().Instances) != 2 {
		t.Fatalf("place after a failed commit: %v", err)
	}
}

// Persistence: a new model over the same store has the same instances, link ids and placers.
func TestReloadFromStore(t *testing.T) {
	linked := fakes{"portal": {Walkable: true, Link: &Link{Size: 2}, Travel: &Travel{Destination: Destination{Kind: "linked"}, Exits: [][2]int{{0, 0}}, CooldownMs: 650}}}
	m, s := newModel(t, linked)
	put(t, m, Owner("o"), "p1", "portal", 1, 1)
	put(t, m, Owner("o"), "p2", "portal", 9, 9)
	again, err := New(context.Background(), s, linked, 2)
	if err != nil {
		t.Fatal(err)
	}
	a, b := again.Snapshot(), m.Snapshot()
	if a.Revision != 2 || len(a.Instances) != 2 || !a.Instances[0].Linked || a.Instances[0].LinkID != b.Instances[0].LinkID || a.Instances[1].Placer != "o" {
		t.Fatalf("reloaded %+v\nwas %+v", a.Instances, b.Instances)
	}
}

// Feedback: "Retries, repeated snapshots and late joins do not replay feedback"; a new revision
// cancels it ("Stale events, mismatched builds … cancel or suppress output"); a floor change drops
// the viewer; step effects from an older revision are dropped as stale.
func TestFeedbackLifecycle(t *testing.T) {
	m, _ := newModel(t, defs)
	put(t, m, Owner("o"), "pad", "beeper", Spawn.X+1, Spawn.Y)
	_, _ = m.Join("ann")
	_, _ = m.Join("far")
	_, _ = m.SetFloor("far", Basement)
	_ = m.Move("ann", Right)
	now := time.UnixMilli(0)
	step := kindsOf(steps(m, &now, 2), Stepped)
	if len(step) != 1 {
		t.Fatalf("no step")
	}
	effects := json.RawMessage(`{"durationMs":500}`)
	del, _, err := m.AddStepFeedback(step[0], 1, effects, now)
	if err != nil || fmt.Sprint(del.Recipients) != "[ann]" {
		t.Fatalf("%+v %v (the basement is not nearby)", del, err)
	}
	if stale, _, _ := m.AddStepFeedback(step[0], 0, effects, now); stale != nil {
		t.Fatalf("effects from an older revision were delivered")
	}
	if _, err := m.SetFloor("ann", Basement); err != nil {
		t.Fatal(err)
	}
	if f := m.Snapshot().Feedback; len(f) != 1 || len(f[0].Recipients) != 0 {
		t.Fatalf("a floor change kept the viewer: %+v", f)
	}
	cancelled := m.Reload(context.Background(), 2)
	if len(cancelled) != 1 || cancelled[0].Kind != FeedbackCancelled || len(m.Snapshot().Feedback) != 0 {
		t.Fatalf("a new revision did not cancel: %+v", cancelled)
	}
	if _, _, err := m.AddStepFeedback(step[0], 2, json.RawMessage(`{"durationMs":0}`), now); !errors.Is(err, ErrInvalid) {
		t.Fatalf("a zero duration: %v", err)
	}
}

// The snapshot is JSON with the documented names (floors by name, light radius).
func TestSnapshotJSON(t *testing.T) {
	m, _ := newModel(t, defs)
	put(t, m, Owner("o"), "l", "lamp", 0, 0)
	_, _ = m.Join("ann")
	data, err := json.Marshal(m.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Width     int      `json:"width"`
		Floors    []string `json:"floors"`
		Instances []struct {
			Floor       string  `json:"floor"`
			LightRadius float64 `json:"lightRadius"`
			Blocking    bool    `json:"blocking"`
		} `json:"instances"`
		Avatars []struct {
			Actor string `json:"actor"`
			Cell  Cell   `json:"cell"`
		} `json:"avatars"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Width != Width || fmt.Sprint(back.Floors) != "[surface basement]" || back.Instances[0].Floor != "surface" || back.Instances[0].LightRadius != 3 || !back.Instances[0].Blocking || back.Avatars[0].Cell != Spawn {
		t.Fatalf("%s", data)
	}
}
