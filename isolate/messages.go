package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// Operations a worker serves.
const (
	opCheck  = "check"  // validate.Check of a bundle (the build, the host's upload verdict)
	opLive   = "live"   // a call into a valid bundle kept open (the host's place, view, act)
	opTest   = "test"   // testrun.Run over a project (scape gizmo test)
	opRender = "render" // one sound's WAV (a host's world page: render.go)
	opCancel = "cancel" // stop the request in flight (its context is cancelled)
	// opExplore explores part of a project for another worker's check (validate.ExploreOnly);
	// opExplored answers that check's msgExplore with the parts' results (explore.go).
	opExplore  = "explore"
	opExplored = "explored"
)

// request is a parent → worker frame.
type request struct {
	ID     uint64 `json:"id"`
	Op     string `json:"op"`
	Budget budget `json:"budget"`
	// Deadline is the caller's context deadline, so the worker's guarded calls see it too.
	Deadline time.Time      `json:"deadline,omitzero"`
	Check    *checkRequest  `json:"check,omitempty"`
	Live     *liveRequest   `json:"live,omitempty"`
	Test     *TestOptions   `json:"test,omitempty"`
	Render   *renderRequest `json:"render,omitempty"`
	Part     *partRequest   `json:"part,omitempty"`
	// Parts are opExplored's results, in the order msgExplore asked for them (nil: not explored).
	Parts []*validate.PartExplored `json:"parts,omitempty"`
}

// partRequest is one part of a project's exploration, as a worker receives it.
type partRequest struct {
	JS []byte `json:"js"`
	Options
	// Index is the part to explore of the project split into Of parts (validate.ExploreOnly).
	Index int `json:"index"`
	Of    int `json:"of"`
}

// budget is what one request may spend; the worker enforces it on itself (watchdog.go).
type budget struct {
	// Author bounds the request's author-code phase (loading, checks, effects, a live call), wall
	// clock, from its start; 0 leaves only the per-call bound.
	Author time.Duration `json:"author,omitempty"`
	// Render bounds rendering the sounds of a valid project (Go code under audio's own budget).
	Render time.Duration `json:"render,omitempty"`
	// CPU bounds the request's CPU time (RLIMIT_CPU, whole seconds).
	CPU time.Duration `json:"cpu,omitempty"`
}

// checkRequest is a check of JS with its Options, as a worker receives it.
type checkRequest struct {
	JS []byte `json:"js"`
	Options
}

// Live calls.
const (
	liveInitial = "initial"
	liveView    = "view"
	liveAct     = "act"
	liveValid   = "valid"
	// liveDerive and liveStep are the world's calls: an instance's derived outputs
	// (validate.Project.Derive) and an arrival's step effects (validate.Project.Step).
	liveDerive = "derive"
	liveStep   = "step"
	// liveOpen only opens the bundle, so later calls find it open (a host warming a build).
	liveOpen = "open"
)

type liveRequest struct {
	// Hash identifies the bundle; JS is sent only when the worker does not have it open.
	Hash     string           `json:"hash"`
	JS       []byte           `json:"js,omitempty"`
	JSOpts   jsrt.Limits      `json:"js_options"`
	Call     string           `json:"call"`
	Type     string           `json:"type,omitempty"`
	Instance world.Instance   `json:"instance"`
	Viewer   world.Access     `json:"viewer"`
	Action   validate.Action  `json:"action"`
	Context  validate.Context `json:"context"`
	// Env is derive's link topology and previous state; Step is step's arrival.
	Env  validate.Env        `json:"env,omitempty"`
	Step *validate.StepEvent `json:"step,omitempty"`
	// noOpen (not sent): the call must not send the bundle to a worker lacking it (Options.NoOpen).
	noOpen bool
}

// Message kinds, worker → parent.
const (
	msgReady    = "ready"    // warmed up and limited; accepts requests
	msgCall     = "call"     // a guarded call started (names the callback if the process dies)
	msgConsole  = "console"  // a test's console line
	msgProgress = "progress" // a finished test
	msgReply    = "reply"    // the request's answer
	msgBreach   = "breach"   // a hard bound was passed; the worker exits right after
	msgExplore  = "explore"  // a check asks for parts of its exploration elsewhere (explore.go)
)

