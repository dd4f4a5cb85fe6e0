package world

import (
	"strconv"
	"time"
)

func itoa(n int) string { return strconv.Itoa(n) }

// travel runs a travel instance the avatar just entered (dx, dy: the entering move). The docs:
// "The host checks ordered landing exits, bounds, occupied cells and collision"; "A missing or
// ambiguous linked destination is inert"; "Travel stays on one floor". The exits are tried in
// ExitOffsets order (the SDK's travelExitOffsets) around the destination; the first on the grid,
// walkable and free of other avatars is the landing. The landing is a teleport: it fires no step
// and no further travel. The cooldown is the avatar's, on the source and on its linked partner,
// so landing on a partner and stepping straight back does not bounce.
func (m *Model) travel(a *avatar, p *placed, dx, dy int, now time.Time) Event {
	t := p.derived.Travel
	inert := func(reason string) Event {
		return Event{Kind: TravelInert, At: millis(now), Actor: a.actor, Instance: p.ID, Floor: a.floor, From: cellp(a.cell), Reason: reason}
	}
	if until, ok := a.cooldown[p.ID]; ok && now.Before(until) {
		return inert("cooldown")
	}
	var dest Cell
	var partner *placed
	switch t.Destination.Kind {
	case "offset":
		dest = p.Cell.Add(t.Destination.X, t.Destination.Y)
	case "linked":
		partners := m.partners(p)
		if len(partners) != 1 || !m.linkComplete(p) {
			return inert("no linked destination")
		}
		partner = partners[0]
		dest = partner.Cell
	default:
		return inert("unknown destination " + strconv.Quote(t.Destination.Kind))
	}
	for _, e := range ExitOffsets(t.Exits, t.Relative, dx, dy) {
		c := dest.Add(e[0], e[1])
		if !m.free(a, a.floor, c) {
			continue
		}
		from := a.cell
		a.cell, a.path, a.input = c, nil, ""
		until := now.Add(time.Duration(t.CooldownMs * float64(time.Millisecond)))
		a.cooldown[p.ID] = until
		if partner != nil {
			a.cooldown[partner.ID] = until
		}
		return Event{Kind: Traveled, At: millis(now), Actor: a.actor, Instance: p.ID, Floor: a.floor, From: cellp(from), To: cellp(c)}
	}
	return inert("no free exit")
}
