package world

import (
	"sort"
	"time"
)

// Movement timing. The hosted world's speeds are not in the docs ("The host owns movement
// speed"): a move takes MoveDuration, and the host calls Tick about every TickInterval.
const (
	MoveDuration = 150 * time.Millisecond
	TickInterval = 50 * time.Millisecond
)

// Spawn is where joining starts looking for a free cell: the surface's centre.
var Spawn = Cell{Width / 2, Height / 2}

type move struct {
	from, to Cell
	dx, dy   int
	movement string // "walk" or "push"
	arrive   time.Time
}

type avatar struct {
	actor    string
	floor    Floor
	cell     Cell
	moving   *move
	inputs   []Dir  // queued steps (Move), oldest first, at most MaxQueuedSteps
	path     []Cell // remaining cells of a WalkTo
	cooldown map[string]time.Time
	// waiting names the hold the avatar's log last told of (a push or walk held by something in
	// the way), so a hold retried every tick is told once; a started move clears it.
	waiting string
	log     []Note // what happened to this avatar, and why (explain.go), at most LogSize
}

// MaxQueuedSteps bounds an avatar's queued steps: key presses are queued, not lost (a move takes
// MoveDuration, and a player may press faster), but a flood of them is refused.
const MaxQueuedSteps = 16

// Avatar is a viewer's avatar as the snapshot shows it.
type Avatar struct {
	Actor  string `json:"actor"`
	Floor  Floor  `json:"floor"`
	Cell   Cell   `json:"cell"`
	Moving *Cell  `json:"movingTo,omitempty"`
	Path   []Cell `json:"path,omitempty"`
}

func (a *avatar) public() Avatar {
	out := Avatar{Actor: a.actor, Floor: a.floor, Cell: a.cell, Path: append([]Cell(nil), a.path...)}
	if a.moving != nil {
		out.Moving = cellp(a.moving.to)
	}
	return out
}

// AvatarOf is the actor's avatar, if it has joined.
func (m *Model) AvatarOf(actor string) (Avatar, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.avatars[actor]
	if !ok {
		return Avatar{}, false
	}
	return a.public(), true
}

func (m *Model) avatarAt(f Floor, c Cell) *avatar {
	for _, a := range m.avatars {
		if a.floor == f && (a.cell == c || (a.moving != nil && a.moving.to == c)) {
			return a
		}
	}
	return nil
}

// free says whether a can enter c: on the grid, walkable, and no other avatar in or entering it.
func (m *Model) free(a *avatar, f Floor, c Cell) bool {
	if !m.walkableAt(f, c) {
		return false
	}
	other := m.avatarAt(f, c)
	return other == nil || other == a
}

// landing is the join rule: the first free walkable cell from Spawn in Nearest order (square
// rings, each in reading order).
func (m *Model) landing(a *avatar, f Floor) (Cell, bool) {
	for _, c := range Nearest(Spawn) {
		if m.free(a, f, c) {
			return c, true
		}
	}
	return Cell{}, false
}

// Join gives the viewer its avatar, on the first free walkable cell from Spawn on the surface;
// an actor already in the world keeps its avatar. A join triggers no step ("Joins, teleports and
// standing still do not trigger it") and receives no feedback already under way ("late joins do
// not replay feedback").
func (m *Model) Join(actor string) (Avatar, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if actor == "" {
		return Avatar{}, errorf(400, "joining needs an actor id")
	}
	if a, ok := m.avatars[actor]; ok {
		return a.public(), nil
	}
	a := &avatar{actor: actor, floor: Surface, cooldown: map[string]time.Time{}}
	c, ok := m.landing(a, Surface)
	if !ok {
		return Avatar{}, errorf(409, "the surface has no free walkable cell")
	}
	a.cell = c
	m.avatars[actor] = a
	return a.public(), nil
}

// Leave removes the viewer's avatar and its share of pending feedback.
func (m *Model) Leave(actor string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.avatars, actor)
	for _, f := range m.feedback {
		f.drop(actor)
	}
}

// SetFloor moves the avatar to another floor, on that floor's first free walkable cell from
// Spawn (a teleport: no step). Its pending feedback is dropped: "floor changes … cancel or
// suppress output".
func (m *Model) SetFloor(actor string, f Floor) (Avatar, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.avatars[actor]
	if !ok {
		return Avatar{}, errorf(404, "%s has not joined", actor)
	}
	if !f.valid() {
		return Avatar{}, errorf(400, "no floor %d", int(f))
	}
	if f == a.floor {
		return a.public(), nil
	}
	c, ok := m.landing(a, f)
	if !ok {
		return Avatar{}, errorf(409, "the %s has no free walkable cell", f)
	}
	a.floor, a.cell, a.moving, a.path, a.inputs = f, c, nil, nil, nil
	for _, fb := range m.feedback {
		fb.drop(actor)
	}
	return a.public(), nil
}

