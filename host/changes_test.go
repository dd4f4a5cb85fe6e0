package host

import (
	"slices"
	"testing"
)

// TestChangesGiveBackOnlyWhatIsStillTrue: a failed save gives back a change whose entry is still
// in the table and a deletion whose key did not come back, and never undoes a newer change.
func TestChangesGiveBackOnlyWhatIsStillTrue(t *testing.T) {
	c := newChanges[int]()
	c.mark("a", 1)
	c.mark("b", 2)
	c.mark("gone-then-back", 3)
	c.forget("gone-then-back")
	c.forget("c")
	dirty, gone := c.take()
	slices.Sort(gone)
	if len(dirty) != 2 || dirty["a"] != 1 || dirty["b"] != 2 || !slices.Equal(gone, []string{"c", "gone-then-back"}) {
		t.Fatalf("take: %v %v", dirty, gone)
	}
	if d, g := c.take(); len(d) != 0 || len(g) != 0 {
		t.Fatalf("a second take finds %v %v: take must start afresh", d, g)
	}
	// Meanwhile: a changed again (newer value), b dropped from the table, gone-then-back back.
	c.mark("a", 10)
	live := map[string]bool{"a": true, "gone-then-back": true}
	c.giveBack(dirty, gone, func(k string) bool { return live[k] })
	dirty, gone = c.take()
	if len(dirty) != 1 || dirty["a"] != 10 {
		t.Fatalf("after giving back: %v, want only a's newer value", dirty)
	}
	if !slices.Equal(gone, []string{"c"}) {
		t.Fatalf("after giving back: deletions %v, want only c (gone-then-back came back)", gone)
	}
}
