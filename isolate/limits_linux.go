//go:build linux

package isolate

import (
	"bufio"
	"bytes"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// hardLimits says whether this platform enforces the worker's memory and CPU limits (RLIMIT_AS,
// RLIMIT_CPU). Elsewhere a worker still runs in its own process, with the wall-clock kill and
// the per-call watchdog, but no OS memory cap.
const hardLimits = true

// limitAddressSpace caps the process's address space at its current size plus extra bytes
// (RLIMIT_AS, soft and hard: the worker cannot raise it again). Beyond it every mmap fails, and
// the Go runtime ends the process with "fatal error: out of memory", which the parent reports.
func limitAddressSpace(extra uint64) (baseline, limit uint64, err error) {
	baseline = procStatus("VmSize")
	if baseline == 0 {
		return 0, 0, errNoProc
	}
	limit = baseline + extra
	err = unix.Setrlimit(unix.RLIMIT_AS, &unix.Rlimit{Cur: limit, Max: limit})
	return baseline, limit, err
}

// limitCPU sets the soft RLIMIT_CPU to the CPU time used so far plus d (rounded up to whole
// seconds; d <= 0 lifts it to the hard limit): passing it sends SIGXCPU, which the worker turns
// into a breach. The hard limit stays where it was, so the next request can set the soft one
// again.
func limitCPU(d time.Duration) error {
	var rl unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_CPU, &rl); err != nil {
		return err
	}
	if d <= 0 {
		rl.Cur = rl.Max
		return unix.Setrlimit(unix.RLIMIT_CPU, &rl)
	}
	soft := uint64((cpuTime() + d + time.Second - 1) / time.Second)
	if soft > rl.Max {
		soft = rl.Max
	}
	rl.Cur = soft
	return unix.Setrlimit(unix.RLIMIT_CPU, &rl)
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// addressSpace is the process's address space now (the first field of /proc/self/statm, in
// pages), in bytes; 0 when unknown.
func addressSpace() uint64 {
	f, err := os.Open("/proc/self/statm")
	if err != nil {
		return 0
	}
	defer f.Close()
	var buf [64]byte
	n, _ := f.Read(buf[:])
	end := bytes.IndexByte(buf[:n], ' ')
	if end < 0 {
		return 0
	}
	pages, _ := strconv.ParseUint(string(buf[:end]), 10, 64)
	return pages * uint64(os.Getpagesize())
}

// peakRSS is the process's peak resident set (VmHWM), in bytes.
func peakRSS() uint64 { return procStatus("VmHWM") }

// procStatus reads one "kB" field of /proc/self/status, in bytes (0 when unknown).
func procStatus(field string) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	prefix := []byte(field + ":")
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.HasPrefix(line, prefix) {
			continue
		}
		f := bytes.Fields(line[len(prefix):])
		if len(f) == 0 {
			return 0
		}
		n, _ := strconv.ParseUint(string(f[0]), 10, 64)
		return n << 10
	}
	return 0
}

// framesOut keeps the protocol on its own descriptor: it duplicates stdout for the frames and
// points fd 1 at stderr, so nothing else in the worker that prints to stdout (a stray debug line,
// a library) can corrupt the stream.
func framesOut() *os.File {
	fd, err := unix.Dup(1)
	if err != nil {
		return os.Stdout
	}
	unix.CloseOnExec(fd)
	if unix.Dup3(2, 1, 0) != nil {
		unix.Close(fd)
		return os.Stdout
	}
	return os.NewFile(uintptr(fd), "frames")
}

// workerSysProcAttr makes the kernel kill a worker when the parent dies (the parent also closes
// its stdin, on which the worker exits).
func workerSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// selfExecutable is how a parent re-executes its own binary: /proc/self/exe still works when
// the file was replaced or deleted while the process runs (a `go install` during `scape gizmo dev`).
func selfExecutable() (string, error) {
	if _, err := os.Stat("/proc/self/exe"); err == nil {
		return "/proc/self/exe", nil
	}
	return os.Executable()
}

// maxRSS is a finished process's peak resident set in bytes (wait4's rusage; Linux reports kB).
func maxRSS(ps *os.ProcessState) uint64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru != nil {
		return uint64(ru.Maxrss) << 10
	}
	return 0
}

// cpuOf is a finished process's CPU time.
func cpuOf(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	return ps.UserTime() + ps.SystemTime()
}

// signalled reports the signal that ended a process, if one did.
func signalled(ps *os.ProcessState) (syscall.Signal, bool) {
	if ps == nil {
		return 0, false
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal(), true
	}
	return 0, false
}

// notifyCPU delivers SIGXCPU (the soft RLIMIT_CPU passed) to c.
func notifyCPU(c chan<- os.Signal) { signal.Notify(c, syscall.SIGXCPU) }

// cpuSignal says whether sig is the CPU-time limit's.
func cpuSignal(sig syscall.Signal) bool { return sig == syscall.SIGXCPU }