// Move queues one step in dir after the steps already queued (and drops any path): each press
// of a key is a step, taken in order as the avatar becomes free, so presses faster than
// MoveDuration are not lost. More than MaxQueuedSteps waiting is refused (409).
func (m *Model) Move(actor string, dir Dir) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.steering(actor, dir)
	if err != nil {
		return err
	}
	if len(a.inputs) >= MaxQueuedSteps {
		return errorf(409, "%d steps are already queued", MaxQueuedSteps)
	}
	a.inputs, a.path = append(a.inputs, dir), nil
	return nil
}

// Hold is a held key: one step in dir, queued only when no step is (a key held down asks again
// and again; the avatar walks on continuously and stops at most one step after the key is let go).
func (m *Model) Hold(actor string, dir Dir) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.steering(actor, dir)
	if err != nil {
		return err
	}
	if len(a.inputs) == 0 {
		a.inputs, a.path = []Dir{dir}, nil
	}
	return nil
}

// steering is the avatar a Move or Hold steers, if it has joined and dir is a direction.
func (m *Model) steering(actor string, dir Dir) (*avatar, error) {
	a, ok := m.avatars[actor]
	if !ok {
		return nil, errorf(404, "%s has not joined", actor)
	}
	if _, _, ok := dir.Delta(); !ok {
		return nil, errorf(400, "no direction %q (right, down, left or up)", dir)
	}
	return a, nil
}

// WalkTo plans a shortest path over walkable cells (breadth-first, neighbours tried right, down,
// left, up) to target on the avatar's floor; Ticks then walk it one cell per move. Other avatars
// are not obstacles to the plan: a step into an occupied cell waits. It returns the path.
func (m *Model) WalkTo(actor string, target Cell) ([]Cell, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.avatars[actor]
	if !ok {
		return nil, errorf(404, "%s has not joined", actor)
	}
	if !target.In() {
		return nil, errorf(400, "%s is off the %d×%d grid", target, Width, Height)
	}
	if !m.walkableAt(a.floor, target) {
		return nil, errorf(409, "%s %s does not let players in", a.floor, target)
	}
	from := a.cell
	if a.moving != nil {
		from = a.moving.to
	}
	path, ok := m.plan(a.floor, from, target)
	if !ok {
		return nil, errorf(409, "no walkable path from %s to %s on the %s", from, target, a.floor)
	}
	a.path, a.inputs = path, nil
	return append([]Cell(nil), path...), nil
}

func (m *Model) plan(f Floor, from, to Cell) ([]Cell, bool) {
	prev := map[Cell]Cell{from: from}
	queue := []Cell{from}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == to {
			var path []Cell
			for ; c != from; c = prev[c] {
				path = append([]Cell{c}, path...)
			}
			return path, true
		}
		for _, d := range Dirs {
			dx, dy, _ := d.Delta()
			n := c.Add(dx, dy)
			if _, seen := prev[n]; seen || !m.walkableAt(f, n) {
				continue
			}
			prev[n] = c
			queue = append(queue, n)
		}
	}
	return nil, false
}

// pushAt is the active push of the cell's instance, if any.
func (m *Model) pushAt(f Floor, c Cell) *Push {
	p := m.at(f, c)
	if p == nil || p.derived == nil || !p.derived.Walkable || p.derived.Push == nil {
		return nil
	}
	return p.derived.Push
}

// Tick advances the world to now: moves under way arrive (firing step and travel), cooldowns
// end, idle avatars start their next move (input or push), and feedback expires. Avatars are
// handled in actor order, so a tick is deterministic. It returns what happened, in order.
func (m *Model) Tick(now time.Time) []Event {
	m.mu.Lock()
	defer m.mu.Unlock()
	var events []Event
	actors := make([]string, 0, len(m.avatars))
	for id := range m.avatars {
		actors = append(actors, id)
	}
	sort.Strings(actors)
	for _, id := range actors {
		if a := m.avatars[id]; a.moving != nil && !now.Before(a.moving.arrive) {
			events = append(events, m.arrive(a, now)...)
		}
	}
	for _, id := range actors {
		a := m.avatars[id]
		var ended []string
		for src, until := range a.cooldown {
			if !now.Before(until) {
				ended = append(ended, src)
			}
		}
		sort.Strings(ended)
		for _, src := range ended {
			delete(a.cooldown, src)
			events = append(events, Event{Kind: CooldownEnded, At: millis(now), Actor: id, Instance: src, Floor: a.floor})
		}
	}
	for _, id := range actors {
		if a := m.avatars[id]; a.moving == nil {
			events = append(events, m.decide(a, now)...)
		}
	}
	return append(events, m.expireFeedback(now)...)
}

