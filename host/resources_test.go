package host_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/scaffold"
)

// wav fetches a sound as this tab: status, Cache-Control and body.
func (tb *tab) wav(key string) (int, string, []byte) {
	tb.t.Helper()
	req, _ := http.NewRequest("GET", tb.base+"/api/world/sounds/"+key+".wav", nil)
	if tb.token != "" {
		req.Header.Set("Authorization", "Bearer "+tb.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.t.Fatal(err)
	}
	body := readAll(tb.t, resp)
	if resp.StatusCode == 200 && resp.Header.Get("Content-Type") != "audio/wav" {
		tb.t.Fatalf("sound %s served as %q", key, resp.Header.Get("Content-Type"))
	}
	return resp.StatusCode, resp.Header.Get("Cache-Control"), body
}

func (tb *tab) preview(id string, payload map[string]any) string {
	tb.t.Helper()
	var pv struct{ Key string }
	if st, msg := tb.call("POST", "/api/world/instances/"+id+"/preview", map[string]any{"name": "hear", "payload": payload}, &pv); st != 200 {
		tb.t.Fatalf("preview %v: %d %s", payload, st, msg)
	}
	return pv.Key
}

// TestWAVsAreServedOnlyToWhoMayPlayThem: a declared sound plays for anyone (the chime's ring,
// public), a preview's and a sequence step's only for the tab that asked (private): another tab,
// and a fetch without a session, get 404, as does any address the host never handed out.
func TestWAVsAreServedOnlyToWhoMayPlayThem(t *testing.T) {
	f, owner := soundWorld(t)
	chime := owner.place("examples.chime", 2, 2)
	piano := owner.place("test.piano", 6, 2)
	bells := owner.place("test.bells", 8, 2)
	other := ownerTab(t, f.owner())
	nobody := &tab{t: t, base: f.http.URL}
	var ring string
	for _, in := range owner.sounds().Instances {
		if in.ID == chime {
			ring = in.Sounds["ring"]
		}
	}
	for who, tb := range map[string]*tab{"the owner's tab": owner, "another tab": other, "no session": nobody} {
		if st, cache, _ := tb.wav(ring); st != 200 || cache != "public, max-age=31536000, immutable" {
			t.Fatalf("the declared ring for %s: %d %q", who, st, cache)
		}
	}
	heard := owner.preview(piano, map[string]any{"octave": 3})
	var step struct{ Strikes []struct{ Key string } }
	if st, msg := owner.call("POST", "/api/world/instances/"+bells+"/sequence", map[string]any{"step": 1, "sources": []map[string]float64{{"x": 8, "y": 2, "gain": 1, "pan": 0}}}, &step); st != 200 || len(step.Strikes) != 1 {
		t.Fatalf("sequence: %d %s %+v", st, msg, step)
	}
	for _, key := range []string{heard, step.Strikes[0].Key} {
		if st, cache, _ := owner.wav(key); st != 200 || cache != "private, max-age=31536000, immutable" {
			t.Fatalf("the asking tab's sound %s: %d %q", key, st, cache)
		}
		if st, _, _ := other.wav(key); st != 404 {
			t.Fatalf("another tab fetched a sound it did not ask for: %d", st)
		}
		if st, _, _ := nobody.wav(key); st != 404 {
			t.Fatalf("a fetch without a session got an asked sound: %d", st)
		}
	}
	if st, _, _ := owner.wav(strings.Repeat("ab", 32)); st != 404 {
		t.Fatalf("an address the host never handed out: %d", st)
	}
}

// organProject previews a noise reverb of 47 s (47 + 25 × 94 = 2,397 of the 2,400 voice-seconds
// the rules allow, a 2^23-point FFT): the costliest sound in memory a build may make, from a
// seed the player sends, so each seed is a new render. The view's own payload (seed 1, which
// validation probes) asks for a second of it: a build previewing the long one there is refused
// today, as its validation worker's 512 MiB do not hold the render.
const organProject = `import { defineObject, defineProject, exactKeys, record, type GizmoSynth } from '@scape/sdk';

const reverb = (seed: number): GizmoSynth => {
  const d = seed <= 1 ? 1 : 47;
  return {
    kind: 'synth', duration: d, seed: 1,
    voices: [{ wave: 'sine', start: 0, duration: d, frequency: 440, gain: 0.1 }],
    effects: [{ type: 'noise-reverb', duration: d, decay: 1, seed, mix: 0.3 }],
  };
};

export const organ = defineObject<Record<string, never>>({
  type: 'test.organ', version: 1, emoji: '🎺', label: 'Organ', hint: 'a long reverb',
  initial: () => ({}),
  valid: (s): s is Record<string, never> => record(s) && exactKeys(s, []),
  actions: {},
  view: () => ({
    title: 'Organ', description: '',
    controls: [{ id: 'hear', label: 'Hear', kind: 'preview', action: { name: 'hear', payload: { seed: 1 } } }],
  }),
  previews: { hear: { permission: 'participant', run: (_s, p) => ({ sound: reverb(Math.floor(Math.abs(Number(p.seed))) % 100000), gain: 0.8 }) } },
});

export default defineProject({ objects: [organ] });
`

// organBundle is organProject built.
func organBundle(tb testing.TB) []byte {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "organ")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "chime", SDK: kit.SDK()}); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "project.ts"), []byte(organProject), 0o644); err != nil {
		tb.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		tb.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return res.JS
}

