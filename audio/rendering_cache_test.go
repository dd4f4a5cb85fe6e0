package audio

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// TestRenderingCacheRendersElsewhere: a NewRenderingCache's misses go to its renderer (a host's
// worker), never to this process's renderer; a render on disk is read instead; what the renderer
// returns is kept in memory within the bound but not written to disk (the worker wrote it).
func TestRenderingCacheRendersElsewhere(t *testing.T) {
	dir := t.TempDir()
	_, want, err := NewCache(DefaultBudget, 1<<20).WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	c := NewRenderingCache(func(raw json.RawMessage) ([]byte, error) {
		calls.Add(1)
		_, wav, err := NewCache(DefaultBudget, 1<<20).WAV(raw)
		return wav, err
	}, int64(len(want))+10, func() string { return dir })
	key, got, err := c.WAV(json.RawMessage(ring))
	if err != nil || !bytes.Equal(got, want) || calls.Load() != 1 {
		t.Fatalf("a miss: err %v, same bytes %v, renderer calls %d", err, bytes.Equal(got, want), calls.Load())
	}
	if _, err := os.Stat(filepath.Join(dir, key+".wav")); err == nil {
		t.Fatal("the cache wrote the renderer's WAV to disk: the renderer keeps its own copy")
	}
	if _, _, err := c.WAV(json.RawMessage(ring)); err != nil || calls.Load() != 1 {
		t.Fatalf("a memory hit called the renderer again (%d calls)", calls.Load())
	}
	// A render another process left on disk is read, not rendered again.
	square := json.RawMessage(`{"kind": "synth", "duration": 0.2, "voices": [{"wave": "square", "start": 0, "duration": 0.15, "frequency": 880, "gain": 0.2}]}`)
	if _, _, err := NewDiskCache(DefaultBudget, 1<<20, func() string { return dir }).WAV(square); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.WAV(square); err != nil || calls.Load() != 1 {
		t.Fatalf("a render on disk went to the renderer (%d calls): %v", calls.Load(), err)
	}
	if c.Size() > int64(len(want))+10 {
		t.Fatalf("the cache holds %d bytes, over its bound %d", c.Size(), len(want)+10)
	}
	if _, ok := c.Lookup(key); ok {
		t.Fatal("the least recently used WAV was kept beyond the bound")
	}
}
