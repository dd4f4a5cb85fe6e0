package audio

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
)

// Cache renders each recipe once per process and keeps the WAV it encoded, addressed by the
// recipe's content: the build, the `sound` command, the host and the world page share one
// render of an unchanged sound for a whole dev session. It is bounded in bytes (least recently
// used out first); concurrent requests for one recipe wait for the same render.
type Cache struct {
	budget Budget
	max    int64

	mu      sync.Mutex
	size    int64
	order   *list.List // of *cacheEntry, most recently used first
	entries map[string]*list.Element
	flights map[string]*flight
	renders int
}

type cacheEntry struct {
	key string
	wav []byte
}

type flight struct {
	done chan struct{}
	wav  []byte
	err  error
}

// NewCache makes a cache that renders within budget and keeps at most maxBytes of WAV.
func NewCache(budget Budget, maxBytes int64) *Cache {
	return &Cache{budget: budget, max: maxBytes, order: list.New(), entries: map[string]*list.Element{}, flights: map[string]*flight{}}
}

// Shared is the process's cache: 128 MiB holds about 20 minutes of mono 48 kHz PCM16, far more
// than a project's sounds.
var Shared = NewCache(DefaultBudget, 128<<20)

// Key is the content address of a recipe: the hex SHA-256 of its canonical JSON (object keys
// sorted, no insignificant space), so two spellings of one recipe share a render. A recipe that
// is not JSON is addressed by its bytes (its render fails the same way each time).
func Key(raw json.RawMessage) string {
	sum := sha256.Sum256(canonical(raw))
	return hex.EncodeToString(sum[:])
}

func canonical(raw json.RawMessage) []byte {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return raw
	}
	out, err := json.Marshal(v) // maps marshal with sorted keys
	if err != nil {
		return raw
	}
	return out
}

// WAV returns the recipe's content address and its rendering as PCM16 WAV (EncodeWAV, bounded).
// Errors are not cached: a render that ran out of wall time on a busy machine may succeed later.
func (c *Cache) WAV(raw json.RawMessage) (string, []byte, error) {
	key := Key(raw)
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		c.order.MoveToFront(e)
		wav := e.Value.(*cacheEntry).wav
		c.mu.Unlock()
		return key, wav, nil
	}
	if f, ok := c.flights[key]; ok {
		c.mu.Unlock()
		<-f.done
		return key, f.wav, f.err
	}
	f := &flight{done: make(chan struct{})}
	c.flights[key] = f
	c.renders++
	c.mu.Unlock()

	f.wav, f.err = c.render(raw)

	c.mu.Lock()
	delete(c.flights, key)
	if f.err == nil {
		c.put(key, f.wav)
	}
	c.mu.Unlock()
	close(f.done)
	return key, f.wav, f.err
}

// Lookup returns a cached WAV by its content address, without rendering.
func (c *Cache) Lookup(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cacheEntry).wav, true
}

// Renders counts the renders the cache started (for tests and the dev loop's benchmarks).
func (c *Cache) Renders() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.renders
}

func (c *Cache) render(raw json.RawMessage) ([]byte, error) {
	s, err := c.budget.Render(raw)
	if err != nil {
		return nil, err
	}
	return EncodeWAV(s, false)
}

// put stores a WAV under key and evicts the least recently used beyond the bound; a WAV larger
// than the whole bound is returned to its caller but not kept. Called with c.mu held.
func (c *Cache) put(key string, wav []byte) {
	n := int64(len(wav))
	if n > c.max {
		return
	}
	c.entries[key] = c.order.PushFront(&cacheEntry{key, wav})
	c.size += n
	for c.size > c.max {
		last := c.order.Back()
		e := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.entries, e.key)
		c.size -= int64(len(e.wav))
	}
}
