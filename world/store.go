package world

import (
	"context"
	"encoding/json"
	"sync"
)

// Instance is one placed Gizmo: identity, place, placer, link group and state, as it is saved and
// as the engine runs author code on it. It is the toolchain's one instance type: the host's store,
// its handlers and the engine (validate, isolate) all use it, so nothing converts between copies.
type Instance struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Version int             `json:"version"`
	Floor   Floor           `json:"floor"`
	Cell    Cell            `json:"cell"`
	Placer  string          `json:"placer"`
	LinkID  string          `json:"linkId,omitempty"`
	State   json.RawMessage `json:"state"`
	// Walkable is Type's fixed walkability under the build the instance was placed with, set
	// only when placed instances are handed to a new build's check (a build that changes it is
	// refused while they are placed); nil when unknown. It is not stored.
	Walkable *bool `json:"walkable,omitempty"`
}

// Change is one atomic write: every Put (insert or replace by ID) and every Delete happen
// together or not at all.
type Change struct {
	Put    []Instance
	Delete []string
}

// Store persists the placed instances. Commit must be atomic (one SQLite transaction): an
// action's new state together with the removals its reaction asked for, and a placement together
// with its link group. Instances returns them in placement order (the order Commit first put
// them), which decides link grouping after a restart. Avatars, cooldowns and feedback are not
// persisted.
type Store interface {
	Instances(ctx context.Context) ([]Instance, error)
	Commit(ctx context.Context, c Change) error
}

// MemStore is an in-memory Store for tests. Fail, when set, is returned by the next Commit,
// which then changes nothing.
type MemStore struct {
	mu    sync.Mutex
	order []string
	byID  map[string]Instance
	Fail  error
}

// NewMemStore holds the given instances, in that order.
func NewMemStore(instances ...Instance) *MemStore {
	s := &MemStore{byID: map[string]Instance{}}
	for _, in := range instances {
		s.order = append(s.order, in.ID)
		s.byID[in.ID] = in
	}
	return s
}

// Instances implements Store.
func (s *MemStore) Instances(context.Context) ([]Instance, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Instance, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, s.byID[id])
	}
	return out, nil
}

// Commit implements Store.
func (s *MemStore) Commit(_ context.Context, c Change) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.Fail; err != nil {
		s.Fail = nil
		return err
	}
	for _, id := range c.Delete {
		if _, ok := s.byID[id]; ok {
			delete(s.byID, id)
			for i, o := range s.order {
				if o == id {
					s.order = append(s.order[:i:i], s.order[i+1:]...)
					break
				}
			}
		}
	}
	for _, in := range c.Put {
		if _, ok := s.byID[in.ID]; !ok {
			s.order = append(s.order, in.ID)
		}
		s.byID[in.ID] = in
	}
	return nil
}
