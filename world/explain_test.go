package world

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// Twelve key presses 120 ms apart, faster than a move (150 ms, started on 50 ms ticks), move the
// avatar twelve cells: each press is queued, none is lost. Past MaxQueuedSteps a press is
// refused, and the queue still walks its steps.
func TestQueuedStepsAreNotLost(t *testing.T) {
	m, _ := newModel(t, defs)
	a, _ := m.Join("ann")
	start := a.Cell.X
	now := time.UnixMilli(0)
	for i := 0; i < 12; i++ {
		if err := m.Move("ann", Left); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 12; j++ { // 120 ms of 10 ms steps; the host ticks every 50
			now = now.Add(10 * time.Millisecond)
			if now.UnixMilli()%TickInterval.Milliseconds() == 0 {
				m.Tick(now)
			}
		}
	}
	for i := 0; i < 40; i++ {
		now = now.Add(TickInterval)
		m.Tick(now)
	}
	if got := m.Snapshot().Avatars[0].Cell.X; start-got != 12 {
		t.Fatalf("12 presses moved the avatar %d cells", start-got)
	}

	for i := 0; i < MaxQueuedSteps; i++ {
		if err := m.Move("ann", Right); err != nil {
			t.Fatalf("press %d: %v", i+1, err)
		}
	}
	if err := m.Move("ann", Right); !errors.Is(err, ErrConflict) {
		t.Fatalf("press %d: %v, want a 409", MaxQueuedSteps+1, err)
	}
	steps(m, &now, 3*MaxQueuedSteps)
	if got := m.Snapshot().Avatars[0].Cell.X; got != start-12+MaxQueuedSteps {
		t.Fatalf("after %d queued steps the avatar is at x=%d, want %d", MaxQueuedSteps, got, start-12+MaxQueuedSteps)
	}
}

// A held key (Hold, asked again and again) keeps exactly one step queued: the avatar walks on
// while it is held, and stops one step past the move under way when it is let go, however often
// it was asked.
func TestHoldKeepsOneStepQueued(t *testing.T) {
	m, _ := newModel(t, defs)
	a, _ := m.Join("ann")
	now := time.UnixMilli(0)
	for i := 0; i < 10; i++ { // ten asks before the first tick: one step
		if err := m.Hold("ann", Down); err != nil {
			t.Fatal(err)
		}
	}
	steps(m, &now, 4)
	if got := m.Snapshot().Avatars[0].Cell; got != a.Cell.Add(0, 1) {
		t.Fatalf("ten asks of a held key before a tick moved the avatar to %v, want one step", got)
	}
	// Held through five moves: asked every tick, it moves every move.
	for i := 0; i < 5*3; i++ {
		_ = m.Hold("ann", Down)
		now = now.Add(TickInterval)
		m.Tick(now)
	}
	at := m.Snapshot().Avatars[0]
	if at.Moving != nil {
		at.Cell = *at.Moving
	}
	moved := at.Cell.Y - a.Cell.Y
	if moved < 4 {
		t.Fatalf("held for five moves' time, the avatar moved %d cells", moved)
	}
	steps(m, &now, 5)
	if after := m.Snapshot().Avatars[0].Cell.Y - a.Cell.Y; after > moved+1 {
		t.Fatalf("let go on the way to %d cells, the avatar went on to %d", moved, after)
	}
}

