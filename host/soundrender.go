package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/host/engine"
	wm "github.com/scapeworld/scape/world"
)

// How the world page's WAVs are made (docs/dev.md, "Sounds"). A render's memory is the
// recipe's, not the host's to spend: the cost rules bound its work, yet the worst reverb they
// allow holds about 540 MiB while it renders in Go (audio.BenchmarkWorstCaseMemory), so ten
// previews fetched at once took an in-process host from 23 MiB to 5 GB. The host therefore never
// renders in its own process when its engine can render elsewhere (the Checker: a pool of
// workers, each limited to renderMemory of address space beyond its baseline), runs at most
// maxRenders at once, and keeps what they made in a bounded cache.
const (
	// maxRenders bounds the renders in flight: the engine's render workers.
	maxRenders = engine.MaxRenders
	// renderQueueWait is how long a render waits for a slot before its fetch is answered 503 with
	// Retry-After; the page fetches it again the next time it plays the sound.
	renderQueueWait = 5 * time.Second
	// renderRetryAfter is the Retry-After of that answer, in seconds.
	renderRetryAfter = 5
	// WAVCacheBytes bounds the WAVs a host keeps in memory (least recently used out first): 64
	// MiB is about 5 of the longest stereo sounds, or 11 minutes of mono. The disk cache under it
	// (audio.DiskDir, shared with the workers and the CLI) is pruned to audio.MaxDiskBytes.
	WAVCacheBytes = 64 << 20
)

// errRendersBusy is a render that found every slot taken for renderQueueWait.
var errRendersBusy = fmt.Errorf("the host is rendering %d sounds already; try again in %d s", maxRenders, renderRetryAfter)

// soundRenderer is an Engine that renders a sound out of the host's process (the Checker). An
// engine that is not one (a test's) has its sounds rendered here, under the same slots.
type soundRenderer interface {
	// RenderSound returns the recipe's WAV (audio.EncodeWAV's bytes). A recipe refused, or a
	// render that passed its worker's bounds, is a *Refusal.
	RenderSound(ctx context.Context, recipe json.RawMessage) ([]byte, error)
}

// soundRenders makes the WAVs of one host: its cache, and the slots its renders take.
type soundRenders struct {
	cache  *audio.Cache
	slots  chan struct{}
	engine soundRenderer // nil: render in this process
}

func newSoundRenders(e engine.Engine) *soundRenders {
	r := &soundRenders{slots: make(chan struct{}, maxRenders)}
	r.engine, _ = e.(soundRenderer)
	r.cache = audio.NewRenderingCache(r.render, WAVCacheBytes, audio.DiskDir)
	return r
}

// wav is a recipe's WAV: a recorded import's own bytes, else the cache's (a render on a miss).
func (r *soundRenders) wav(recipe json.RawMessage) ([]byte, error) {
	var recorded string
	if json.Unmarshal(recipe, &recorded) == nil {
		// A recorded import: its own bytes, at its own rate (the SDK checked it); no render.
		b, err := audio.DecodeRecorded(recorded)
		if err != nil {
			return nil, &wm.Error{Status: http.StatusUnprocessableEntity, Message: "recorded sound: " + err.Error()}
		}
		return b, nil
	}
	_, wav, err := r.cache.WAV(recipe)
	return wav, err
}

// render is the cache's renderer: one slot, then the engine's worker (or this process). It is
// not bound to the fetch that asked (the cache shares one render among every fetch of the same
// sound), only to the render's own budget.
func (r *soundRenders) render(recipe json.RawMessage) ([]byte, error) {
	wait := time.NewTimer(renderQueueWait)
	defer wait.Stop()
	select {
	case r.slots <- struct{}{}:
	case <-wait.C:
		return nil, errRendersBusy
	}
	defer func() { <-r.slots }()
	if r.engine == nil {
		return renderHere(recipe)
	}
	ctx, cancel := context.WithTimeout(context.Background(), engine.RenderBudget+10*time.Second)
	defer cancel()
	return r.engine.RenderSound(ctx, recipe)
}

// renderHere renders in the host's process: only for an engine that cannot render elsewhere.
func renderHere(recipe json.RawMessage) ([]byte, error) {
	s, err := audio.DefaultBudget.Render(recipe)
	if err != nil {
		return nil, &wm.Error{Status: http.StatusUnprocessableEntity, Message: err.Error()}
	}
	return audio.EncodeWAV(s, true)
}

// writeRenderError answers a WAV that could not be made: 503 with Retry-After when the slots were
// full, the refusal's status (422) for a recipe refused or a render past its bounds.
func (s *Server) writeRenderError(w http.ResponseWriter, key string, err error) {
	if errors.Is(err, errRendersBusy) {
		w.Header().Set("Retry-After", fmt.Sprint(renderRetryAfter))
		s.answer(w, nil, &wm.Error{Status: http.StatusServiceUnavailable, Message: "sound " + key + ": " + err.Error()})
		return
	}
	var ref *wm.Error
	if errors.As(err, &ref) {
		s.answer(w, nil, &wm.Error{Status: ref.Status, Message: "sound " + key + ": " + ref.Message})
		return
	}
	s.answer(w, nil, fmt.Errorf("sound %s: %w", key, err))
}
