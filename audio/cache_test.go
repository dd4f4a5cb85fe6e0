package audio

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

const ring = `{"kind": "synth", "duration": 0.2, "voices": [{"wave": "sine", "start": 0, "duration": 0.15, "frequency": 880, "gain": 0.2}]}`

func TestCacheRendersARecipeOnce(t *testing.T) {
	c := NewCache(DefaultBudget, 1<<20)
	respelled := `{"voices":[{"gain":0.2,"frequency":880,"duration":0.15,"start":0,"wave":"sine"}],"duration":0.2,"kind":"synth"}`
	k1, w1, err := c.WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	k2, w2, err := c.WAV(json.RawMessage(respelled))
	if err != nil {
		t.Fatal(err)
	}
	if k1 != k2 || !bytes.Equal(w1, w2) || c.Renders() != 1 {
		t.Fatalf("one recipe spelled twice: keys %s / %s, renders %d", k1, k2, c.Renders())
	}
	s, err := DefaultBudget.Render(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := EncodeWAV(s, false)
	if !bytes.Equal(w1, want) {
		t.Fatal("the cached WAV is not the renderer's")
	}
	if got, ok := c.Lookup(k1); !ok || !bytes.Equal(got, want) {
		t.Fatal("Lookup by content address failed")
	}
	other := json.RawMessage(`{"kind": "synth", "duration": 0.2, "voices": [{"wave": "sine", "start": 0, "duration": 0.15, "frequency": 440, "gain": 0.2}]}`)
	if k3, _, _ := c.WAV(other); k3 == k1 || c.Renders() != 2 {
		t.Fatalf("a different recipe shares a key or a render (renders %d)", c.Renders())
	}
}

func TestCacheConcurrentRequestsShareARender(t *testing.T) {
	c := NewCache(DefaultBudget, 1<<20)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := c.WAV(json.RawMessage(ring)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if c.Renders() != 1 {
		t.Fatalf("8 concurrent requests made %d renders", c.Renders())
	}
}

func TestCacheIsBoundedAndKeepsNoErrors(t *testing.T) {
	_, one, err := NewCache(DefaultBudget, 1<<20).WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCache(DefaultBudget, int64(len(one))+10) // room for one WAV only
	a, _, _ := c.WAV(json.RawMessage(ring))
	b, _, _ := c.WAV(json.RawMessage(`{"kind": "synth", "duration": 0.2, "voices": [{"wave": "square", "start": 0, "duration": 0.15, "frequency": 880, "gain": 0.2}]}`))
	if _, ok := c.Lookup(a); ok {
		t.Fatal("the least recently used WAV was kept beyond the bound")
	}
	if _, ok := c.Lookup(b); !ok {
		t.Fatal("the newest WAV was evicted")
	}
	bad := json.RawMessage(`{"kind": "nope"}`)
	for i := 0; i < 2; i++ {
		if _, _, err := c.WAV(bad); err == nil {
			t.Fatal("a bad recipe rendered")
		}
	}
	if c.Renders() != 4 {
		t.Fatalf("a failed render must be retried, not cached: renders %d", c.Renders())
	}
}

// goldenDigest is the SHA-256 of testdata/golden_stats.json when RenderVersion was last set.
const goldenDigest = "60b60044d83f8b4ae419ea294eb53fdd98acd482f758085f1a3b1706ccaa6165"

// TestRenderVersionFollowsTheGolden: disk caches are per RenderVersion, so a change of the
// renderer's output (which changes the golden renders) must come with a new version, or a
// toolchain would serve another version's renders.
func TestRenderVersionFollowsTheGolden(t *testing.T) {
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != goldenDigest {
		t.Fatalf("%s changed (SHA-256 %s): the renderer's output changed, so bump audio.RenderVersion (now %q) and set goldenDigest to the new digest", goldenPath, got, RenderVersion)
	}
}

func TestDiskCacheIsSharedBetweenCaches(t *testing.T) {
	dir := t.TempDir()
	one := NewDiskCache(DefaultBudget, 1<<20, func() string { return dir })
	key, wav, err := one.WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, key+".wav")); err != nil {
		t.Fatalf("the render was not kept on disk: %v", err)
	}
	// Another process (another cache over the same directory) reads it instead of rendering.
	other := NewDiskCache(DefaultBudget, 1<<20, func() string { return dir })
	key2, wav2, err := other.WAV(json.RawMessage(ring))
	if err != nil || key2 != key || !bytes.Equal(wav, wav2) || other.Renders() != 0 {
		t.Fatalf("a second cache over the directory: err %v, same bytes %v, renders %d", err, bytes.Equal(wav, wav2), other.Renders())
	}
	if got, ok := other.Lookup(key); !ok || !bytes.Equal(got, wav) {
		t.Fatal("a WAV read from disk is not served by Lookup")
	}
	// A damaged file is rendered again (and replaced), never served.
	file := filepath.Join(dir, key+".wav")
	if err := os.WriteFile(file, wav[:len(wav)-2], 0o644); err != nil {
		t.Fatal(err)
	}
	third := NewDiskCache(DefaultBudget, 1<<20, func() string { return dir })
	if _, got, err := third.WAV(json.RawMessage(ring)); err != nil || !bytes.Equal(got, wav) || third.Renders() != 1 {
		t.Fatalf("a truncated cache file: err %v, renders %d", err, third.Renders())
	}
	if got, _ := os.ReadFile(file); !bytes.Equal(got, wav) {
		t.Fatal("the truncated file was not replaced")
	}
	// A recipe the renderer refuses is refused even when a file sits under its key.
	bad := json.RawMessage(`{"kind": "synth", "duration": 61, "voices": []}`)
	if err := os.WriteFile(filepath.Join(dir, Key(bad)+".wav"), wav, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := third.WAV(bad); err == nil {
		t.Fatal("a refused recipe was served from a file under its key")
	}
	// A budget's sample bound applies to files too.
	small := NewDiskCache(Budget{Time: DefaultBudget.Time, Samples: 100}, 1<<20, func() string { return dir })
	if _, _, err := small.WAV(json.RawMessage(ring)); err == nil {
		t.Fatal("a cached file let a recipe past the budget's sample bound")
	}
}

func TestDiskCacheIsPruned(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.wav")
	recent := filepath.Join(dir, "recent.wav")
	for i, f := range []string{old, recent} {
		if err := os.WriteFile(f, make([]byte, 600), 0o644); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(time.Duration(i-2) * time.Hour)
		if err := os.Chtimes(f, when, when); err != nil {
			t.Fatal(err)
		}
	}
	pruneDisk(dir, 1000)
	if _, err := os.Stat(old); err == nil {
		t.Fatal("the least recently used file was kept beyond the bound")
	}
	if _, err := os.Stat(recent); err != nil {
		t.Fatal("the most recent file was pruned")
	}
}

func TestCachedSamplesReadsBackTheWAV(t *testing.T) {
	long := json.RawMessage(`{"kind": "synth", "duration": 12, "voices": [{"wave": "sine", "start": 0, "duration": 12, "frequency": 440, "gain": 0.5, "pan": 0.3}]}`)
	_, wav, err := NewCache(DefaultBudget, 1<<20).WAV(long)
	if err != nil {
		t.Fatal(err) // longer than MaxWAVBytes: the cache keeps the render unbounded
	}
	s, err := CachedSamples(wav)
	if err != nil {
		t.Fatal(err)
	}
	direct, err := DefaultBudget.Render(long)
	if err != nil {
		t.Fatal(err)
	}
	if len(wav) <= MaxWAVBytes || s.Rate != Rate || len(s.Channels) != 2 || s.Frames() != direct.Frames() {
		t.Fatalf("read back %d channels × %d frames at %d Hz from %d bytes", len(s.Channels), s.Frames(), s.Rate, len(wav))
	}
	for c := range s.Channels {
		for n, v := range s.Channels[c] {
			if d := float64(v - direct.Channels[c][n]); d > 1.0/32767 || d < -1.0/32767 {
				t.Fatalf("channel %d frame %d: %g read back, %g rendered", c, n, v, direct.Channels[c][n])
			}
		}
	}
	if _, err := CachedSamples(wav[:len(wav)-1]); err == nil {
		t.Fatal("a truncated WAV was read")
	}
}

func TestSetLimitEvicts(t *testing.T) {
	c := NewCache(DefaultBudget, 1<<20)
	a, wav, err := c.WAV(json.RawMessage(ring))
	if err != nil {
		t.Fatal(err)
	}
	c.SetLimit(int64(len(wav)) - 1)
	if _, ok := c.Lookup(a); ok {
		t.Fatal("a WAV beyond the new bound was kept")
	}
	c.SetLimit(1 << 20)
	if _, _, err := c.WAV(json.RawMessage(ring)); err != nil || c.Renders() != 2 {
		t.Fatalf("after raising the bound: err %v, renders %d", err, c.Renders())
	}
	if _, ok := c.Lookup(a); !ok {
		t.Fatal("the raised bound keeps nothing")
	}
}