// message is a worker → parent frame.
type message struct {
	Kind     string          `json:"kind"`
	ID       uint64          `json:"id,omitempty"`
	Ready    *readyInfo      `json:"ready,omitempty"`
	Call     string          `json:"call,omitempty"`
	Console  *consoleLine    `json:"console,omitempty"`
	Progress *testrun.Result `json:"progress,omitempty"`
	Reply    *reply          `json:"reply,omitempty"`
	Breach   *breachInfo     `json:"breach,omitempty"`
	// Parts are msgExplore's parts, to explore in other workers.
	Parts []validate.ExplorePart `json:"parts,omitempty"`
}

type readyInfo struct {
	PID int `json:"pid"`
	// Baseline is the address space (bytes) the warm worker had when it set its limit, and
	// Limit the RLIMIT_AS it set (0: none, the fallback on systems without it).
	Baseline uint64 `json:"baseline"`
	Limit    uint64 `json:"limit"`
	RSS      uint64 `json:"rss"`
	// Strategy is the strategy bounding its memory: hard or portable.
	Strategy string `json:"strategy"`
}

type consoleLine struct {
	File  string `json:"file"`
	Level string `json:"level"`
	Text  string `json:"text"`
}

type reply struct {
	Report *wireReport     `json:"report,omitempty"`
	Test   *testrun.Report `json:"test,omitempty"`
	Live   *liveReply      `json:"live,omitempty"`
	// WAV is a render request's answer (EncodeWAV's bytes).
	WAV []byte `json:"wav,omitempty"`
	// Part is an opExplore request's answer.
	Part  *validate.PartExplored `json:"part,omitempty"`
	Error *wireError             `json:"error,omitempty"`
	// Open lists the bundles (hashes) the worker has open for live calls after the request.
	Open []string `json:"open,omitempty"`
	// PeakRSS is the worker's peak resident memory so far (VmHWM), CPU its CPU time so far.
	PeakRSS uint64        `json:"peakRss,omitempty"`
	CPU     time.Duration `json:"cpu,omitempty"`
	// Space is the worker's address space after the request: Go never gives address space back,
	// so a worker that grew is replaced before its limit leaves too little room.
	Space uint64 `json:"space,omitempty"`
}

