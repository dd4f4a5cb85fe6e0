package jsrt

import (
	"sync/atomic"
	"time"
)

// GuardObserver is told about every guarded call in the process: Start when the call begins,
// with its name and the deadline it was given, and the returned function when Guard returns
// (after the error was classified and any panic recovered).
//
// It exists for package isolate's worker process. Runtime.Interrupt cannot stop a native
// built-in (a catastrophic regular expression, Array.prototype.fill over 2³² elements, a huge
// String.prototype.repeat), so a call can run far past its deadline; the worker uses the
// observer to end its whole process once a call overruns by a grace period, which only a
// process boundary makes safe. Ordinary processes never set one.
type GuardObserver func(what string, deadline time.Time) (end func())

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
func observeGuard(what string, deadline time.Time) func() {
	o := guardObserver.Load()
	if o == nil {
		return func() {}
	}
	return (*o)(what, deadline)
}
