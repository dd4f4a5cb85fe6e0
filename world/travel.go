package world

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func itoa(n int) string { return strconv.Itoa(n) }

// travel runs a travel instance the avatar just entered (dx, dy: the entering move). The docs:
// "The host checks ordered landing exits, bounds, occupied cells and collision"; "A missing or
// ambiguous linked destination is inert"; "Travel stays on one floor". The exits are tried in
// ExitOffsets order (the SDK's travelExitOffsets) around the destination; the first on the grid,
// walkable and free of other avatars is the landing. The landing is a teleport: it fires no step
// and no further travel, and drops the steps still queued (they were aimed from the pad). The
// cooldown is the avatar's, on the source and on its linked partner, so landing on a partner and
// stepping straight back does not bounce. Either way the traveler's log tells what happened: the
// landing with the travel's arrival cosmetics, or why it did nothing (what held each exit).
func (m *Model) travel(a *avatar, p *placed, dx, dy int, now time.Time) Event {
	t := p.derived.Travel
	inert := func(cause, reason string) Event {
		return m.note(a, Event{Kind: TravelInert, At: millis(now), Actor: a.actor, Instance: p.ID, Floor: a.floor, From: cellp(a.cell), Cause: cause, Reason: reason})
	}
	if until, ok := a.cooldown[p.ID]; ok && now.Before(until) {
		return inert(CauseCooldown, fmt.Sprintf("cooldown: %d ms left", until.Sub(now).Milliseconds()))
	}
	var dest Cell
	var partner *placed
	switch t.Destination.Kind {
	case "offset":
		dest = p.Cell.Add(t.Destination.X, t.Destination.Y)
	case "linked":
		partners := m.partners(p)
		if len(partners) != 1 || !m.linkComplete(p) {
			return inert(CauseLink, "no linked destination: its link group is not complete")
		}
		partner = partners[0]
		dest = partner.Cell
	default:
		return inert("", "unknown destination "+strconv.Quote(t.Destination.Kind))
	}
	var held []Event
	for _, e := range ExitOffsets(t.Exits, t.Relative, dx, dy) {
		c := dest.Add(e[0], e[1])
		if !m.free(a, a.floor, c) {
			held = append(held, m.obstacle(Event{}, a, c))
			continue
		}
		from := a.cell
		a.cell, a.path, a.inputs = c, nil, nil
		until := now.Add(time.Duration(t.CooldownMs * float64(time.Millisecond)))
		a.cooldown[p.ID] = until
		if partner != nil {
			a.cooldown[partner.ID] = until
		}
		ev := Event{Kind: Traveled, At: millis(now), Actor: a.actor, Instance: p.ID, Floor: a.floor, From: cellp(from), To: cellp(c)}
		m.noteWith(a, Note{Event: ev, Arrival: t.Arrival, TravelFeedback: t.Feedback})
		return ev
	}
	return m.noExit(a, p, held, now)
}

// noExit is a travel that found every exit held: the first exit's obstacle is the event's, the
// reason names up to three.
func (m *Model) noExit(a *avatar, p *placed, held []Event, now time.Time) Event {
	ev := Event{Kind: TravelInert, At: millis(now), Actor: a.actor, Instance: p.ID, Floor: a.floor, From: cellp(a.cell), Reason: "no free exit"}
	var why []string
	for i, h := range held {
		if i == 0 {
			ev.To, ev.Cause, ev.Obstacle, ev.By = h.To, h.Cause, h.Obstacle, h.By
		}
		if i < 3 {
			why = append(why, h.Reason)
		}
	}
	if len(why) > 0 {
		ev.Reason += ": " + strings.Join(why, "; ")
	}
	return m.note(a, ev)
}