type liveReply struct {
	// Missing: the worker does not have the bundle open; send it again with its JS.
	Missing bool            `json:"missing,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
	View    json.RawMessage `json:"view,omitempty"`
	// Reaction is an action's reaction (JSON, "null" when none).
	Reaction json.RawMessage `json:"reaction,omitempty"`
	// Derived is derive's outputs; Effects step's effects ("null" when none).
	Derived json.RawMessage `json:"derived,omitempty"`
	Effects json.RawMessage `json:"effects,omitempty"`
}

type breachInfo struct {
	Kind     string        `json:"kind"` // breachTimeout, breachBudget, breachCPU
	Callback string        `json:"callback,omitempty"`
	Limit    time.Duration `json:"limit,omitempty"`
}

// wireReport is validate.Report on the wire: every field of each definition, including the
// ones its JSON form leaves out.
type wireReport struct {
	Definitions []wireDefinition    `json:"definitions"`
	Diagnostics diag.List           `json:"diagnostics"`
	Logs        []jsrt.LogLine      `json:"logs,omitempty"`
	Duration    time.Duration       `json:"duration"`
	Sounds      time.Duration       `json:"sounds"`
	Models      time.Duration       `json:"models"`
	Explored    []validate.Explored `json:"explored,omitempty"`
	Explore     time.Duration       `json:"explore,omitempty"`
}

type wireDefinition struct {
	validate.Definition
	Index     int             `json:"index"`
	Export    string          `json:"export,omitempty"`
	Sounds    json.RawMessage `json:"sounds,omitempty"`
	SoundBank json.RawMessage `json:"soundBank,omitempty"`
	Previews  json.RawMessage `json:"previews,omitempty"`
	Probed    json.RawMessage `json:"probed,omitempty"`
	Model     string          `json:"modelData,omitempty"`
	Walkable  bool            `json:"walkable,omitempty"`
	Hint      string          `json:"hint,omitempty"`
}

func toWire(r *validate.Report) *wireReport {
	w := &wireReport{Diagnostics: r.Diagnostics, Logs: r.Logs, Duration: r.Duration, Sounds: r.Sounds, Models: r.Models,
		Explored: r.Explored, Explore: r.Explore}
	for _, d := range r.Definitions {
		w.Definitions = append(w.Definitions, wireDefinition{Definition: d, Index: d.Index, Export: d.Export,
			Sounds: d.Sounds, SoundBank: d.SoundBank, Previews: d.Previews, Probed: d.Probed, Model: d.Model, Walkable: d.Walkable, Hint: d.Hint})
	}
	return w
}

func (w *wireReport) report() *validate.Report {
	r := &validate.Report{Diagnostics: w.Diagnostics, Logs: w.Logs, Duration: w.Duration, Sounds: w.Sounds, Models: w.Models,
		Explored: w.Explored, Explore: w.Explore}
	for _, wd := range w.Definitions {
		d := wd.Definition
		d.Index, d.Export = wd.Index, wd.Export
		d.Sounds, d.SoundBank, d.Previews, d.Probed, d.Model = wd.Sounds, wd.SoundBank, wd.Previews, wd.Probed, wd.Model
		d.Walkable, d.Hint = wd.Walkable, wd.Hint
		r.Definitions = append(r.Definitions, d)
	}
	return r
}

// Error kinds on the wire.
const (
	errRefused   = "refused"   // *world.Error
	errAuthor    = "author"    // author code failed under a jsrt guard (AuthorError)
	errLoad      = "load"      // the bundle is not valid, so it cannot be opened for live use
	errCancelled = "cancelled" // the request's context ended
	errInternal  = "internal"  // the toolchain failed
)

type wireError struct {
	Kind    string    `json:"kind"`
	Message string    `json:"message"`
	Status  int       `json:"status,omitempty"`
	Code    diag.Code `json:"code,omitempty"`
}

// AuthorError is author code that failed in a worker under one of jsrt's own bounds: it threw,
// ran past its deadline, recursed too deeply or grew the heap past its budget. Error() is the
// message jsrt gave it ("view did not return within 2s (an endless loop?)").
type AuthorError struct {
	Code    diag.Code
	Message string
}

func (e *AuthorError) Error() string { return e.Message }

// Is makes a timeout match context.DeadlineExceeded: a caller that set the deadline (the host's
// view budget) sees its own deadline, even when the worker answered a moment before the
// caller's timer fired.
func (e *AuthorError) Is(target error) bool {
	return target == context.DeadlineExceeded && e.Code == diag.CodeTimeout
}

func wireErr(err error) *wireError {
	var refused *world.Error
	var timeout *jsrt.TimeoutError
	var stack *jsrt.StackError
	var mem *jsrt.MemoryError
	var thrown *jsrt.ThrownError
	var load *loadError
	switch {
	case errors.As(err, &refused):
		return &wireError{Kind: errRefused, Status: refused.Status, Message: refused.Message}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return &wireError{Kind: errCancelled, Message: err.Error()}
	case errors.As(err, &timeout):
		return &wireError{Kind: errAuthor, Code: diag.CodeTimeout, Message: err.Error()}
	case errors.As(err, &stack):
		return &wireError{Kind: errAuthor, Code: diag.CodeStack, Message: err.Error()}
	case errors.As(err, &mem):
		return &wireError{Kind: errAuthor, Code: diag.CodeMemory, Message: err.Error()}
	case errors.As(err, &thrown):
		return &wireError{Kind: errAuthor, Code: diag.CodeThrown, Message: err.Error()}
	case errors.As(err, &load):
		return &wireError{Kind: errLoad, Message: load.msg}
	}
	return &wireError{Kind: errInternal, Message: err.Error()}
}

func (w *wireError) err() error {
	switch w.Kind {
	case errRefused:
		return &world.Error{Status: w.Status, Message: w.Message}
	case errAuthor:
		return &AuthorError{Code: w.Code, Message: w.Message}
	case errCancelled:
		return context.Canceled
	case errLoad:
		return &loadError{msg: w.Message}
	}
	return fmt.Errorf("validation worker: %s", w.Message)
}

// loadError is a bundle that cannot be opened for live use: it is not valid.
type loadError struct{ msg string }

func (e *loadError) Error() string { return e.msg }
