package audio

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/cachedir"
)

// Cache renders each recipe once per process and keeps the WAV it encoded, addressed by the
// recipe's content: the build, the `sound` command, the host and the world page share one
// render of an unchanged sound for a whole dev session. It is bounded in bytes (least recently
// used out first); concurrent requests for one recipe wait for the same render.
//
// A cache with a directory (Shared's: DiskDir) also keeps each render there as <key>.wav, so
// processes share it too: the build renders in an isolation worker (package isolate), and the
// host, the `sound` command and the next worker find the file instead of rendering again
// (docs/audio.md, "The render cache").
type Cache struct {
	budget Budget
	max    int64
	dir    func() string // "" or nil: memory only
	// renderer, when set, renders a miss instead of this process (NewRenderingCache).
	renderer func(json.RawMessage) ([]byte, error)

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

// NewDiskCache is NewCache that also keeps every render in the directory dir() names (asked at
// each use, so a test's XDG_CACHE_HOME applies; "" keeps memory only), at most MaxDiskBytes.
func NewDiskCache(budget Budget, maxBytes int64, dir func() string) *Cache {
	c := NewCache(budget, maxBytes)
	c.dir = dir
	return c
}

// NewRenderingCache is NewDiskCache whose misses are rendered by render, not in this process:
// a host hands them to a worker process (package isolate), where a render's memory is bounded
// by the worker's address-space limit instead of taking the host's. render returns EncodeWAV's
// bytes for the recipe; the disk copy is its own to keep (a worker renders through its Shared,
// which writes it), so this cache only reads the directory.
func NewRenderingCache(render func(json.RawMessage) ([]byte, error), maxBytes int64, dir func() string) *Cache {
	c := NewDiskCache(DefaultBudget, maxBytes, dir)
	c.renderer = render
	return c
}

// Shared is the process's cache: 128 MiB holds about 20 minutes of mono 48 kHz PCM16, far more
// than a project's sounds; its renders are kept on disk in DiskDir too.
var Shared = NewDiskCache(DefaultBudget, 128<<20, DiskDir)

// RenderVersion names the renderer's output: the disk cache lives in a directory of its own
// per version, so a toolchain whose renderer changed never reads another's renders.
// TestRenderVersionFollowsTheGolden fails when the golden renders change without it.
const RenderVersion = "1"

// MaxDiskBytes bounds a disk cache: beyond it the least recently used files go.
const MaxDiskBytes = 256 << 20

// DiskDir is the shared disk cache: $XDG_CACHE_HOME/scape/sounds-<RenderVersion>
// (os.UserCacheDir, where the compiled SDK is cached too); "" when there is no cache directory.
func DiskDir() string {
	// cachedir checks each level (this user's, private, not a link) and creates what is missing:
	// a render read from here is served as this toolchain's own.
	dir, err := cachedir.Dir("sounds-" + RenderVersion)
	if err != nil {
		return ""
	}
	return dir
}

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

// WAV returns the recipe's content address and its rendering as PCM16 WAV (EncodeWAV, unbounded:
// the budget bounds the render, 60 s of stereo at most). Errors are not cached: a render that
// ran out of wall time on a busy machine may succeed later.
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
	c.mu.Unlock()

	f.wav, f.err = c.fill(key, raw)

	c.mu.Lock()
	delete(c.flights, key)
	if f.err == nil {
		c.put(key, f.wav)
	}
	c.mu.Unlock()
	close(f.done)
	return key, f.wav, f.err
}

// fill is the WAV of a recipe not in memory: from the disk cache, or rendered (and then kept
// there).
func (c *Cache) fill(key string, raw json.RawMessage) ([]byte, error) {
	dir := ""
	if c.dir != nil {
		dir = c.dir()
	}
	// Only a recipe this renderer accepts and the budget's sample bound allows is read from
	// disk: the file is this version's render of it, and the refusals Render makes before it
	// renders are made here too (the render itself cannot fail otherwise, but for wall time).
	var expect int
	if dir != "" {
		if r, err := Decode(raw); err == nil {
			if _, recorded := r.(Recorded); !recorded {
				frames, channels := estimate(r)
				if c.budget.Samples <= 0 || frames*channels <= c.budget.Samples {
					expect = 44 + 2*frames*channels
					if wav := readCached(filepath.Join(dir, key+".wav"), expect); wav != nil {
						return wav, nil
					}
				}
			}
		}
	}
	c.mu.Lock()
	c.renders++
	c.mu.Unlock()
	wav, err := c.render(raw)
	if err == nil && expect > 0 && len(wav) == expect && c.renderer == nil {
		writeCached(dir, key, wav) // best effort: a read-only cache only costs speed
	}
	return wav, err
}

