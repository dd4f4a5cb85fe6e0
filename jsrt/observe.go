package jsrt

import (
	"sync/atomic"
	"time"
)

// GuardObserver is told about every guarded call in the process: it is called when the call
// begins, with its name, the deadline it was given and a function that stops the call as over
// its heap budget (a MemoryError, exactly as the heap watchdog's), and the function it returns
// is called when Guard returns (after the error was classified and any panic recovered).
// overBudget may be called from any goroutine, and is a no-op once the call returned.
//
// It exists for package isolate's worker process, whose hard limits lie beyond jsrt's soft
// ones. Runtime.Interrupt cannot stop a native built-in (a catastrophic regular expression,
// Array.prototype.fill over 2³² elements, a huge String.prototype.repeat), so a call can run far
// past its deadline: the worker ends its whole process once a call overruns by a grace period,
// which only a process boundary makes safe. And JavaScript that hoards memory fast (untouched
// typed arrays cost no page until written) can reach the worker's address-space limit before
// the heap watchdog's collection finishes: the worker's own cheaper poll stops such a call with
// overBudget first, so the author still gets the callback and the line. Ordinary processes
// never set an observer.
type GuardObserver func(what string, deadline time.Time, overBudget func()) (end func())

var guardObserver atomic.Pointer[GuardObserver]

// SetGuardObserver installs o for every later guarded call of the process (nil removes it).
func SetGuardObserver(o GuardObserver) {
	if o == nil {
		guardObserver.Store(nil)
		return
	}
	guardObserver.Store(&o)
}

// observeGuard is called by Guard; its result is deferred.
func observeGuard(what string, deadline time.Time, overBudget func()) func() {
	o := guardObserver.Load()
	if o == nil {
		return func() {}
	}
	return (*o)(what, deadline, overBudget)
}
