package host

import (
	"encoding/json"
	"sync"

	wm "github.com/scapeworld/scape/world"
)

// change is one thing that happened in the world, told to every open tab (Server-Sent Events):
// each tab then gets the world as its own viewer sees it (its views, per role), and reactions
// as transient events.
type change struct {
	Kind     string          `json:"kind"` // revision, placed, acted, removed, seeded, loaded
	Revision int             `json:"revision,omitempty"`
	Status   string          `json:"status,omitempty"`
	Instance string          `json:"instance,omitempty"`
	Actor    string          `json:"actor,omitempty"`
	Reaction json.RawMessage `json:"reaction,omitempty"`
	// Transition is what an acted or seeded change of state plays and animates (the
	// definition's audio and animate from the previous state); every tab gets it and plays it
	// for its own avatar's distance. Like reactions, it is never replayed to a later tab.
	Transition *wm.Transition `json:"transition,omitempty"`
	// delivery is an acted change's feedback as the world delivered it: each tab's event carries
	// only that tab's share of Reaction (share.go).
	delivery *wm.Delivery
}

// hub fans changes out to the tabs' event streams. A tab that is slow to read misses
// intermediate snapshots (each one is the whole world, so the next replaces it) and, past a
// short queue, reactions (best effort, as the docs say: "not a durable message queue").
type hub struct {
	mu     sync.Mutex
	subs   map[*subscriber]struct{}
	closed bool
}

type subscriber struct {
	actor Actor
	dirty chan struct{} // one pending "send the world again"
	moved chan struct{} // one pending "send the grid again" (movement: no views re-run)
	told  chan change   // reactions and other transient notices
	done  chan struct{} // closed when the hub closes
}

func newHub() *hub { return &hub{subs: map[*subscriber]struct{}{}} }

func (h *hub) subscribe(a Actor) *subscriber {
	sub := &subscriber{actor: a, dirty: make(chan struct{}, 1), moved: make(chan struct{}, 1), told: make(chan change, 16), done: make(chan struct{})}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(sub.done)
		return sub
	}
	h.subs[sub] = struct{}{}
	return sub
}

func (h *hub) unsubscribe(sub *subscriber) {
	h.mu.Lock()
	delete(h.subs, sub)
	h.mu.Unlock()
}

func (h *hub) publish(c change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs {
		select {
		case sub.dirty <- struct{}{}:
		default: // a snapshot is already pending: it will show this change too
		}
		if c.Kind == "acted" || c.Kind == "revision" || c.Kind == "seeded" && c.Transition != nil {
			select {
			case sub.told <- c.sharedWith(sub.actor.ID):
			default:
			}
		}
	}
}

// publishGrid tells every tab the grid changed (avatars moved, feedback came or went): each gets
// its grid again, without its views (which movement does not change) being run.
func (h *hub) publishGrid() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs {
		select {
		case sub.moved <- struct{}{}:
		default:
		}
	}
}

// end closes the streams of one actor (its tab ended: signed out, removed, forgotten).
func (h *hub) end(actor string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs {
		if sub.actor.ID == actor {
			delete(h.subs, sub)
			close(sub.done)
		}
	}
}

// count is the number of open streams (for tests).
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	for sub := range h.subs {
		close(sub.done)
	}
	h.subs = map[*subscriber]struct{}{}
}

// changed tells every tab about c.
func (s *Server) changed(c change) { s.events.publish(c) }
