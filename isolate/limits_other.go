//go:build !linux

package isolate

import (
	"os"
	"syscall"
	"time"
)

// hardLimits is false off Linux: there is no RLIMIT_AS to rely on (macOS ignores it), so
// Available reports false and callers validate in-process with jsrt's soft bounds
// (inprocess.go). The reference host runs on Linux.
const hardLimits = false

func limitAddressSpace(extra uint64) (baseline, limit uint64, err error) { return 0, 0, nil }
func limitCPU(d time.Duration) error                                     { return nil }
func cpuTime() time.Duration                                             { return 0 }
func peakRSS() uint64                                                    { return 0 }
func addressSpace() uint64                                               { return 0 }
func framesOut() *os.File                                                { return os.Stdout }
func workerSysProcAttr() *syscall.SysProcAttr                            { return nil }
func selfExecutable() (string, error)                                    { return os.Executable() }
func maxRSS(ps *os.ProcessState) uint64                                  { return 0 }
func signalled(ps *os.ProcessState) (syscall.Signal, bool)               { return 0, false }
func notifyCPU(c chan<- os.Signal)                                       {}

func cpuOf(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	return ps.UserTime() + ps.SystemTime()
}

func cpuSignal(sig syscall.Signal) bool { return false }
