package host

import (
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
)

// Checker is the production Validator and Runtime: the validate package, the one home of the
// Gizmo rules (run from the SDK), with placed instances checked under the new definitions.
//
// Author code never runs in the host's process: uploads are validated in one pool of worker
// processes and the active build runs for the world page in another (package isolate), each
// worker with an address-space limit, a CPU-time limit and a wall-clock kill. A bundle that
// passes one is refused with a verdict that names the limit, and its worker is replaced; the
// host's memory, its world lock and its other requests are untouched. Two pools, so an upload
// being validated never delays a view.
type Checker struct {
	// Options carry jsrt's per-call bounds for author code (deadline, heap, stack).
	Options isolate.Options

	checks, live *isolate.Pool
	failed       *failures
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
	return &Checker{checks: pool(cfg.Checks), live: pool(cfg.Live), failed: &failures{m: map[string]error{}}}
}

// Close ends the Checker's workers.
func (c *Checker) Close() {
	c.checks.Close()
	c.live.Close()
}

// Check implements Validator. A bundle that passes a worker's hard limit is a rejected
// verdict (code memory or timeout), as is one whose validation outlives ctx's deadline; only a
// host that cannot start workers, or a client that went away, is an error.
func (c *Checker) Check(ctx context.Context, js []byte, placed []Instance) (Verdict, error) {
	opts := c.Options
	opts.Instances = make([]validate.Instance, len(placed))
	for i, in := range placed {
		opts.Instances[i] = toValidate(in)
	}
	rep, err := c.checks.Check(ctx, js, opts)
	if errors.Is(err, context.DeadlineExceeded) {
		return Verdict{Problems: diag.List{{Code: diag.CodeTimeout,
			Message: "validating did not finish in time: this host's limit for one upload"}}}, nil
	}
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Problems: rep.Diagnostics}
	for _, d := range rep.Definitions {
		v.Definitions = append(v.Definitions, Definition{Type: d.Type, Version: d.Version, Emoji: d.Emoji, Label: d.Label})
	}
	return v, nil
}

// Initial implements Runtime: the definition's initial state, checked by the registry.
func (c *Checker) Initial(ctx context.Context, js []byte, typ string) (json.RawMessage, error) {
	return c.live.Initial(ctx, js, typ, c.Options)
}

func toValidate(in Instance) validate.Instance {
	return validate.Instance{ID: in.ID, Type: in.Type, Version: in.Version, State: in.State}
}

// View implements Runtime. A view whose author code passed a hard limit, or ran out its
// deadline, is not run again for the same build and state: the failure is remembered, so a
// world page with hostile instances placed stays fast.
func (c *Checker) View(ctx context.Context, js []byte, in Instance, viewer Viewer) (json.RawMessage, error) {
	key := failureKey(js, in, viewer)
	if err := c.failed.get(key); err != nil {
		return nil, err
	}
	v, err := c.live.View(ctx, js, toValidate(in), validate.Viewer{ActorID: viewer.ActorID, CanEdit: viewer.CanEdit}, c.Options)
	if runaway(err) {
		c.failed.put(key, err)
	}
	return v, err
}

// Act implements Runtime: the action through the registry, as the owner.
func (c *Checker) Act(ctx context.Context, js []byte, in Instance, action string, payload json.RawMessage, viewer Viewer) (json.RawMessage, error) {
	var fields map[string]any
	if len(payload) > 0 {
		if err := json.Unmarshal(payload, &fields); err != nil {
			return nil, fmt.Errorf("payload is not a JSON object: %w", err)
		}
	}
	out, err := c.live.Act(ctx, js, toValidate(in), validate.Action{Name: action, Payload: fields},
		validate.Context{ActorID: viewer.ActorID, CanEdit: viewer.CanEdit, CanRemove: viewer.CanEdit, Now: time.Now().UnixMilli()}, c.Options)
	if err != nil {
		var refused *validate.Refused
		if errors.As(err, &refused) {
			return nil, errors.New(refused.Message)
		}
		return nil, err
	}
	return out, nil
}

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

func failureKey(js []byte, in Instance, viewer Viewer) string {
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