// wavFloodHeapBound is the Go heap the host may grow by while worst-case previews are fetched at
// once: rendered in the host's process, one render alone holds about 540 MiB and two at once
// over 1 GiB; rendered in workers, the host holds the WAVs (8.6 MB each) and their frames.
const wavFloodHeapBound = 256 << 20

// TestWorstCaseWAVFetchesStayOutOfTheHostsHeap: a player's previews of the costliest sound the
// rules allow, each a new render, fetched together: every fetch is answered (200, or 503 with
// Retry-After when the render slots stayed full, or 422 if a render passed its worker's bounds
// on a loaded machine), at least one plays, and the host's heap in use never grows by more than
// wavFloodHeapBound: the renders ran in workers, at most two at once.
func TestWorstCaseWAVFetchesStayOutOfTheHostsHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the worst-case reverb")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // no render from an earlier run on disk
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	if r, _ := f.upload(f.pair(o), 0, string(organBundle(t))); r.Status != "accepted" {
		t.Fatalf("organ bundle: %+v", r)
	}
	player := ownerTab(t, o)
	organ := player.place("test.organ", 3, 3)
	const fetches = 4
	keys := make([]string, fetches)
	for i := range keys {
		keys[i] = player.preview(organ, map[string]any{"seed": i + 2})
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop, sampled := make(chan struct{}), make(chan struct{})
	go func() { // the largest heap in use while the fetches run
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	statuses := make([]int, fetches)
	var wg sync.WaitGroup
	for i, key := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _, _ = player.wav(key)
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	growth := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("%d fetches: %v; heap in use grew by at most %.1f MiB", fetches, statuses, float64(growth)/(1<<20))
	played := 0
	for _, st := range statuses {
		switch st {
		case 200:
			played++
		case 503, 422:
		default:
			t.Fatalf("a fetch was answered %d: %v", st, statuses)
		}
	}
	if played == 0 {
		t.Fatalf("no worst-case sound played: %v", statuses)
	}
	if growth > wavFloodHeapBound {
		t.Fatalf("the host's heap grew by %.0f MiB while the sounds rendered (bound %d MiB)", float64(growth)/(1<<20), wavFloodHeapBound>>20)
	}
}

// TestUploadFloodKeepsTheStoreBounded: 60 accepted uploads of nearly 1 MiB each leave the active
// revision and the newest store.KeptRevisions stored (older ones 404), the database near the size
// of those bundles, not of all 60; an active revision older than the kept ones (a run of
// rejections after it) is kept, and the host starts again from it.
func TestUploadFloodKeepsTheStoreBounded(t *testing.T) {
	f := newFixture(t, t.TempDir())
	tok := f.pair(f.owner())
	pad := strings.Repeat("x", protocol.MaxBundleBytes-200)
	const uploads = 60
	for i := 1; i <= uploads; i++ {
		b := fmt.Sprintf(`{"definitions":[{"type":"example.lamp","version":1,"emoji":"🏮","label":"Lamp"}],"problems":[],"pad":"%d%s"}`, i, pad)
		if r, st := f.upload(tok, i-1, b); st != 201 || r.Revision.Status != "accepted" {
			t.Fatalf("upload %d: %d %+v", i, st, r.Revision.Problems)
		}
	}
	kept := 0
	for n := 1; n <= uploads; n++ {
		st := f.call("GET", fmt.Sprintf("/api/dev/revisions/%d", n), tok, nil, nil)
		if st == 200 {
			kept++
		}
		if old := n <= uploads-store.KeptRevisions; old && st != 404 || !old && st != 200 {
			t.Fatalf("revision %d of %d: %d", n, uploads, st)
		}
	}
	if kept > store.KeptRevisions+1 {
		t.Fatalf("%d revisions kept, want at most %d", kept, store.KeptRevisions+1)
	}
	size := storeSize(t, f.dir)
	if bound := store.StoreBound(); size > bound {
		t.Fatalf("the store holds %.1f MiB after %d uploads of 1 MiB (bound %.0f MiB)", float64(size)/(1<<20), uploads, float64(bound)/(1<<20))
	}
	t.Logf("store after %d uploads of 1 MiB: %.1f MiB", uploads, float64(size)/(1<<20))
	// A run of rejections longer than store.KeptRevisions: the active revision stays.
	for i := 0; i < store.KeptRevisions+5; i++ {
		if r, _ := f.upload(tok, uploads, bundleJSON(lampV1, fmt.Sprintf(`[{"code":"load","message":"broken %d"}]`, i))); r.Revision.Status != "rejected" {
			t.Fatalf("rejection %d: %+v", i, r.Revision)
		}
	}
	if st := f.call("GET", fmt.Sprintf("/api/dev/revisions/%d", uploads), tok, nil, nil); st != 200 {
		t.Fatalf("the active revision after %d rejections: %d", store.KeptRevisions+5, st)
	}
	calls := f.val.Calls.Load()
	f.stop()
	f.start()
	active, ok, err := f.srv.ActiveRevision(t.Context())
	if err != nil || !ok || active.Number != uploads {
		t.Fatalf("after a restart the active revision is %+v (%v, %v), want %d", active, ok, err, uploads)
	}
	deadline := time.Now().Add(20 * time.Second)
	for f.val.Calls.Load() == calls && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if f.val.Calls.Load() == calls {
		t.Fatal("the restarted host did not load the active revision's bundle")
	}
}

// storeSize is the bytes of the host's database files (WAL included).
func storeSize(t *testing.T, dir string) int64 {
	var n int64
	for _, name := range []string{"host.db", "host.db-wal", "host.db-shm"} {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil {
			n += info.Size()
		}
	}
	return n
}