// readCached returns a cached WAV of the expected size whose header is EncodeWAV's, or nil.
func readCached(file string, size int) []byte {
	// A regular file of the expected size only: a link or a device planted under the name is
	// never followed or read.
	if info, err := os.Lstat(file); err != nil || !info.Mode().IsRegular() || info.Size() != int64(size) {
		return nil
	}
	wav, err := os.ReadFile(file)
	if err != nil || len(wav) != size || string(wav[0:4]) != "RIFF" || string(wav[8:16]) != "WAVEfmt " ||
		binary.LittleEndian.Uint32(wav[40:]) != uint32(size-44) {
		return nil
	}
	now := time.Now()
	_ = os.Chtimes(file, now, now) // recently used: pruned last
	return wav
}

// writeCached writes <dir>/<key>.wav atomically and prunes the directory to MaxDiskBytes.
func writeCached(dir, key string, wav []byte) {
	if os.MkdirAll(dir, 0o755) != nil || atomicfile.Write(filepath.Join(dir, key+".wav"), wav, 0o644) != nil {
		return
	}
	pruneDisk(dir, MaxDiskBytes)
}

// pruneDisk removes the least recently used *.wav files of dir beyond max bytes in all.
func pruneDisk(dir string, max int64) {
	files, err := filepath.Glob(filepath.Join(dir, "*.wav"))
	if err != nil {
		return
	}
	type entry struct {
		path string
		size int64
		used time.Time
	}
	var entries []entry
	var total int64
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			entries = append(entries, entry{f, info.Size(), info.ModTime()})
			total += info.Size()
		}
	}
	if total <= max {
		return
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].used.Before(entries[j].used) })
	for _, e := range entries {
		if total <= max {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
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

// SetLimit changes the memory bound to maxBytes, evicting least recently used WAVs beyond it
// (an isolation worker keeps little in memory: its renders are on disk for other processes, and
// its memory counts against the address space its author code and renders share).
func (c *Cache) SetLimit(maxBytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.max = maxBytes
	c.evict()
}

// Size is the bytes of WAV the cache holds in memory (at most its bound).
func (c *Cache) Size() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}

// Renders counts the renders the cache started (for tests and the dev loop's benchmarks); a WAV
// found on disk is not one.
func (c *Cache) Renders() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.renders
}

func (c *Cache) render(raw json.RawMessage) ([]byte, error) {
	if c.renderer != nil {
		return c.renderer(raw)
	}
	s, err := c.budget.Render(raw)
	if err != nil {
		return nil, err
	}
	return EncodeWAV(s, true)
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
	c.evict()
}

// evict removes least recently used WAVs until the cache is within its bound. Called with c.mu
// held.
func (c *Cache) evict() {
	for c.size > c.max && c.order.Len() > 0 {
		last := c.order.Back()
		e := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.entries, e.key)
		c.size -= int64(len(e.wav))
	}
}

// CachedSamples is the samples of a WAV this package encoded (a Cache's: EncodeWAV's 44-byte
// header, then PCM16, of any length), int16/32768 as DecodeWAV reads them: what a caller of WAV
// that also needs samples (the `sound` command's figures and picture) reads back.
func CachedSamples(wav []byte) (*Samples, error) {
	le := binary.LittleEndian
	if len(wav) < 44 || string(wav[0:4]) != "RIFF" || string(wav[8:16]) != "WAVEfmt " || string(wav[36:40]) != "data" {
		return nil, errors.New("not a WAV this renderer encoded")
	}
	channels, rate, size := int(le.Uint16(wav[22:])), int(le.Uint32(wav[24:])), int(le.Uint32(wav[40:]))
	if channels < 1 || channels > 2 || size != len(wav)-44 || size%(2*channels) != 0 {
		return nil, errors.New("not a WAV this renderer encoded")
	}
	frames := size / (2 * channels)
	s := &Samples{Rate: rate, Channels: make([][]float32, channels)}
	for c := range s.Channels {
		s.Channels[c] = make([]float32, frames)
	}
	at := 44
	for n := 0; n < frames; n++ {
		for c := range s.Channels {
			s.Channels[c][n] = float32(int16(le.Uint16(wav[at:]))) / 32768
			at += 2
		}
	}
	return s, nil
}
