package isolate

import (
	"os"
	"syscall"
	"time"
)

// Windows has no address-space limit a process sets on itself: the portable strategy, whose
// parent puts each worker in a Job Object with a process-memory limit and kill-on-close
// (internal/procstat).
var platformStrategy strategy = portableStrategy{}

func workerSysProcAttr() *syscall.SysProcAttr { return nil }

// SelfExecutable is how this binary re-executes itself (a worker, a build server).
func SelfExecutable() (string, error) { return os.Executable() }

// No RLIMIT_CPU: the parent's watch of the job's CPU time ends a request over its budget.
func limitCPU(time.Duration) error      { return nil }
func notifyCPU(chan<- os.Signal)        {}
func cpuSignal(sig syscall.Signal) bool { return false }
func framesFile() (*os.File, bool)      { return nil, false }
