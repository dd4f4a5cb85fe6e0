package world

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Basis is what an author callback ran on before its result is committed: the build revision
// and, for an action or a seeded state, the instance as the callback saw it. Author code never
// runs under the model's lock (prederive.go), so the model compares and commits: a result whose
// basis is no longer current is refused with 409 (Stale says so), and the caller runs the callback
// again or tells the person to. A nil Basis commits without comparing (tests, and changes no
// callback produced).
type Basis struct {
	Revision int
	// Instance is the instance as the callback saw it; nil for a placement.
	Instance *Instance
}

// Stale says whether err refused a result because its Basis changed meanwhile (a 409 that a
// retry may not meet), as opposed to any other conflict (a cell taken, say).
func Stale(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.stale
}

// stale says why b is no longer current for p (nil p: a placement), or nil. The caller holds
// the lock.
func (m *Model) stale(b *Basis, p *placed) error {
	if b == nil {
		return nil
	}
	if b.Revision != m.revision {
		return &Error{Status: 409, Message: "a new build was activated meanwhile; try again", stale: true}
	}
	if b.Instance != nil && p != nil && (p.Version != b.Instance.Version || !bytes.Equal(p.State, b.Instance.State)) {
		return &Error{Status: 409, Message: "this Gizmo changed meanwhile; try again", stale: true}
	}
	return nil
}

// Instances is every placed instance in placement order: the model is the only reader of the
// placed instances (storage is behind Store).
func (m *Model) Instances() []Instance {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Instance, 0, len(m.instances))
	for _, p := range m.sorted() {
		out = append(out, p.Instance)
	}
	return out
}

// Record writes a build's verdict, atomically with the placed instances it was judged against:
// if same(the instances now) says they are still those, it calls record (the host's write of the
// revision, which numbers it) and, when activate, makes that revision the active build. It returns false, recording
// nothing, when they changed (the caller judges the build again). The instances keep their
// derived outputs until Reload(revision) derives them under the new build; every change from now
// on is compared against revision.
func (m *Model) Record(activate bool, same func([]Instance) bool, record func() (int, error)) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := make([]Instance, 0, len(m.instances))
	for _, p := range m.sorted() {
		now = append(now, p.Instance)
	}
	if !same(now) {
		return false, nil
	}
	revision, err := record()
	if err != nil {
		return true, err
	}
	if activate && revision > m.revision {
		m.revision = revision
	}
	return true, nil
}

// Acted is an accepted action's (or a seeded state's) result for Apply: the instance, its new
// state, the reaction (the SDK's GizmoReaction JSON, or nil) and what the callback ran on.
type Acted struct {
	ID       string
	State    json.RawMessage
	Reaction json.RawMessage
	Basis    *Basis
}
