package isolate

import (
	"os"
	"sync"
	"time"

	"github.com/scapeworld/scape/internal/frame"
)

// Breach kinds a worker reports about itself before it exits.
const (
	breachTimeout = "timeout" // one guarded call ran past its deadline by more than the grace
	breachBudget  = "budget"  // a request phase (all its author code, or its renders) ran too long
	breachCPU     = "cpu"     // the request's CPU time passed RLIMIT_CPU (SIGXCPU)
	breachOutside = "outside" // code ran too long between guarded calls (a hook run by Go's reads)
	breachMemory  = "memory"  // the footprint passed the memory limit where the OS sets none
)

// exitBreach is the worker's exit status after it reported a breach.
const exitBreach = 3

// watchdog is the worker's own hard bound on time. jsrt stops runaway JavaScript with
// Interrupt, but a native built-in (a catastrophic regular expression, a fill over 2³²
// elements) does not look at interrupts: the watchdog then reports the breach to the parent and
// ends the process, from its own goroutine, which the busy one cannot block.
type watchdog struct {
	out   *frame.Writer
	grace time.Duration
	// spaceLimit is the address space at which a guarded call is stopped as over its heap
	// budget, before the hard limit ends the process (0: no poll).
	spaceLimit uint64
	// footprint reads the figure spaceLimit bounds (the strategy's: address space or Go memory).
	footprint func() uint64
	// memLimit, where the OS caps nothing (the portable strategy), is the footprint at which the
	// worker ends itself as over its memory, as RLIMIT_AS would have (0: the OS caps it).
	memLimit uint64

	// outside bounds the time a request spends with no guarded call in flight (0: unbounded).
	outside time.Duration

	mu        sync.Mutex
	id        uint64    // the request in flight
	busy      bool      // a request is in flight
	exempt    bool      // the request is in a phase of trusted Go work (renders)
	calls     []string  // guarded calls in flight, innermost last
	last      string    // the last guarded call that ended
	idleSince time.Time // when the last guarded call ended (or the request began)
}

// observe is the jsrt.GuardObserver: it tells the parent which call runs (so a process that
// dies of its memory limit is reported with the callback), arms the call's hard deadline and
// polls the heap while it runs.
func (w *watchdog) observe(what string, deadline time.Time, overBudget func()) func() {
	w.mu.Lock()
	w.calls = append(w.calls, what)
	id := w.id
	w.mu.Unlock()
	_ = w.out.Write(message{Kind: msgCall, ID: id, Call: what})
	var t *time.Timer
	if !deadline.IsZero() {
		limit := time.Until(deadline)
		t = time.AfterFunc(limit+w.grace, func() { w.breach(breachTimeout, what, limit.Round(100*time.Millisecond)) })
	}
	stopPoll := w.pollHeap(overBudget)
	return func() {
		stopPoll()
		if t != nil {
			t.Stop()
		}
		w.mu.Lock()
		if n := len(w.calls); n > 0 {
			w.calls = w.calls[:n-1]
		}
		w.last, w.idleSince = what, time.Now()
		w.mu.Unlock()
	}
}

// watchOutside ends the process when a request spends more than w.outside with no guarded call
// in flight. Between guarded calls only the toolchain's Go code should run, reading what the
// calls returned; author code that runs there (a getter, a Symbol.iterator, a toJSON that Go's
// reads trigger) is outside every deadline, and only this bound stops it. It runs for the
// worker's life.
func (w *watchdog) watchOutside() {
	if w.outside <= 0 {
		return
	}
	t := time.NewTicker(w.outside / 20)
	defer t.Stop()
	for now := range t.C {
		w.mu.Lock()
		over := w.busy && !w.exempt && len(w.calls) == 0 && now.Sub(w.idleSince) > w.outside
		last := w.last
		w.mu.Unlock()
		if over {
			w.breach(breachOutside, last, w.outside)
		}
	}
}

// trusted marks a phase of the request that runs only the toolchain's own Go code (rendering
// sounds under the audio budget), which the outside bound does not apply to.
func (w *watchdog) trusted() (end func()) {
	w.mu.Lock()
	w.exempt = true
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		w.exempt = false
		w.idleSince = time.Now()
		w.mu.Unlock()
	}
}

// spacePoll is how often the address space is read during a guarded call (a read of
// /proc/self/statm costs some 10 µs). Memory that is never written costs no page, so a loop of
// `new Float64Array(1 << 20)` takes address space at gigabytes a second; a millisecond keeps the
// overshoot to a few MiB.
const spacePoll = time.Millisecond

// pollSpace stops the call with over once the address space passes spaceLimit, so JavaScript
// that hoards memory gets jsrt's MemoryError, with its callback and line, while the process can
// still report it. jsrt's own watchdog forces a collection before it decides (so garbage never
// counts), which takes longer than such a loop needs to reach the hard limit; the heap metrics
// of runtime/metrics lag behind large allocations by tens of MiB. The address space is what the
// hard limit counts.
func (w *watchdog) pollHeap(over func()) (stop func()) {
	if w.spaceLimit == 0 || w.footprint == nil || over == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(spacePoll)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if w.footprint() > w.spaceLimit {
					over()
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// memPoll is how often watchMemory reads the footprint while a request runs (a read of the
// runtime's metrics costs about a microsecond).
const memPoll = time.Millisecond

// watchMemory ends the process as over its memory once the footprint passes memLimit during a
// request: where no address-space limit exists, a single native allocation (a 2 GiB
// 'x'.repeat) is taken at once but filled slowly, and neither jsrt's interrupt nor the parent's
// watch of resident memory would end it before the call's deadline. It runs for the worker's
// life.
func (w *watchdog) watchMemory() {
	if w.memLimit == 0 || w.footprint == nil {
		return
	}
	t := time.NewTicker(memPoll)
	defer t.Stop()
	for range t.C {
		w.mu.Lock()
		busy := w.busy
		w.mu.Unlock()
		if busy && w.footprint() > w.memLimit {
			w.breach(breachMemory, w.current(""), 0)
		}
	}
}

// start marks the beginning of request id.
func (w *watchdog) start(id uint64) {
	w.mu.Lock()
	w.id, w.calls, w.last, w.busy, w.exempt, w.idleSince = id, nil, "", true, false, time.Now()
	w.mu.Unlock()
}

// done marks the end of the request in flight.
func (w *watchdog) done() {
	w.mu.Lock()
	w.busy = false
	w.mu.Unlock()
}

// phase bounds a phase of the current request to d of wall time (0: unbounded); stop ends it.
func (w *watchdog) phase(d time.Duration, what string) (stop func()) {
	if d <= 0 {
		return func() {}
	}
	t := time.AfterFunc(d, func() { w.breach(breachBudget, w.current(what), d) })
	return func() { t.Stop() }
}

// current is the innermost guarded call in flight, else what.
func (w *watchdog) current(what string) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if n := len(w.calls); n > 0 {
		return w.calls[n-1]
	}
	return what
}

// breach reports and exits. The exit does not wait for the parent to read the frame for long.
func (w *watchdog) breach(kind, callback string, limit time.Duration) {
	go func() {
		time.Sleep(time.Second)
		os.Exit(exitBreach)
	}()
	w.mu.Lock()
	id := w.id
	w.mu.Unlock()
	_ = w.out.Write(message{Kind: msgBreach, ID: id, Breach: &breachInfo{Kind: kind, Callback: callback, Limit: limit}})
	os.Exit(exitBreach)
}
