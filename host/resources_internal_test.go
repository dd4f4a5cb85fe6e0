package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/scapeworld/scape/audio"
)

func sine(frequency int, seconds float64) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"kind":"synth","duration":%g,"voices":[{"wave":"sine","start":0,"duration":%g,"frequency":%d,"gain":0.1}]}`, seconds, seconds, frequency))
}

// TestAskedSoundsAreBounded: a session keeps its newest maxAskedPerSession sounds, all sessions
// together at most maxAskedBytes of recipes (the least recently asking session forgotten first),
// and a sound is the asking session's only.
func TestAskedSoundsAreBounded(t *testing.T) {
	var a askedSounds
	for i := 0; i < 3*maxAskedPerSession; i++ {
		r := sine(100+i, 0.1)
		a.add("tab-1", audio.Key(r), r)
	}
	if _, ok := a.recipe("tab-1", audio.Key(sine(100, 0.1))); ok {
		t.Fatal("a session kept more than its newest sounds")
	}
	newest := sine(100+3*maxAskedPerSession-1, 0.1)
	if _, ok := a.recipe("tab-1", audio.Key(newest)); !ok {
		t.Fatal("a session's newest sound was forgotten")
	}
	if _, ok := a.recipe("tab-2", audio.Key(newest)); ok {
		t.Fatal("another session may fetch tab-1's sound")
	}
	// Many sessions with large recipes: the bytes stay bounded, the newest asker is kept.
	big := json.RawMessage(`{"pad":"` + strings.Repeat("x", 64<<10) + `"}`)
	for i := 0; i < 1000; i++ {
		a.add(fmt.Sprintf("flood-%d", i), audio.Key(big), big)
	}
	sessions, bytes := a.size()
	if bytes > maxAskedBytes {
		t.Fatalf("%d sessions hold %d bytes of recipes, over %d", sessions, bytes, maxAskedBytes)
	}
	if _, ok := a.recipe("flood-999", audio.Key(big)); !ok {
		t.Fatal("the newest session's sound was forgotten")
	}
	if _, ok := a.recipe("tab-1", audio.Key(newest)); ok {
		t.Fatal("the least recently asking session was kept past the byte bound")
	}
}

// TestWAVCacheStaysUnderItsCap: renders past WAVCacheBytes evict the least recently used; the
// newest is still served from memory.
func TestWAVCacheStaysUnderItsCap(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	r := newSoundRenders(nil)
	var total int
	for i := 0; total <= WAVCacheBytes+WAVCacheBytes/4; i++ {
		wav, err := r.wav(sine(200+i, 60)) // 60 s of mono: 5.5 MiB each
		if err != nil {
			t.Fatal(err)
		}
		total += len(wav)
	}
	if size := r.cache.Size(); size > WAVCacheBytes || size == 0 {
		t.Fatalf("the WAV cache holds %d bytes after %d were rendered (cap %d)", size, total, WAVCacheBytes)
	}
}

// TestRendersWaitForASlotThenAnswer503: with every render slot taken, a render gives up after
// renderQueueWait and its fetch is answered 503 with Retry-After; a recipe already in the cache
// needs no slot.
func TestRendersWaitForASlotThenAnswer503(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	r := newSoundRenders(nil)
	cached := sine(300, 0.1)
	if _, err := r.wav(cached); err != nil {
		t.Fatal(err)
	}
	for range maxRenders {
		r.slots <- struct{}{}
	}
	_, err := r.wav(sine(301, 0.1))
	if !errors.Is(err, errRendersBusy) {
		t.Fatalf("a render with every slot taken: %v", err)
	}
	if _, err := r.wav(cached); err != nil {
		t.Fatalf("a cached sound with every slot taken: %v", err)
	}
	rec := httptest.NewRecorder()
	(&Server{opts: Options{Logf: t.Logf}}).writeRenderError(rec, "k", err)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != fmt.Sprint(renderRetryAfter) {
		t.Fatalf("busy renders answered %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	for range maxRenders {
		<-r.slots
	}
	if _, err := r.wav(sine(301, 0.1)); err != nil {
		t.Fatalf("a render once a slot is free: %v", err)
	}
}

// TestDeclaredSoundsOfTheRevisionBefore: after a new revision the previous one's declared sounds
// still play (a tab learns the new keys a moment later); those of the revision before it do not.
func TestDeclaredSoundsOfTheRevisionBefore(t *testing.T) {
	var b soundBook
	b.reset(1)
	one := b.remember(sine(500, 0.1))
	b.reset(2)
	two := b.remember(sine(600, 0.1))
	if _, ok := b.declared(one); !ok {
		t.Fatal("the previous revision's sound is not served")
	}
	b.reset(3)
	if _, ok := b.declared(one); ok {
		t.Fatal("a sound of two revisions ago is still served")
	}
	if _, ok := b.declared(two); !ok {
		t.Fatal("the previous revision's sound is not served")
	}
}