// A step refused says what was in the way, in the event and in the avatar's log: the edge, a
// Gizmo that does not let players in, another avatar. A push held against a wall is told once,
// not every tick. The log keeps the newest LogSize notes, numbered in order.
func TestBlockedStepsSayWhy(t *testing.T) {
	m, _ := newModel(t, defs)
	put(t, m, Owner("o"), "w", "wall", Spawn.X+1, Spawn.Y)
	_, _ = m.Join("ann")
	_, _ = m.Join("bob")
	now := time.UnixMilli(0)
	bob := Spawn.Add(-1, 0) // bob joined at (11,7), one step above
	if _, err := m.WalkTo("bob", bob); err != nil {
		t.Fatal(err)
	}
	steps(m, &now, 4)
	_ = m.Move("ann", Right) // the wall
	ev := kindsOf(steps(m, &now, 1), Blocked)
	if len(ev) != 1 || ev[0].Cause != CauseGizmo || ev[0].Obstacle != "w" || *ev[0].To != Spawn.Add(1, 0) || !strings.Contains(ev[0].Reason, "does not let players in") {
		t.Fatalf("into the wall: %+v", ev)
	}
	_ = m.Move("ann", Left)
	if ev := kindsOf(steps(m, &now, 1), Blocked); len(ev) != 1 || ev[0].Cause != CauseAvatar || ev[0].By != "bob" {
		t.Fatalf("into bob: %+v", ev)
	}
	// Walk ann to the top edge, then up once more.
	if _, err := m.WalkTo("ann", Cell{Spawn.X, 0}); err != nil {
		t.Fatal(err)
	}
	steps(m, &now, Height)
	_ = m.Move("ann", Up)
	if ev := kindsOf(steps(m, &now, 1), Blocked); len(ev) != 1 || ev[0].Cause != CauseEdge || *ev[0].To != (Cell{Spawn.X, -1}) {
		t.Fatalf("off the grid: %+v", ev)
	}
	log := m.Log("ann")
	if len(log) != 3 || log[0].Cause != CauseGizmo || log[1].Cause != CauseAvatar || log[2].Cause != CauseEdge || !(log[0].Seq < log[1].Seq && log[1].Seq < log[2].Seq) {
		t.Fatalf("ann's log: %+v", log)
	}
	if l := m.Log("bob"); len(l) != 0 {
		t.Fatalf("bob's log has ann's notes: %+v", l)
	}
	for i := 0; i < LogSize+5; i++ {
		_ = m.Move("ann", Up)
		steps(m, &now, 1)
	}
	if log := m.Log("ann"); len(log) != LogSize || log[LogSize-1].Seq-log[0].Seq != LogSize-1 {
		t.Fatalf("the log holds %d notes (want the newest %d)", len(log), LogSize)
	}

	// A belt pushing into a wall: the push is held, told once over many ticks.
	m2, _ := newModel(t, defs)
	put(t, m2, Owner("o"), "b", "belt", Spawn.X+1, Spawn.Y)
	put(t, m2, Owner("o"), "w", "wall", Spawn.X+2, Spawn.Y)
	_, _ = m2.Join("ann")
	_ = m2.Move("ann", Right)
	held := kindsOf(steps(m2, &now, 10), Waiting)
	if len(held) != 1 || held[0].Movement != "push" || held[0].Obstacle != "w" {
		t.Fatalf("a push held by a wall for 10 ticks: %+v", held)
	}
}

// Nearest is every cell once, ring by ring, each ring in reading order.
func TestNearestOrder(t *testing.T) {
	c := Cell{12, 8}
	cells := Nearest(c)
	if len(cells) != Width*Height {
		t.Fatalf("%d cells, want %d", len(cells), Width*Height)
	}
	seen := map[Cell]bool{}
	for _, n := range cells {
		if seen[n] || !n.In() {
			t.Fatalf("%v twice or off the grid", n)
		}
		seen[n] = true
	}
	want := []Cell{{12, 8}, {11, 7}, {12, 7}, {13, 7}, {11, 8}, {13, 8}, {11, 9}, {12, 9}, {13, 9}, {10, 6}}
	for i, w := range want {
		if cells[i] != w {
			t.Fatalf("cell %d is %v, want %v (%v)", i, cells[i], w, cells[:len(want)])
		}
	}
	if corner := Nearest(Cell{0, 0}); corner[0] != (Cell{0, 0}) || corner[1] != (Cell{1, 0}) || corner[3] != (Cell{1, 1}) {
		t.Fatalf("from the corner: %v", corner[:4])
	}
}

// A placement that names no cell goes beside its placer: the nearest free cell of the placer's
// floor, in Nearest order, never a cell an avatar is in, and never the one that would wall the
// placer in. A placer without an avatar on the floor places from the floor's Spawn.
func TestPlacementCellBesideThePlacer(t *testing.T) {
	m, _ := newModel(t, defs)
	_, _ = m.Join("ann")
	now := time.UnixMilli(0)
	if _, err := m.WalkTo("ann", Cell{3, 3}); err != nil {
		t.Fatal(err)
	}
	steps(m, &now, 20)
	var placed []Cell
	for i := 0; i < 9; i++ {
		c, ok := m.PlacementCell("ann", Surface)
		if !ok {
			t.Fatal("no cell")
		}
		placed = append(placed, c)
		put(t, m, Owner("ann"), "w"+itoa(i), "wall", c.X, c.Y)
	}
	// Ring 1 in reading order, but the last free side of ann (3,4) is kept: (4,4) then ring 2.
	want := []Cell{{2, 2}, {3, 2}, {4, 2}, {2, 3}, {4, 3}, {2, 4}, {4, 4}, {1, 1}, {2, 1}}
	for i := range want {
		if placed[i] != want[i] {
			t.Fatalf("placements went to %v, want %v", placed, want)
		}
	}
	if _, err := m.WalkTo("ann", Cell{3, 10}); err != nil {
		t.Fatalf("ann is walled in: %v", err)
	}
	// bob, who stands nowhere on the basement, places from its Spawn; a cell taken by an avatar
	// is skipped.
	_, _ = m.Join("bob")
	if c, _ := m.PlacementCell("bob", Basement); c != Spawn {
		t.Fatalf("bob's basement placement: %v, want the spawn", c)
	}
	if c, _ := m.PlacementCell("nobody", Surface); c == Spawn || max(abs(c.X-Spawn.X), abs(c.Y-Spawn.Y)) != 1 {
		t.Fatalf("a placement from the spawn where bob stands: %v", c)
	}
}
