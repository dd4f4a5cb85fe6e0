package world

import (
	"encoding/json"
	"fmt"
)

// The grid of every floor. The hosted world's size is not in the docs; these are the local
// world's, fixed so that pages and tests can rely on them.
const (
	Width  = 24
	Height = 16
)

// Floor is one of the world's two floors.
type Floor int

const (
	Surface Floor = iota
	Basement
)

// Floors lists every floor, in order.
var Floors = []Floor{Surface, Basement}

func (f Floor) String() string {
	switch f {
	case Surface:
		return "surface"
	case Basement:
		return "basement"
	}
	return fmt.Sprintf("floor(%d)", int(f))
}

// MarshalText writes the floor's name ("surface", "basement").
func (f Floor) MarshalText() ([]byte, error) {
	if !f.valid() {
		return nil, fmt.Errorf("world: no floor %d", int(f))
	}
	return []byte(f.String()), nil
}

// UnmarshalText reads a floor's name.
func (f *Floor) UnmarshalText(b []byte) error {
	for _, g := range Floors {
		if g.String() == string(b) {
			*f = g
			return nil
		}
	}
	return fmt.Errorf("world: no floor %q (surface or basement)", b)
}

func (f Floor) valid() bool { return f == Surface || f == Basement }

// Cell is a grid cell: x grows to the right, y downwards (as push directions do).
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.X, c.Y) }

// In says whether the cell is on the grid.
func (c Cell) In() bool { return c.X >= 0 && c.X < Width && c.Y >= 0 && c.Y < Height }

// Add offsets the cell.
func (c Cell) Add(dx, dy int) Cell { return Cell{c.X + dx, c.Y + dy} }

// Dir is a movement direction, spelled as GizmoPush's direction.
type Dir string

const (
	Right Dir = "right"
	Down  Dir = "down"
	Left  Dir = "left"
	Up    Dir = "up"
)

// Dirs is the order in which neighbours are tried (pathing) — GizmoPush's own order.
var Dirs = []Dir{Right, Down, Left, Up}

// Delta is the direction's unit offset; ok is false for an unknown direction.
func (d Dir) Delta() (dx, dy int, ok bool) {
	switch d {
	case Right:
		return 1, 0, true
	case Down:
		return 0, 1, true
	case Left:
		return -1, 0, true
	case Up:
		return 0, -1, true
	}
	return 0, 0, false
}

// Opposite is the reverse direction.
func (d Dir) Opposite() Dir {
	switch d {
	case Right:
		return Left
	case Left:
		return Right
	case Up:
		return Down
	case Down:
		return Up
	}
	return ""
}

func dirBetween(a, b Cell) (Dir, bool) {
	for _, d := range Dirs {
		dx, dy, _ := d.Delta()
		if a.Add(dx, dy) == b {
			return d, true
		}
	}
	return "", false
}

// place is a floor and a cell: the key of the model's cell maps.
type place struct {
	Floor Floor
	Cell  Cell
}

// ms is a time as the SDK counts it (milliseconds since the Unix epoch).
type ms = int64

// rawOrNull keeps absent JSON as null, so snapshots and events have one spelling for "none".
func rawOrNull(r json.RawMessage) json.RawMessage {
	if len(r) == 0 {
		return json.RawMessage("null")
	}
	return r
}

// present says whether raw JSON holds a value (not absent, not null).
func present(r json.RawMessage) bool { return len(r) > 0 && string(r) != "null" }
