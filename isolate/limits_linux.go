package isolate

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// Linux has the hard strategy (RLIMIT_AS): the kernel refuses the worker every mapping past its
// limit. SCAPE_LIMITS=portable selects the macOS/Windows strategy here instead, so CI runs the
// hostile corpus under it.
var platformStrategy strategy = hardStrategy{}

// hardStrategy caps the worker's own address space.
type hardStrategy struct{}

func (hardStrategy) name() string { return strategyHard }

// limitSelf caps the process's address space at its current size plus extra bytes (RLIMIT_AS,
// soft and hard: the worker cannot raise it again). Beyond it every mmap fails, and the Go
// runtime ends the process with "fatal error: out of memory", which the parent reports.
func (hardStrategy) limitSelf(extra uint64) (baseline, limit uint64, err error) {
	baseline = procStatus("VmSize")
	if baseline == 0 {
		return 0, 0, errNoProc
	}
	limit = baseline + extra
	err = unix.Setrlimit(unix.RLIMIT_AS, &unix.Rlimit{Cur: limit, Max: limit})
	return baseline, limit, err
}

// footprint is the address space: what RLIMIT_AS counts.
func (hardStrategy) footprint() uint64 { return addressSpace() }

// The kernel enforces the limit; the parent has nothing to watch.
func (hardStrategy) watches() bool { return false }

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

// workerSysProcAttr makes the kernel kill a worker when the parent dies (the parent also closes
// its stdin, on which the worker exits).
func workerSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// SelfExecutable is how a parent re-executes its own binary: /proc/self/exe still works when
// the file was replaced or deleted while the process runs (a `go install` during `scape gizmo dev`).
func SelfExecutable() (string, error) {
	if _, err := os.Stat("/proc/self/exe"); err == nil {
		return "/proc/self/exe", nil
	}
	return os.Executable()
}
