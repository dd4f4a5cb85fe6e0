package world

import (
	"encoding/json"
	"fmt"
	"time"
)

// Each avatar keeps a short log of what the world did to it or refused it, with the reason,
// for its viewer's page ("nothing says why nothing happened" is the worst a local world can do
// to an author): a step refused and what was in the way, a push or walk held, an arrival's step,
// a travel and where it landed, a travel that did nothing and why.

// LogSize is how many notes an avatar's log keeps (the newest).
const LogSize = 20

// Note is one entry of an avatar's log: an Event, numbered in the model's order (Seq grows, so a
// page shows each note once), with a travel's cosmetics for the traveler.
type Note struct {
	Seq int `json:"seq"`
	Event
	// Arrival and TravelFeedback are a Traveled event's GizmoTravel arrival and feedback, as the
	// SDK checked them: "Optional moving-player feedback and arrival cosmetics".
	Arrival        json.RawMessage `json:"arrival,omitempty"`
	TravelFeedback json.RawMessage `json:"travelFeedback,omitempty"`
}

// note records ev in a's log and returns it.
func (m *Model) note(a *avatar, ev Event) Event {
	m.noteWith(a, Note{Event: ev})
	return ev
}

func (m *Model) noteWith(a *avatar, n Note) {
	m.noteSeq++
	n.Seq = m.noteSeq
	a.log = append(a.log, n)
	if len(a.log) > LogSize {
		a.log = append([]Note(nil), a.log[len(a.log)-LogSize:]...)
	}
}

// Log is the actor's log, oldest first (nil without an avatar).
func (m *Model) Log(actor string) []Note {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.avatars[actor]
	if !ok {
		return nil
	}
	return append([]Note(nil), a.log...)
}

// obstacle fills ev with what keeps avatar a out of c on its floor: the grid's edge, an instance
// that does not let players in, or another avatar. The Reason names ids and types; a page names
// them by their labels from Cause, Obstacle and By.
func (m *Model) obstacle(ev Event, a *avatar, c Cell) Event {
	ev.To = cellp(c)
	switch {
	case !c.In():
		ev.Cause, ev.Reason = CauseEdge, fmt.Sprintf("%s is off the %d×%d grid", c, Width, Height)
	case !m.walkableAt(a.floor, c):
		p := m.at(a.floor, c)
		ev.Cause, ev.Obstacle = CauseGizmo, p.ID
		if p.derived == nil {
			ev.Reason = fmt.Sprintf("%s holds %s (%s), which blocks: %s", c, p.ID, p.Type, p.problem)
		} else {
			ev.Reason = fmt.Sprintf("%s holds %s (%s), which does not let players in", c, p.ID, p.Type)
		}
	default:
		if other := m.avatarAt(a.floor, c); other != nil && other != a {
			ev.Cause, ev.By, ev.Reason = CauseAvatar, other.actor, fmt.Sprintf("%s is taken by %s", c, other.actor)
		}
	}
	return ev
}

// held tells, once per hold, that a's move in d (movement "walk" or "push") is held by what is in
// the way; it is tried again every tick.
func (m *Model) held(a *avatar, d Dir, movement string, now time.Time) []Event {
	dx, dy, _ := d.Delta()
	ev := m.obstacle(Event{Kind: Waiting, At: millis(now), Actor: a.actor, Floor: a.floor, From: cellp(a.cell), Direction: d, Movement: movement}, a, a.cell.Add(dx, dy))
	key := fmt.Sprintf("%s %s %s %s %s", movement, ev.To, ev.Cause, ev.Obstacle, ev.By)
	if a.waiting == key {
		return nil
	}
	a.waiting = key
	return []Event{m.note(a, ev)}
}
