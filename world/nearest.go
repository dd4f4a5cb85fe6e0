package world

// Nearest lists every cell of the grid by its distance from c, the one order in which the world
// looks for a free cell (a joining avatar's landing, a placement's cell): square rings of
// Chebyshev distance 0, 1, 2, … around c, each ring in reading order (top row first, left to
// right). c itself comes first when it is on the grid.
func Nearest(c Cell) []Cell {
	out := make([]Cell, 0, Width*Height)
	for d := 0; len(out) < Width*Height && d < Width+Height; d++ {
		for y := c.Y - d; y <= c.Y+d; y++ {
			for x := c.X - d; x <= c.X+d; x++ {
				n := Cell{x, y}
				if max(abs(x-c.X), abs(y-c.Y)) == d && n.In() {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// PlacementCell is where a placement by actor that names no cell goes on floor f: beside the
// placer. It is the first cell in Nearest order from the actor's avatar (from Spawn when the
// actor has no avatar on f) with no instance and no avatar in or entering it, skipping a cell
// that would wall the placer in: with a blocking Gizmo there (a new Gizmo is taken to block;
// its walkability is not known before it derives), the placer's avatar must still reach a cell
// farther out than the ring being filled. When every free cell would wall it in, the nearest
// free one is taken all the same. ok is false when the floor has no free cell.
func (m *Model) PlacementCell(actor string, f Floor) (Cell, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	from, placer := Spawn, m.avatars[actor]
	if placer != nil && placer.floor == f {
		from = placer.cell
	} else {
		placer = nil
	}
	first, found := Cell{}, false
	for _, c := range Nearest(from) {
		if m.at(f, c) != nil || m.avatarAt(f, c) != nil {
			continue
		}
		if placer == nil || m.leavesWayOut(placer, c) {
			return c, true
		}
		if !found {
			first, found = c, true
		}
	}
	return first, found
}

// leavesWayOut says whether the avatar a could still walk (over walkable cells, other avatars
// ignored as pathing ignores them) to a cell farther from it than blocked is, with blocked
// taken.
func (m *Model) leavesWayOut(a *avatar, blocked Cell) bool {
	ring := max(abs(blocked.X-a.cell.X), abs(blocked.Y-a.cell.Y))
	seen := map[Cell]bool{a.cell: true, blocked: true}
	queue := []Cell{a.cell}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if max(abs(c.X-a.cell.X), abs(c.Y-a.cell.Y)) > ring {
			return true
		}
		for _, d := range Dirs {
			dx, dy, _ := d.Delta()
			n := c.Add(dx, dy)
			if !seen[n] && m.walkableAt(a.floor, n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}
