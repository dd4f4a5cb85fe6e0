package world

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
)

// Deriver computes an instance's Derived outputs by running the active build's definitions (the
// host's engine; validate.Project.Derive in tests). An error means the instance is unknown or
// invalid under the build, or a callback failed: the model then treats it as blocking and inert.
// The model calls it with no lock held when the change was prepared (prederive.go), else with
// its lock held: it must not call back into the Model.
type Deriver interface {
	Derive(ctx context.Context, inst Instance, env Environment) (Derived, error)
}

// DeriverFunc adapts a function to Deriver.
type DeriverFunc func(ctx context.Context, inst Instance, env Environment) (Derived, error)

// Derive implements Deriver.
func (f DeriverFunc) Derive(ctx context.Context, inst Instance, env Environment) (Derived, error) {
	return f(ctx, inst, env)
}

// placed is an instance in memory: its saved form and what the engine derived for it (nil when
// the derivation failed, with the reason in problem).
type placed struct {
	Instance
	derived *Derived
	problem string
	seq     int // placement order, for link grouping
}

// Model is the local world: the source of truth in memory for placed instances, avatars,
// cooldowns and pending feedback, persisting instances through a Store. Safe for concurrent use.
type Model struct {
	mu        sync.Mutex
	store     Store
	deriver   Deriver
	revision  int
	instances map[string]*placed
	cells     map[place]string
	seq       int
	avatars   map[string]*avatar
	feedback  map[string]*Feedback
	stepSeq   int
	feedSeq   int
	noteSeq   int
	// prepared are derivations made with no lock held for the changes about to use them
	// (prederive.go); lockedDerives counts those the model had to make under its lock.
	prepared      map[deriveKey]derivation
	lockedDerives int
}

// New loads the saved instances from store and derives their outputs under the active build
// (revision is the host's active revision number, shown in snapshots). Saved instances that no
// longer derive are kept, blocking, with their problem.
func New(ctx context.Context, store Store, deriver Deriver, revision int) (*Model, error) {
	saved, err := store.Instances(ctx)
	if err != nil {
		return nil, fmt.Errorf("world: loading instances: %w", err)
	}
	m := &Model{store: store, deriver: deriver, revision: revision,
		instances: map[string]*placed{}, cells: map[place]string{}, avatars: map[string]*avatar{}, feedback: map[string]*Feedback{},
		prepared: map[deriveKey]derivation{}}
	for _, in := range saved {
		at := place{in.Floor, in.Cell}
		if !in.Floor.valid() || !in.Cell.In() {
			return nil, fmt.Errorf("world: saved instance %s (%s) is off the grid at %s %s", in.ID, in.Type, in.Floor, in.Cell)
		}
		if other, taken := m.cells[at]; taken {
			return nil, fmt.Errorf("world: saved instances %s and %s share %s %s", other, in.ID, in.Floor, in.Cell)
		}
		m.seq++
		m.instances[in.ID] = &placed{Instance: in, seq: m.seq}
		m.cells[at] = in.ID
	}
	for _, p := range m.sorted() {
		m.rederive(ctx, p)
	}
	m.lockedDerives = 0 // nobody can wait on a model under construction
	return m, nil
}

