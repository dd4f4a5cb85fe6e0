package host

// changes are what an in-memory table (the people, the invites) must still write to the store:
// the entries changed since the last save, by key, and the keys dropped. The table's own lock
// guards them. A save takes them all (take) and, when the store refuses, gives back what is still
// true (giveBack), so the next save tries again without undoing a newer change.
type changes[V any] struct {
	dirty map[string]V
	gone  map[string]bool
}

func newChanges[V any]() changes[V] {
	return changes[V]{dirty: map[string]V{}, gone: map[string]bool{}}
}

// mark asks for v to be saved under key.
func (c *changes[V]) mark(key string, v V) { c.dirty[key] = v }

// forget asks for key to be deleted from the store.
func (c *changes[V]) forget(key string) {
	delete(c.dirty, key)
	c.gone[key] = true
}

// take returns what is to be saved and deleted, and starts afresh.
func (c *changes[V]) take() (dirty map[string]V, gone []string) {
	dirty = c.dirty
	gone = make([]string, 0, len(c.gone))
	for key := range c.gone {
		gone = append(gone, key)
	}
	c.dirty, c.gone = map[string]V{}, map[string]bool{}
	return dirty, gone
}

// giveBack puts back what a failed save took, unless a later change made it moot: a changed
// entry only if still in the table, a deletion only if the key did not come back.
func (c *changes[V]) giveBack(dirty map[string]V, gone []string, live func(key string) bool) {
	for key, v := range dirty {
		if live(key) {
			if _, newer := c.dirty[key]; !newer {
				c.dirty[key] = v
			}
		}
	}
	for _, key := range gone {
		if !live(key) {
			c.gone[key] = true
		}
	}
}
