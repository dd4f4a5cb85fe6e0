package isolate

import (
	"errors"
	"time"
)

// Default hard bounds (docs/build.md, "Hard limits"). They sit above jsrt's soft per-call bounds
// (2 s deadline, 64 MiB heap growth), which still produce the precise diagnostics; these end
// whatever those cannot stop.
const (
	// DefaultMemory is the address space a worker may add to its warm baseline: RLIMIT_AS at
	// baseline + 512 MiB. Honest validation needs a few MiB; a test fixture tens.
	DefaultMemory = 512 << 20
	// DefaultGrace is how far past its own deadline a guarded call may run before the worker
	// ends itself: the call is then stuck in a native built-in Interrupt cannot stop.
	DefaultGrace = 500 * time.Millisecond
	// DefaultOutside bounds the time a request spends with no guarded call in flight: the
	// toolchain's Go code between calls (compiling a bundle or a test file, reading results,
	// checking a model) takes milliseconds; author code Go's reads trigger can take for ever.
	DefaultOutside = 3 * time.Second
	// DefaultAuthor bounds all author code of one request together, wall clock: loading the
	// bundle, the catalog check, effects, checking placed instances (or one live call and the
	// opening of its bundle). A real project takes milliseconds.
	DefaultAuthor = 10 * time.Second
	// DefaultRender bounds rendering a valid project's sounds (Go code, each sound also under
	// audio.DefaultBudget); a template's take about a millisecond.
	DefaultRender = 20 * time.Second
	// DefaultCPU bounds one request's CPU time (RLIMIT_CPU): renders run on every core.
	DefaultCPU = 60 * time.Second
	// wallSlack is what the parent adds to a request's budgets before it kills the worker
	// itself (the worker's own watchdog should always fire first).
	wallSlack = 5 * time.Second
	// startTimeout bounds a worker's start (exec, SDK compile, warm-up) on a loaded machine.
	startTimeout = 60 * time.Second
)

// Limits are the hard bounds of a worker process. The zero value of each field means its
// default.
type Limits struct {
	// Memory is the address space beyond the warm worker's baseline (RLIMIT_AS).
	Memory uint64
	// Grace is how long a guarded call may run past its deadline before the process is ended.
	Grace time.Duration
	// Author bounds the author-code phase of one request (wall clock).
	Author time.Duration
	// Render bounds rendering one project's sounds (wall clock).
	Render time.Duration
	// CPU bounds one request's CPU time (RLIMIT_CPU, whole seconds).
	CPU time.Duration
	// Outside bounds a request's time between guarded calls (renders excepted).
	Outside time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.Memory == 0 {
		l.Memory = DefaultMemory
	}
	if l.Grace <= 0 {
		l.Grace = DefaultGrace
	}
	if l.Author <= 0 {
		l.Author = DefaultAuthor
	}
	if l.Render <= 0 {
		l.Render = DefaultRender
	}
	if l.CPU <= 0 {
		l.CPU = DefaultCPU
	}
	if l.Outside <= 0 {
		l.Outside = DefaultOutside
	}
	return l
}

// CheckWall is how long a parent waits for a check under these limits before it ends the
// worker itself: the check's budgets and a slack (the worker's own watchdog fires first).
func (l Limits) CheckWall() time.Duration {
	l = l.withDefaults()
	return l.Author + l.Render + wallSlack
}

var errNoProc = errors.New("isolate: /proc/self/status is unreadable")