// decide starts an idle avatar's next move. On a pushing cell: "Players can steer out" — input
// wins, except that "blockOpposingInput: true blocks only the opposite input while allowing
// lateral exits"; without input (or with blocked input) the push moves the avatar one cell, and a
// blocked push simply tries again next tick (the host's "blocked-exit retry"). Input that cannot
// start, and a push held, are told in the avatar's log with what is in the way.
func (m *Model) decide(a *avatar, now time.Time) []Event {
	var events []Event
	push := m.pushAt(a.floor, a.cell)
	if in, queued, ok := m.nextInput(a); ok {
		switch {
		case push != nil && push.BlockOpposingInput && in == push.Direction.Opposite():
			a.path = nil
			if queued {
				a.inputs = a.inputs[1:]
			}
			src := m.at(a.floor, a.cell)
			events = append(events, m.note(a, Event{Kind: Blocked, At: millis(now), Actor: a.actor, Instance: src.ID, Floor: a.floor, From: cellp(a.cell),
				Direction: in, Cause: CausePush, Reason: "the push blocks opposing input"}))
		case m.start(a, in, "walk", now):
			if queued {
				a.inputs = a.inputs[1:]
			} else {
				a.path = a.path[1:]
			}
			return events
		default:
			events = append(events, m.inputBlocked(a, in, queued, now)...)
		}
	}
	if push != nil && !m.start(a, push.Direction, "push", now) {
		events = append(events, m.held(a, push.Direction, "push", now)...)
	}
	return events
}

// nextInput is the direction the viewer asked for: the first queued step (queued), or the next
// cell of a path.
func (m *Model) nextInput(a *avatar) (d Dir, queued, ok bool) {
	if len(a.inputs) > 0 {
		return a.inputs[0], true, true
	}
	if len(a.path) == 0 {
		return "", false, false
	}
	d, ok = dirBetween(a.cell, a.path[0])
	if !ok { // a push or travel took the avatar off its path: plan again from here
		goal := a.path[len(a.path)-1]
		a.path = nil
		if path, found := m.plan(a.floor, a.cell, goal); found && len(path) > 0 {
			a.path = path
			d, _ = dirBetween(a.cell, path[0])
			return d, false, true
		}
		return "", false, false
	}
	return d, false, true
}

// inputBlocked handles input that could not start: a queued step is dropped, and told (each
// press is its own request); a path waits for an avatar in the way (told once), and is planned
// again around new collision (or dropped if there is none).
func (m *Model) inputBlocked(a *avatar, d Dir, queued bool, now time.Time) []Event {
	dx, dy, _ := d.Delta()
	next := a.cell.Add(dx, dy)
	if queued {
		a.inputs = a.inputs[1:]
		ev := Event{Kind: Blocked, At: millis(now), Actor: a.actor, Floor: a.floor, From: cellp(a.cell), To: cellp(next), Direction: d}
		return []Event{m.note(a, m.obstacle(ev, a, next))}
	}
	if m.walkableAt(a.floor, next) {
		return m.held(a, d, "walk", now) // another avatar: wait
	}
	goal := a.path[len(a.path)-1]
	a.path = nil
	if path, ok := m.plan(a.floor, a.cell, goal); ok {
		a.path = path
	}
	return nil
}

func (m *Model) start(a *avatar, d Dir, movement string, now time.Time) bool {
	dx, dy, _ := d.Delta()
	to := a.cell.Add(dx, dy)
	if !m.free(a, a.floor, to) {
		return false
	}
	a.moving = &move{from: a.cell, to: to, dx: dx, dy: dy, movement: movement, arrive: now.Add(MoveDuration)}
	a.waiting = ""
	return true
}

// arrive completes a move: "A started move finishes normally if the source switches off." Step
// fires on the cell's instance ("The event identifies a walking or pushed arrival"), then travel.
func (m *Model) arrive(a *avatar, now time.Time) []Event {
	mv := a.moving
	a.moving = nil
	a.cell = mv.to
	events := []Event{{Kind: Moved, At: millis(now), Actor: a.actor, Floor: a.floor, From: cellp(mv.from), To: cellp(mv.to), Movement: mv.movement}}
	p := m.at(a.floor, a.cell)
	if p == nil || p.derived == nil {
		return events
	}
	if p.derived.Step {
		m.stepSeq++
		events = append(events, m.note(a, Event{Kind: Stepped, At: millis(now), Actor: a.actor, Instance: p.ID, Floor: a.floor, To: cellp(a.cell),
			Movement: mv.movement, StepID: "step-" + itoa(m.stepSeq)}))
	}
	if p.derived.Travel != nil {
		events = append(events, m.travel(a, p, mv.dx, mv.dy, now))
	}
	return events
}
