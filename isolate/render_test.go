package isolate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/world"
)

// bigReverb is a recipe the cost rules allow (47 + 25 × 94 = 2,397 of 2,400 voice-seconds) that
// holds about half a GiB while it renders: a 47 s noise reverb, a 2^23-point FFT.
const bigReverb = `{"kind": "synth", "duration": 47, "voices": [{"wave": "sine", "start": 0, "duration": 47, "frequency": 440, "gain": 0.1}],
	"effects": [{"type": "noise-reverb", "duration": 47, "decay": 1, "seed": 7, "mix": 0.3}]}`

// TestRenderInAWorker: a worker renders a recipe to the bytes this process would (and keeps it
// in the disk cache); a recipe the renderer refuses is a 422 refusal, not a breach.
func TestRenderInAWorker(t *testing.T) {
	skipUnlessIsolated(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	p := NewPool(Config{Size: 1})
	defer p.Close()
	recipe := json.RawMessage(`{"kind": "synth", "duration": 0.3, "voices": [{"wave": "sine", "start": 0, "duration": 0.25, "frequency": 660, "gain": 0.2}]}`)
	got, err := p.Render(context.Background(), recipe)
	if err != nil {
		t.Fatal(err)
	}
	_, want, err := audio.NewCache(audio.DefaultBudget, 1<<20).WAV(recipe)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the worker's WAV differs from this process's render (%d and %d bytes): %v", len(got), len(want), err)
	}
	if wav, ok := audio.Shared.Lookup(audio.Key(recipe)); ok && len(wav) > 0 {
		t.Fatal("the render ran in the caller's process")
	}
	if dir := audio.DiskDir(); dir == "" {
		t.Fatal("no disk cache")
	} else if _, err := os.Stat(filepath.Join(dir, audio.Key(recipe)+".wav")); err != nil {
		t.Fatalf("the worker's render is not in the disk cache: %v", err)
	}
	_, err = p.Render(context.Background(), json.RawMessage(`{"kind": "synth", "duration": 61, "voices": []}`))
	var refused *world.Error
	if !errors.As(err, &refused) || refused.Status != 422 {
		t.Fatalf("a refused recipe: %v, want a 422 refusal", err)
	}
}

// TestRenderIsBoundedByTheWorkersMemory: a render that needs more memory than the worker may
// take ends the worker with a memory breach naming the sound; the caller's process is untouched
// and the pool renders the next sound.
func TestRenderIsBoundedByTheWorkersMemory(t *testing.T) {
	skipUnlessIsolated(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	p := NewPool(Config{Size: 1, Limits: Limits{Memory: 128 << 20}, Owner: "this host's"})
	defer p.Close()
	_, err := p.Render(context.Background(), json.RawMessage(bigReverb))
	var b *Breach
	if !errors.As(err, &b) || b.Kind != BreachMemory {
		t.Fatalf("a render past 128 MiB: %v, want a memory breach", err)
	}
	if want := "the sound used more than 128 MiB of memory while rendering"; !bytes.Contains([]byte(b.Error()), []byte(want)) {
		t.Fatalf("the breach says %q, want it to start %q", b.Error(), want)
	}
	if _, err := p.Render(context.Background(), json.RawMessage(`{"kind": "synth", "duration": 0.1, "voices": []}`)); err != nil {
		t.Fatalf("the next render after a breach: %v", err)
	}
}
