// Package procstat reads the operating system's own figures for a process — its memory and its
// CPU time — behind one interface on every platform: /proc on Linux, proc_pid_rusage on macOS,
// a Job Object and GetProcessTimes on Windows. The worker pool's portable limits (isolate) and
// the benchmarks read them here, so no other package knows how a platform counts.
package procstat

import (
	"errors"
	"os"
	"time"
)

// Usage is a running process's figures now.
type Usage struct {
	// Memory is what the OS charges the process: resident pages on Linux, the physical footprint
	// on macOS (what its memory pressure counts), the peak committed private memory on Windows
	// (what a job's process-memory limit counts).
	Memory uint64
	// CPU is user + system time; HasCPU is false where the OS gives no figure for another
	// process without privileges (macOS reports it in Mach ticks: RLIMIT_CPU bounds it there).
	CPU    time.Duration
	HasCPU bool
}

// ErrUnsupported is Watched.LimitMemory's error where the OS has no per-process memory limit a
// parent can set (Linux and macOS: the parent's poll of Usage enforces it).
var ErrUnsupported = errors.New("procstat: not supported on this platform")

// Watched is a child process whose figures the parent reads while it runs.
type Watched struct{ w watched }

// Watch starts watching the running process p. On Windows it also puts the process in a Job
// Object of its own that kills it when the parent goes away (kill-on-close): the parent-death
// signal Linux gives.
func Watch(p *os.Process) (*Watched, error) {
	w, err := watch(p)
	if err != nil {
		return nil, err
	}
	return &Watched{w}, nil
}

// Usage reads the process's figures now.
func (w *Watched) Usage() (Usage, error) { return w.w.usage() }

// LimitMemory has the OS itself refuse the process memory beyond limit bytes (Windows: the job's
// process-memory limit; an allocation past it fails). ErrUnsupported elsewhere.
func (w *Watched) LimitMemory(limit uint64) error { return w.w.limitMemory(limit) }

// Close releases what Watch took (on Windows, closing the job kills the process if it still runs).
func (w *Watched) Close() { w.w.close() }

// CPU is this process's user + system CPU time so far.
func CPU() time.Duration { return selfCPU() }

// ThreadCPU is the calling OS thread's CPU time where the OS counts it per thread (Linux), else
// the process's (benchmarks pin GOMAXPROCS=1 for it to mean the same).
func ThreadCPU() time.Duration { return threadCPU() }

// PeakRSS is this process's peak resident memory in bytes (0 where unknown).
func PeakRSS() uint64 { return selfPeakRSS() }

// ExitedPeakRSS is a finished child's peak resident memory in bytes, from its wait status
// (wait4's rusage on Unix, whose unit differs: KiB on Linux, bytes on macOS); 0 where unknown.
func ExitedPeakRSS(ps *os.ProcessState) uint64 {
	if ps == nil {
		return 0
	}
	return exitedPeakRSS(ps)
}
