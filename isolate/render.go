package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/world"
)

// Rendering one sound in a worker: a host's world page plays recipes a build declares and,
// through previews and sequences, recipes author code makes from a player's input. The cost
// rules bound each render's work but not its memory the way a host can afford it (the worst
// reverb the rules allow holds about 540 MiB while it renders: audio.BenchmarkWorstCaseMemory),
// so a host renders in a worker, whose address-space limit bounds each render and whose death
// costs the host nothing (docs/audio.md, "Render budget").

// renderRequest is one recipe to render (audio.Shared.WAV in the worker).
type renderRequest struct {
	Recipe json.RawMessage `json:"recipe"`
}

// Render returns a recipe's WAV (audio.EncodeWAV's bytes), rendered in a worker through its
// audio.Shared, so the render is also kept in the disk cache for every process. A recipe the
// renderer refuses is a *world.Error (422); a render that passed the worker's memory, time
// or CPU bound a *Breach. The render runs to its end or its bound once started: ctx bounds the
// wait for a worker and the caller's wait, and a caller that gives up has the worker stopped.
func (p *Pool) Render(ctx context.Context, recipe json.RawMessage) ([]byte, error) {
	if p.inProcess != nil {
		return renderHere(recipe)
	}
	lim := p.cfg.Limits
	req := request{Op: opRender, Budget: budget{Render: lim.Render, CPU: lim.CPU}, Render: &renderRequest{Recipe: recipe}}
	r, _, err := p.run(ctx, req, lim.Render+wallSlack, &pending{}, "", nil)
	var b *Breach
	if errors.As(err, &b) {
		b.Subject, b.Doing, b.Owner = "the sound", "rendering", p.cfg.Owner
		return nil, b
	}
	if err != nil {
		return nil, err
	}
	if r.Error != nil {
		return nil, p.replyErr(ctx, r.Error)
	}
	return r.WAV, nil
}

// render is the worker's side: trusted Go code under the request's render budget.
func (s *server) render(r *renderRequest, b budget) *reply {
	stop := s.wd.phase(b.Render, "rendering a sound")
	end := s.wd.trusted()
	wav, err := renderHere(r.Recipe)
	end()
	stop()
	if err != nil {
		return &reply{Error: wireErr(err)}
	}
	return &reply{WAV: wav}
}

// renderHere renders in this process (a worker, or a pool without isolation).
func renderHere(recipe json.RawMessage) ([]byte, error) {
	_, wav, err := audio.Shared.WAV(recipe)
	if err != nil {
		return nil, &world.Error{Status: http.StatusUnprocessableEntity, Message: err.Error()}
	}
	return wav, nil
}
