package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/scapeworld/scape/validate"
)

// Checker is the production Validator and Runtime: the validate package, the one home of the
// Gizmo rules (run from the SDK), with placed instances checked under the new definitions.
//
// The Runtime side keeps the active build open as a live validate.Project. Opening it (a whole
// validation) happens in the background, once per build, so a caller with a short deadline (the
// world page's views) never pays for it or aborts it: it gets ErrNotReady and the next call
// finds the build open. Calls into the project take turns, and waiting for a turn ends with the
// caller's context too.
type Checker struct {
	// Options carry the bounds for author code (deadline, heap, stack).
	Options validate.Options
	// OpenTimeout bounds opening a build for live use (default 20 s, as a revision's check).
	OpenTimeout time.Duration

	once sync.Once
	turn chan struct{} // one call into a live project at a time: validate.Project is not safe for concurrent use
	mu   sync.Mutex    // guards live
	live *liveBuild
	// opener opens a build for live use: validate.Open, or a test's stand-in.
	opener openFunc
}

type openFunc func(ctx context.Context, js []byte, opts validate.Options) (*validate.Project, *validate.Report, error)

// liveBuild is one build being opened, or open, for live use.
type liveBuild struct {
	js     []byte
	ready  chan struct{} // closed once proj or err is set
	proj   *validate.Project
	err    error
	failed time.Time // when err was set
	cancel context.CancelFunc
}

// reopenAfter is how long a failed opening is remembered before the next call tries again (a
// timeout on a loaded machine may not repeat).
const reopenAfter = time.Minute

// stale says the build failed to open long enough ago to try again.
func (b *liveBuild) stale() bool {
	select {
	case <-b.ready:
		return b.err != nil && time.Since(b.failed) > reopenAfter
	default:
		return false
	}
}

// NewChecker returns a Checker with validate's default bounds.
func NewChecker() *Checker { return &Checker{} }

// Check implements Validator.
func (c *Checker) Check(ctx context.Context, js []byte, placed []Instance) (Verdict, error) {
	opts := c.Options
	opts.Instances = make([]validate.Instance, len(placed))
	for i, in := range placed {
		opts.Instances[i] = toValidate(in)
	}
	rep, err := validate.Check(ctx, js, opts)
	if err != nil {
		return Verdict{}, err
	}
	if rep == nil {
		return Verdict{}, errors.New("validate returned no report")
	}
	v := Verdict{Problems: rep.Diagnostics}
	for _, d := range rep.Definitions {
		walkable := d.Walkable
		v.Definitions = append(v.Definitions, Definition{Type: d.Type, Version: d.Version, Emoji: d.Emoji, Label: d.Label, Walkable: &walkable})
	}
	return v, nil
}

// project returns the live project of a bundle, opening it in the background when it is not
// the one already open; it waits for the opening at most until ctx ends (then ErrNotReady).
// An opening that failed is remembered for its bundle for reopenAfter: not tried on every call.
func (c *Checker) project(ctx context.Context, js []byte) (*validate.Project, error) {
	c.mu.Lock()
	b := c.live
	if b == nil || !bytes.Equal(b.js, js) || b.stale() {
		if b != nil {
			b.cancel() // a replaced build still opening is not wanted any more
		}
		timeout := c.OpenTimeout
		if timeout <= 0 {
			timeout = 20 * time.Second
		}
		octx, cancel := context.WithTimeout(context.Background(), timeout)
		b = &liveBuild{js: js, ready: make(chan struct{}), cancel: cancel}
		c.live = b
		open := c.opener
		if open == nil {
			open = validate.Open
		}
		go b.open(octx, c.Options, open)
	}
	c.mu.Unlock()
	select {
	case <-b.ready:
		return b.proj, b.err
	default:
	}
	select {
	case <-b.ready:
		return b.proj, b.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: the build is still being opened", ErrNotReady)
	}
}

// Warm starts opening js for live use, when it is not the build already open, and returns at
// once: the host calls it when a build becomes active, so the world page finds it open.
func (c *Checker) Warm(js []byte) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.project(ctx, js)
}

