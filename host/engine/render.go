package engine

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/scapeworld/scape/isolate"
	wm "github.com/scapeworld/scape/world"
)

const (
	// MaxRenders bounds the renders in flight (each a worker process of the Checker's render
	// pool: on a 2-core machine a third would only share the cores).
	MaxRenders = 2
	// renderMemory is a render worker's address space beyond its warm baseline: the worst recipe
	// the rules allow needs about 630 MB resident there (measured), which 512 MiB, the validation
	// workers' bound, does not hold.
	renderMemory = 1 << 30
	// RenderBudget is a render worker's time for one sound: audio.DefaultBudget's, the
	// renderer's own backstop for a loaded machine.
	RenderBudget = 60 * time.Second
)

// renderPool is a Checker's pool for the world page's sounds (soundrender.go): maxRenders
// workers, started on the first render, each with renderMemory of address space beyond its
// baseline and RenderBudget per sound. A render never shares a worker with author code.
func renderPool(cfg CheckerConfig) *isolate.Pool {
	lim := cfg.Limits
	lim.Memory, lim.Render = renderMemory, RenderBudget
	return isolate.NewPool(isolate.Config{Size: MaxRenders, Limits: lim, Owner: "this host's", OnRequest: cfg.OnRequest,
		Executable: cfg.Executable, Lazy: true})
}

// RenderSound implements soundRenderer: the recipe rendered in a render worker. A recipe the
// renderer refuses, or one whose render passed the worker's memory or time, is a 422 refusal
// naming the bound; no worker free before ctx ends is a 503.
func (c *Checker) RenderSound(ctx context.Context, recipe json.RawMessage) ([]byte, error) {
	wav, err := c.renders.Render(ctx, recipe)
	var b *isolate.Breach
	switch {
	case err == nil:
		return wav, nil
	case errors.As(err, &b) && b.Kind != isolate.BreachCrash:
		return nil, &wm.Error{Status: http.StatusUnprocessableEntity, Message: b.Error()}
	case errors.Is(err, isolate.ErrBusy), errors.Is(err, context.DeadlineExceeded):
		return nil, &wm.Error{Status: http.StatusServiceUnavailable, Message: "no sound renderer was free in time"}
	}
	return nil, err
}
