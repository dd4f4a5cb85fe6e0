package isolate

import (
	"os"
	"syscall"
)

// macOS has no address-space limit (it accepts RLIMIT_AS and ignores it): the portable strategy.
var platformStrategy strategy = portableStrategy{}

// No parent-death signal: the job falls to the worker itself, which exits when its stdin (the
// parent's end of the pipe) closes, within the grace even while busy (Serve).
func workerSysProcAttr() *syscall.SysProcAttr { return nil }

// SelfExecutable is how this binary re-executes itself (a worker, a build server).
func SelfExecutable() (string, error) { return os.Executable() }