// open opens the build, detached from any caller (see Checker). It runs on its own goroutine,
// where a panic would end the whole host: one is recovered into the build's error.
func (b *liveBuild) open(ctx context.Context, opts validate.Options, openProject openFunc) {
	defer close(b.ready)
	defer b.cancel()
	defer func() {
		if v := recover(); v != nil {
			b.proj, b.err = nil, fmt.Errorf("opening the build failed inside the host: %v", v)
		}
		if b.err != nil {
			b.failed = time.Now()
		}
	}()
	p, rep, err := openProject(ctx, b.js, opts)
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		b.err = fmt.Errorf("%w: a newer build replaced it while it was being opened", ErrNotReady)
	case err != nil:
		b.err = err
	case p == nil:
		msg := "the build does not load"
		if rep != nil && len(rep.Diagnostics.Errors()) > 0 {
			msg = rep.Diagnostics.Errors()[0].String()
		}
		b.err = errors.New(msg)
	default:
		b.proj = p
	}
}

// take waits for the turn to call into a live project, at most until ctx ends (then
// ErrNotReady); release gives it back.
func (c *Checker) take(ctx context.Context) (release func(), err error) {
	c.once.Do(func() { c.turn = make(chan struct{}, 1) })
	select {
	case c.turn <- struct{}{}:
		return func() { <-c.turn }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: another call into the build was running", ErrNotReady)
	}
}

// enter is project then take: the live project of js and the turn to call it.
func (c *Checker) enter(ctx context.Context, js []byte) (*validate.Project, func(), error) {
	p, err := c.project(ctx, js)
	if err != nil {
		return nil, nil, err
	}
	release, err := c.take(ctx)
	if err != nil {
		return nil, nil, err
	}
	return p, release, nil
}

// Initial implements Runtime: the definition's initial state, checked by the registry.
func (c *Checker) Initial(ctx context.Context, js []byte, typ string) (json.RawMessage, error) {
	p, release, err := c.enter(ctx, js)
	if err != nil {
		return nil, err
	}
	defer release()
	for _, d := range p.Report.Definitions {
		if d.Type != typ {
			continue
		}
		inst, ok, err := p.Create(ctx, d.Emoji, "new")
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		return inst.State, nil
	}
	return nil, fmt.Errorf("the build has no Gizmo %q", typ)
}

func toValidate(in Instance) validate.Instance {
	return validate.Instance{ID: in.ID, Type: in.Type, Version: in.Version, State: in.State, Walkable: in.Walkable}
}

// View implements Runtime.
func (c *Checker) View(ctx context.Context, js []byte, in Instance, viewer Viewer) (json.RawMessage, error) {
	p, release, err := c.enter(ctx, js)
	if err != nil {
		return nil, err
	}
	defer release()
	return p.View(ctx, toValidate(in), validate.Viewer{ActorID: viewer.ActorID, CanEdit: viewer.CanEdit})
}

// Act implements Runtime: the action through the registry, as the owner.
func (c *Checker) Act(ctx context.Context, js []byte, in Instance, action string, payload json.RawMessage, viewer Viewer) (json.RawMessage, error) {
	var fields map[string]any
	if len(payload) > 0 {
		if err := json.Unmarshal(payload, &fields); err != nil {
			return nil, fmt.Errorf("payload is not a JSON object: %w", err)
		}
	}
	p, release, err := c.enter(ctx, js)
	if err != nil {
		return nil, err
	}
	defer release()
	out, _, err := p.Act(ctx, toValidate(in), validate.Action{Name: action, Payload: fields},
		validate.Context{ActorID: viewer.ActorID, CanEdit: viewer.CanEdit, CanRemove: viewer.CanEdit, Now: time.Now().UnixMilli()})
	if err != nil {
		var refused *validate.Refused
		if errors.As(err, &refused) {
			return nil, errors.New(refused.Message)
		}
		return nil, err
	}
	return out.State, nil
}
