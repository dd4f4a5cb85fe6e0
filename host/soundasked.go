package host

import (
	"container/list"
	"encoding/json"
	"sync"
)

// askedSounds remembers, per tab session, the sounds its previews and sequence steps handed it:
// those WAVs are served to that session only (a recipe one player's input made is not
// everyone's to fetch). Bounded twice: each session keeps its newest maxAskedPerSession, and all
// sessions together maxAskedBytes of recipes, the least recently asking session forgotten first.
// A forgotten sound is 404 until the tab asks again (the page asks before each play).
type askedSounds struct {
	mu       sync.Mutex
	sessions map[string]*askedSession
	order    *list.List // of *askedSession, most recent asker first
	bytes    int
}

type askedSession struct {
	id      string
	keys    []string // oldest first
	recipes map[string]json.RawMessage
	bytes   int
	at      *list.Element
}

const (
	// maxAskedPerSession: a sequence asks a step every fraction of a second, each with its
	// strikes; a page plays a strike within seconds of asking, so 64 is far more than it holds.
	maxAskedPerSession = 64
	// maxAskedBytes bounds the recipes remembered for every session together.
	maxAskedBytes = 8 << 20
)

// add remembers that session asked for recipe under key.
func (a *askedSounds) add(session, key string, recipe json.RawMessage) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.sessions == nil {
		a.sessions, a.order = map[string]*askedSession{}, list.New()
	}
	s := a.sessions[session]
	if s == nil {
		s = &askedSession{id: session, recipes: map[string]json.RawMessage{}}
		s.at = a.order.PushFront(s)
		a.sessions[session] = s
	}
	a.order.MoveToFront(s.at)
	if _, ok := s.recipes[key]; ok {
		return
	}
	s.keys = append(s.keys, key)
	s.recipes[key] = append(json.RawMessage(nil), recipe...)
	s.bytes += len(recipe)
	a.bytes += len(recipe)
	for len(s.keys) > maxAskedPerSession || (a.bytes > maxAskedBytes && a.order.Len() == 1 && len(s.keys) > 1) {
		a.dropOldest(s)
	}
	for a.bytes > maxAskedBytes && a.order.Len() > 1 {
		a.forget(a.order.Back().Value.(*askedSession))
	}
}

// dropOldest forgets a session's oldest sound. Called with a.mu held.
func (a *askedSounds) dropOldest(s *askedSession) {
	old := s.keys[0]
	s.keys = s.keys[1:]
	n := len(s.recipes[old])
	delete(s.recipes, old)
	s.bytes -= n
	a.bytes -= n
}

// forget forgets a whole session. Called with a.mu held.
func (a *askedSounds) forget(s *askedSession) {
	a.order.Remove(s.at)
	delete(a.sessions, s.id)
	a.bytes -= s.bytes
}

// recipe is the recipe session asked for under key.
func (a *askedSounds) recipe(session, key string) (json.RawMessage, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.sessions[session]
	if s == nil {
		return nil, false
	}
	r, ok := s.recipes[key]
	return r, ok
}

// size is the sessions and recipe bytes remembered (for tests).
func (a *askedSounds) size() (sessions, bytes int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.sessions), a.bytes
}
