package world

import (
	"bytes"
	"context"
	"encoding/json"
)

// Deriving runs author code (the engine's derive call in a worker), which may take its whole
// budget; the model's lock, and the host's world lock around it, must not be held meanwhile
// ("the world lock is never held while author code runs"). So each change that needs outputs
// derived is prepared first: Prepare* reads what the change will need under the lock, derives
// it with no lock held, and keeps the results; the change itself, under the lock, then finds
// every derivation it needs already made. A derivation is keyed by everything it depends on
// (the revision, the instance's type, version, state and link id, the topology and the previous
// state), so a kept result is exactly what the Deriver would return now. When the world changed
// between the two steps (another change completed a link group, say), the change derives what
// is missing itself, under the lock: still correct, only slower, and counted in LockedDerives.

// deriveKey is everything a derivation depends on.
type deriveKey struct {
	revision int
	id       string
	typ      string
	version  int
	state    string
	linkID   string
	linked   bool
	previous string
}

type derivation struct {
	d   Derived
	err error
}

// maxPrepared bounds the kept derivations: each is consumed by the change it was made for, so
// only abandoned preparations (a change refused after its preparation) accumulate.
const maxPrepared = 4096

func keyOf(revision int, inst Instance, env Environment) deriveKey {
	return deriveKey{revision, inst.ID, inst.Type, inst.Version, string(compactJSON(inst.State)), inst.LinkID, env.Linked, string(compactJSON(env.Previous))}
}

func compactJSON(raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

// derive is every derivation the model makes under its lock: a prepared result when there is
// one (consumed), else the Deriver itself. The caller holds m.mu.
func (m *Model) derive(ctx context.Context, inst Instance, env Environment) (Derived, error) {
	k := keyOf(m.revision, inst, env)
	if r, ok := m.prepared[k]; ok {
		delete(m.prepared, k)
		return r.d, r.err
	}
	m.lockedDerives++
	return m.deriver.Derive(ctx, inst, env)
}

// LockedDerives counts the derivations the model had to make under its lock (none was
// prepared): tests assert that the host's changes make none.
func (m *Model) LockedDerives() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lockedDerives
}

// job is one derivation to make with no lock held.
type job struct {
	inst Instance
	env  Environment
}

// prepare derives jobs with no lock held and keeps the results for revision. The caller must
// not hold m.mu.
func (m *Model) prepare(ctx context.Context, revision int, jobs []job) {
	results := make([]derivation, len(jobs))
	for i, j := range jobs {
		d, err := m.deriver.Derive(ctx, j.inst, j.env)
		results[i] = derivation{d, err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.revision != revision {
		return // a new build arrived meanwhile: these outputs are the old build's
	}
	if len(m.prepared)+len(jobs) > maxPrepared {
		clear(m.prepared)
	}
	for i, j := range jobs {
		m.prepared[keyOf(revision, j.inst, j.env)] = results[i]
	}
}

// PrepareApply derives, with no lock held, what Apply will need to commit state for instance
// id: its outputs under the new state with the previous state (its transition).
func (m *Model) PrepareApply(ctx context.Context, id string, state json.RawMessage) {
	m.mu.Lock()
	p, ok := m.instances[id]
	if !ok {
		m.mu.Unlock()
		return
	}
	next := p.Instance
	next.State = state
	j := job{next, Environment{Linked: m.linkComplete(p), Previous: p.State}}
	rev := m.revision
	m.mu.Unlock()
	m.prepare(ctx, rev, []job{j})
}

// PreparePlace derives, with no lock held, what Place will need: the placement's outputs
// unlinked, and when its definition links and its group would complete, its outputs linked and
// its partners' (whose group completes with it).
func (m *Model) PreparePlace(ctx context.Context, v Viewer, pl Placement) {
	inst := Instance{ID: pl.ID, Type: pl.Type, Version: pl.Version, Floor: pl.Floor, Cell: pl.Cell, Placer: v.placer(), State: pl.State}
	m.mu.Lock()
	rev := m.revision
	m.mu.Unlock()
	d, err := m.deriver.Derive(ctx, inst, Environment{})
	jobs := []job{}
	m.mu.Lock()
	if err == nil && d.Link != nil && d.Link.Size > 1 {
		p := &placed{Instance: inst, seq: m.seq + 1}
		linkID, partners := m.openGroup(p, d.Link.Size)
		if len(partners)+1 == d.Link.Size {
			inst.LinkID = linkID
			jobs = append(jobs, job{inst, Environment{Linked: true}})
			for _, q := range partners {
				jobs = append(jobs, job{q.Instance, Environment{Linked: true}})
			}
		}
	}
	if m.revision == rev {
		unlinked := inst
		unlinked.LinkID = ""
		m.prepared[keyOf(rev, unlinked, Environment{})] = derivation{d, err}
	}
	m.mu.Unlock()
	if len(jobs) > 0 {
		m.prepare(ctx, rev, jobs)
	}
}

// PrepareRemove derives, with no lock held, what Remove will need: the outputs of the removed
// instance's link partners, whose group it leaves incomplete.
func (m *Model) PrepareRemove(ctx context.Context, id string) {
	m.mu.Lock()
	p, ok := m.instances[id]
	var jobs []job
	if ok {
		for _, q := range m.partners(p) {
			jobs = append(jobs, job{q.Instance, Environment{Linked: false}})
		}
	}
	rev := m.revision
	m.mu.Unlock()
	if len(jobs) > 0 {
		m.prepare(ctx, rev, jobs)
	}
}

// PrepareReload derives, with no lock held, every instance's outputs under the build of
// revision (which the Deriver must already run), for Reload(revision).
func (m *Model) PrepareReload(ctx context.Context, revision int) {
	m.mu.Lock()
	jobs := make([]job, 0, len(m.instances))
	for _, p := range m.sorted() {
		jobs = append(jobs, job{p.Instance, Environment{Linked: m.linkComplete(p)}})
	}
	m.mu.Unlock()
	results := make([]derivation, len(jobs))
	for i, j := range jobs {
		d, err := m.deriver.Derive(ctx, j.inst, j.env)
		results[i] = derivation{d, err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.prepared)+len(jobs) > maxPrepared {
		clear(m.prepared)
	}
	for i, j := range jobs {
		m.prepared[keyOf(revision, j.inst, j.env)] = results[i]
	}
}
