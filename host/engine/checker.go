package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/validate"
	wm "github.com/scapeworld/scape/world"
)

// Checker is the production Engine: the validate package, the one home of the Gizmo rules (run
// from the SDK), with placed instances checked under the new definitions.
//
// Author code never runs in the host's process: uploads are validated in one pool of worker
// processes and the active build runs for the world page in another (package isolate), each
// worker with an address-space limit, a CPU-time limit and a wall-clock kill. A bundle that
// passes one is refused with a verdict that names the limit, and its worker is replaced; the
// host's memory, its world lock and its other requests are untouched. Two pools, so an upload
// being validated never delays a view.
//
// One validation per upload: Load validates in a checks worker that keeps the project open
// (isolate.Pool.CheckOpen) and, for an accepted build, moves that worker into the live pool, so
// the Project's calls run on the very project the verdict came from. Live calls never open a
// build (NoOpen): only when the live worker was replaced (a breach, or recycled) is the build
// opened again, in the background (reopen), while the world page shows placeholders.
type Checker struct {
	// Options carry jsrt's per-call bounds for author code (deadline, heap, stack).
	Options isolate.Options
	// OpenTimeout bounds opening a build for live use (default 20 s, as a revision's check).
	OpenTimeout time.Duration

	checks, live *isolate.Pool
	// renders render the world page's sounds (render.go).
	renders *isolate.Pool
	failed  *failures

	mu     sync.Mutex // guards open
	open   *liveBuild
	opener openFunc
}

// openFunc opens a build in the live pool: isolate.Pool.Open, or a test's stand-in.
type openFunc func(ctx context.Context, js []byte, opts isolate.Options) error

// liveBuild is one build being opened, or open, in the live pool.
type liveBuild struct {
	js     []byte
	ready  chan struct{} // closed once err is set (nil: open)
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

// CheckerConfig sizes a Checker's worker pools.
type CheckerConfig struct {
	// Checks and Live are the number of workers validating uploads and running the active build
	// (defaults 2 and 1).
	Checks, Live int
	// Limits are each worker's hard bounds (isolate's defaults, with the host's time budgets).
	Limits isolate.Limits
	// OnRequest receives each worker request's measurements (for benchmarks and the hostile
	// corpus script).
	OnRequest func(isolate.Stats)
	// Executable is the binary started as a worker ("" is this process's own).
	Executable string
}

// Host budgets: the author code and the renders of one upload together end well inside the
// 20 s ValidateTimeout, so an upload always gets its verdict from the worker.
const (
	hostAuthorBudget = 8 * time.Second
	hostRenderBudget = 8 * time.Second
)

// NewChecker returns a Checker with validate's default bounds and the default pools.
func NewChecker() *Checker { return NewCheckerWith(CheckerConfig{}) }

// NewCheckerWith returns a Checker with the given pools. Close ends their workers.
func NewCheckerWith(cfg CheckerConfig) *Checker {
	if cfg.Checks <= 0 {
		cfg.Checks = 2
	}
	if cfg.Live <= 0 {
		cfg.Live = 1
	}
	if cfg.Limits.Author <= 0 {
		cfg.Limits.Author = hostAuthorBudget
	}
	if cfg.Limits.Render <= 0 {
		cfg.Limits.Render = hostRenderBudget
	}
	pool := func(n int) *isolate.Pool {
		return isolate.NewPool(isolate.Config{Size: n, Limits: cfg.Limits, Owner: "this host's", OnRequest: cfg.OnRequest, Executable: cfg.Executable})
	}
	return &Checker{checks: pool(cfg.Checks), live: pool(cfg.Live), renders: renderPool(cfg), failed: &failures{m: map[string]error{}}}
}

// Close ends the Checker's workers.
func (c *Checker) Close() {
	c.checks.Close()
	c.live.Close()
	c.renders.Close()
}

// Load implements Engine. A bundle that passes a worker's hard limit is a rejected verdict
// (code memory or timeout), as is one whose validation outlives ctx's deadline; only a host that
// cannot start workers, or a client that went away, is an error.
func (c *Checker) Load(ctx context.Context, js []byte, placed []wm.Instance) (Verdict, Project, error) {
	opts := c.Options
	opts.Instances = placed
	rep, err := c.checks.CheckOpen(ctx, js, opts, c.live)
	if errors.Is(err, context.DeadlineExceeded) {
		return Verdict{Problems: diag.List{{Code: diag.CodeTimeout,
			Message: "validating did not finish in time: this host's limit for one upload"}}}, nil, nil
	}
	if err != nil {
		return Verdict{}, nil, err
	}
	v := Verdict{Problems: rep.Diagnostics}
	for _, d := range rep.Definitions {
		walkable := d.Walkable
		v.Definitions = append(v.Definitions, Definition{Type: d.Type, Version: d.Version, Emoji: d.Emoji, Label: d.Label, Hint: d.Hint, Walkable: &walkable})
	}
	if !rep.OK() {
		return v, nil, nil
	}
	c.mu.Lock()
	if c.open != nil && !bytes.Equal(c.open.js, js) {
		c.open.cancel() // a reopening of an older build is not wanted any more
		c.open = nil
	}
	c.mu.Unlock()
	return v, &checkerProject{c: c, js: js, models: acceptedModels(rep.Definitions)}, nil
}

// opened is reopen's machinery: it waits until js is open again in the live pool, starting its
// opening in the background when it is not being opened already; it waits at most until ctx
// ends (then ErrNotReady). An opening that failed is remembered for its bundle for reopenAfter.
func (c *Checker) opened(ctx context.Context, js []byte) error {
	c.mu.Lock()
	b := c.open
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
		c.open = b
		open := c.opener
		if open == nil {
			open = c.live.Open
		}
		go b.start(octx, c.Options, open)
	}
	c.mu.Unlock()
	select {
	case <-b.ready:
		return b.err
	default:
	}
	select {
	case <-b.ready:
		return b.err
	case <-ctx.Done():
		return fmt.Errorf("%w: the build is still being opened", ErrNotReady)
	}
}

