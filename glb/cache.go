package glb

import (
	"crypto/sha256"
	"sync"
)

// Cache remembers results by the SHA-256 of the model's bytes, so a build that embeds the same
// model again (every rebuild in `scape gizmo dev`) checks it once. It is safe for concurrent
// use. Results are shared: callers must not modify them.
type Cache struct {
	mu      sync.Mutex
	max     int
	entries map[[32]byte]*Result
	order   [][32]byte // insertion order, oldest first, for eviction
	hits    int
	misses  int
}

// NewCache returns a cache holding at most max results (max ≤ 0 means 64). A result is small
// (facts and a few problems), so the bound is about entries, not bytes.
func NewCache(max int) *Cache {
	if max <= 0 {
		max = 64
	}
	return &Cache{max: max, entries: make(map[[32]byte]*Result)}
}

// Check returns the cached result for data's content, checking it on a miss. name only shapes
// messages about the file itself (its size), so the cache key is the content alone: the same
// bytes under another name reuse the result.
func (c *Cache) Check(name string, data []byte) *Result {
	return c.check(sha256.Sum256(data), func() *Result { return CheckNamed(name, data) })
}

func (c *Cache) check(key [32]byte, run func() *Result) *Result {
	c.mu.Lock()
	if r, ok := c.entries[key]; ok {
		c.hits++
		c.mu.Unlock()
		return r
	}
	c.misses++
	c.mu.Unlock()

	r := run()

	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; !ok {
		if len(c.order) >= c.max {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
		c.entries[key] = r
		c.order = append(c.order, key)
	}
	return r
}

// Stats reports cache hits and misses (for tests and build timing output).
func (c *Cache) Stats() (hits, misses int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