// sorted is every instance in placement order.
func (m *Model) sorted() []*placed {
	out := make([]*placed, 0, len(m.instances))
	for _, p := range m.instances {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

// rederive runs the Deriver for p with its current link topology.
func (m *Model) rederive(ctx context.Context, p *placed) {
	d, err := m.derive(ctx, p.Instance, Environment{Linked: m.linkComplete(p)})
	if err != nil {
		p.derived, p.problem = nil, err.Error()
		return
	}
	p.derived, p.problem = &d, ""
}

// walkableAt says whether the cell lets players in, by collision alone: an empty cell does, an
// instance only when it derived and is walkable. "Unknown or invalid saved instances remain
// blocking."
func (m *Model) walkableAt(f Floor, c Cell) bool {
	if !c.In() {
		return false
	}
	id, ok := m.cells[place{f, c}]
	if !ok {
		return true
	}
	p := m.instances[id]
	return p.derived != nil && p.derived.Walkable
}

func (m *Model) at(f Floor, c Cell) *placed {
	if id, ok := m.cells[place{f, c}]; ok {
		return m.instances[id]
	}
	return nil
}

// Revision is the active build revision the model derives under.
func (m *Model) Revision() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.revision
}

// Placement asks for a new instance: the engine's initial state for Type at a cell.
type Placement struct {
	ID      string
	Type    string
	Version int
	Floor   Floor
	Cell    Cell
	State   json.RawMessage
	// Basis is the build revision State came from (the definition's initial state); nil skips the
	// comparison.
	Basis *Basis
}

// Place puts a new instance on an empty cell, placed by viewer (who needs Build), assigning its
// link group when its definition declares link. It refuses a cell off the grid or taken (400,
// 409), a blocking instance on a cell an avatar stands on (409), an instance that does not
// derive (400), and an active world link placed by a non-administrator (403: "Placing or
// changing an active world link requires world administration").
func (m *Model) Place(ctx context.Context, v Viewer, pl Placement) (Instance, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !v.Build && !v.Admin {
		return Instance{}, errorf(403, "%s may not place Gizmos: no build permission", v.ActorID)
	}
	if pl.ID == "" {
		return Instance{}, errorf(400, "placement has no id")
	}
	if _, dup := m.instances[pl.ID]; dup {
		return Instance{}, errorf(409, "instance %q already exists", pl.ID)
	}
	if !pl.Floor.valid() || !pl.Cell.In() {
		return Instance{}, errorf(400, "%s %s is off the %d×%d grid", pl.Floor, pl.Cell, Width, Height)
	}
	if other := m.at(pl.Floor, pl.Cell); other != nil {
		return Instance{}, errorf(409, "%s %s already holds %s (%s)", pl.Floor, pl.Cell, other.ID, other.Type)
	}
	if err := m.stale(pl.Basis, nil); err != nil {
		return Instance{}, err
	}
	p := &placed{Instance: Instance{ID: pl.ID, Type: pl.Type, Version: pl.Version, Floor: pl.Floor, Cell: pl.Cell, Placer: v.placer(), State: pl.State}, seq: m.seq + 1}
	// The link group comes first: the instance's lighting may depend on its completeness.
	d, err := m.derive(ctx, p.Instance, Environment{})
	if err != nil {
		return Instance{}, errorf(400, "%s (%s) cannot be placed: %v", pl.ID, pl.Type, err)
	}
	var partners []*placed
	if d.Link != nil && d.Link.Size > 1 {
		p.LinkID, partners = m.openGroup(p, d.Link.Size)
	}
	if len(partners)+1 == linkSize(&d) {
		if d, err = m.derive(ctx, p.Instance, Environment{Linked: true}); err != nil {
			return Instance{}, errorf(400, "%s (%s) cannot be placed: %v", pl.ID, pl.Type, err)
		}
	}
	if present(d.Navigate) && !v.Admin {
		return Instance{}, errorf(403, "%s may not place %s (%s): placing an active world link requires world administration", v.ActorID, pl.ID, pl.Type)
	}
	if !d.Walkable && m.avatarAt(pl.Floor, pl.Cell) != nil {
		return Instance{}, errorf(409, "%s %s: an avatar stands there and %s does not let players in", pl.Floor, pl.Cell, pl.Type)
	}
	if err := m.store.Commit(ctx, Change{Put: []Instance{p.Instance}}); err != nil {
		return Instance{}, fmt.Errorf("world: saving %s: %w", pl.ID, err)
	}
	m.seq++
	p.derived = &d
	m.instances[p.ID] = p
	m.cells[place{p.Floor, p.Cell}] = p.ID
	for _, q := range partners {
		m.rederive(ctx, q) // their group is now complete
	}
	return p.Instance, nil
}

// Remove deletes the instance (viewer needs removal permission), cancels its pending feedback,
// and leaves its link partner in an incomplete group.
func (m *Model) Remove(ctx context.Context, v Viewer, id string) ([]Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.instances[id]
	if !ok {
		return nil, errorf(404, "no instance %q", id)
	}
	if err := can(v, OpRemove, p); err != nil {
		return nil, err
	}
	if err := m.store.Commit(ctx, Change{Delete: []string{id}}); err != nil {
		return nil, fmt.Errorf("world: removing %s: %w", id, err)
	}
	return m.dropped(ctx, []*placed{p}), nil
}

// dropped forgets removed instances in memory: their cells, pending feedback, and the link
// topology of their partners.
func (m *Model) dropped(ctx context.Context, gone []*placed) []Event {
	var events []Event
	touched := map[string]*placed{}
	for _, p := range gone {
		delete(m.instances, p.ID)
		delete(m.cells, place{p.Floor, p.Cell})
		events = append(events, m.cancelFeedback(func(f *Feedback) bool { return f.Instance == p.ID }, "instance removed")...)
		events = append(events, Event{Kind: Removed, Instance: p.ID, Floor: p.Floor, To: &p.Cell})
		for _, q := range m.partners(p) {
			touched[q.ID] = q
		}
	}
	for _, q := range m.sorted() {
		if touched[q.ID] != nil {
			m.rederive(ctx, q)
		}
	}
	return events
}

// Reload re-derives every instance under a newly active build revision and cancels all pending
// feedback ("Stale events, mismatched builds … cancel or suppress output").
func (m *Model) Reload(ctx context.Context, revision int) []Event {
	m.mu.Lock()
	defer m.mu.Unlock()
	if revision < m.revision {
		return nil // a newer build was loaded first (two uploads accepted back to back)
	}
	m.revision = revision
	events := m.cancelFeedback(func(*Feedback) bool { return true }, "new revision")
	for _, p := range m.sorted() {
		m.rederive(ctx, p)
	}
	return events
}

// Instance returns one placed instance and what was derived for it (nil when it does not
// derive under the active build).
func (m *Model) Instance(id string) (Instance, *Derived, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.instances[id]
	if !ok {
		return Instance{}, nil, false
	}
	if p.derived == nil {
		return p.Instance, nil, true
	}
	d := *p.derived
	return p.Instance, &d, true
}