// reopen starts opening js again in the live pool (its worker was replaced) and returns at once.
func (c *Checker) reopen(js []byte) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_ = c.opened(ctx, js)
}

// start opens the build, detached from any caller (see Checker). It runs on its own goroutine,
// where a panic would end the whole host: one is recovered into the build's error.
func (b *liveBuild) start(ctx context.Context, opts isolate.Options, open openFunc) {
	defer close(b.ready)
	defer b.cancel()
	defer func() {
		if v := recover(); v != nil {
			b.err = fmt.Errorf("opening the build failed inside the host: %v", v)
		}
		if b.err != nil {
			b.failed = time.Now()
		}
	}()
	err := open(ctx, b.js, opts)
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		b.err = fmt.Errorf("%w: a newer build replaced it while it was being opened", ErrNotReady)
	default:
		b.err = notReady(err)
	}
}

// notReady turns the live pool's "no author code ran" errors into ErrNotReady.
func notReady(err error) error {
	switch {
	case errors.Is(err, isolate.ErrBusy):
		return fmt.Errorf("%w: another call into the build was running", ErrNotReady)
	case errors.Is(err, isolate.ErrNotOpen):
		return fmt.Errorf("%w: the build is being opened again", ErrNotReady)
	}
	return err
}

// checkerProject is a Checker's accepted build, open in its live pool.
type checkerProject struct {
	c  *Checker
	js []byte
	// models are the build's accepted presentation models by type (base64, as embedded): the
	// world page fetches them by content hash (models.go).
	models map[string]string
}

// Models implements modelSource.
func (p *checkerProject) Models() map[string]string { return p.models }

// call runs one live call on the open build; a worker that lost it (replaced) starts the build
// reopening in the background and the call is ErrNotReady: no view waits for a validation.
func (p *checkerProject) call(err error) error {
	if errors.Is(err, isolate.ErrNotOpen) {
		p.c.reopen(p.js)
	}
	return notReady(err)
}

// live are the options of a live call: never open the build inside the caller's deadline.
func (p *checkerProject) live() isolate.Options {
	opts := p.c.Options
	opts.NoOpen = true
	return opts
}

// reopened waits for a reopening in progress, if any (most calls find none).
func (p *checkerProject) reopened(ctx context.Context) error {
	p.c.mu.Lock()
	b := p.c.open
	p.c.mu.Unlock()
	if b == nil || !bytes.Equal(b.js, p.js) {
		return nil
	}
	return p.c.opened(ctx, p.js)
}

// Initial implements Project: the definition's initial state, checked by the registry.
func (p *checkerProject) Initial(ctx context.Context, typ string) (json.RawMessage, error) {
	if err := p.reopened(ctx); err != nil {
		return nil, err
	}
	out, err := p.c.live.Initial(ctx, p.js, typ, p.live())
	return out, p.call(err)
}

// View implements Project. A view whose author code passed a hard limit, or ran out its
// deadline, is not run again for the same build and state: the failure is remembered, so a
// world page with hostile instances placed stays fast.
func (p *checkerProject) View(ctx context.Context, in wm.Instance, viewer wm.Access) (json.RawMessage, error) {
	key := failureKey(p.js, in, viewer)
	if err := p.c.failed.get(key); err != nil {
		return nil, err
	}
	if err := p.reopened(ctx); err != nil {
		return nil, err
	}
	v, err := p.c.live.View(ctx, p.js, in, viewer, p.live())
	if runaway(err) {
		p.c.failed.put(key, err)
	}
	return v, p.call(err)
}

// Act implements Project: the action through the registry's execute, with viewer's authority.
func (p *checkerProject) Act(ctx context.Context, in wm.Instance, action Action, viewer wm.Access) (Outcome, error) {
	var fields map[string]any
	if len(action.Payload) > 0 {
		if err := json.Unmarshal(action.Payload, &fields); err != nil {
			return Outcome{}, &wm.Error{Status: 400, Message: "payload is not a JSON object: " + err.Error()}
		}
	}
	if err := p.reopened(ctx); err != nil {
		return Outcome{}, err
	}
	st, reaction, err := p.c.live.Act(ctx, p.js, in, validate.Action{Name: action.Name, Payload: fields},
		validate.Context{Access: viewer, Now: time.Now().UnixMilli()}, p.live())
	if err = p.call(err); err != nil {
		return Outcome{}, err
	}
	return Outcome{State: st, Reaction: reaction}, nil
}

// Valid implements Project.
func (p *checkerProject) Valid(ctx context.Context, in wm.Instance) error {
	if err := p.reopened(ctx); err != nil {
		return err
	}
	return p.call(p.c.live.Valid(ctx, p.js, in, p.live()))
}

// Derive implements Project: the SDK's resolved outputs, run in the live worker.
func (p *checkerProject) Derive(ctx context.Context, in wm.Instance, env validate.Env) (json.RawMessage, error) {
	if err := p.reopened(ctx); err != nil {
		return nil, err
	}
	out, err := p.c.live.Derive(ctx, p.js, in, env, p.live())
	return out, p.call(err)
}

// Step implements Project: one arrival's step effects, run in the live worker.
func (p *checkerProject) Step(ctx context.Context, in wm.Instance, event StepEvent) (json.RawMessage, error) {
	if err := p.reopened(ctx); err != nil {
		return nil, err
	}
	out, err := p.c.live.Step(ctx, p.js, in, validate.StepEvent{ID: event.ID, At: event.At, Movement: event.Movement}, p.live())
	return out, p.call(err)
}

// Close implements Project. The live worker keeps the build until a newer one displaces it.
func (p *checkerProject) Close() {}

// runaway says whether err is author code that ran out a bound (not a throw or a refusal, which
// are quick and may depend on more than the state).
func runaway(err error) bool {
	var b *isolate.Breach
	var a *isolate.AuthorError
	switch {
	case errors.As(err, &b):
		return b.Kind != isolate.BreachCrash
	case errors.As(err, &a):
		return a.Code == diag.CodeTimeout || a.Code == diag.CodeMemory || a.Code == diag.CodeStack
	}
	return errors.Is(err, context.DeadlineExceeded)
}

func failureKey(js []byte, in wm.Instance, viewer wm.Access) string {
	h := sha256.New()
	h.Write(js)
	fmt.Fprintf(h, "\x00%s\x00%s\x00%d\x00%s\x00%v\x00", in.ID, in.Type, in.Version, in.State, viewer)
	return string(h.Sum(nil))
}

// failures remembers the views that ran away (bounded: a page has few instances).
type failures struct {
	mu sync.Mutex
	m  map[string]error
}

const maxFailures = 1024

func (f *failures) get(key string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.m[key]
}

func (f *failures) put(key string, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.m) >= maxFailures {
		clear(f.m)
	}
	f.m[key] = err
}

// acceptedModels is the verdict's accepted models by type.
func acceptedModels(defs []validate.Definition) map[string]string {
	out := map[string]string{}
	for _, d := range defs {
		if d.Model != "" {
			out[d.Type] = d.Model
		}
	}
	return out
}
