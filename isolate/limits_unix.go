//go:build unix

package isolate

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/scapeworld/scape/internal/procstat"
	"golang.org/x/sys/unix"
)

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
	soft := uint64((procstat.CPU() + d + time.Second - 1) / time.Second)
	if soft > rl.Max {
		soft = rl.Max
	}
	rl.Cur = soft
	return unix.Setrlimit(unix.RLIMIT_CPU, &rl)
}

// notifyCPU delivers SIGXCPU (the soft RLIMIT_CPU passed) to c.
func notifyCPU(c chan<- os.Signal) { signal.Notify(c, syscall.SIGXCPU) }

// cpuSignal says whether sig is the CPU-time limit's.
func cpuSignal(sig syscall.Signal) bool { return sig == syscall.SIGXCPU }

// framesFile keeps the protocol on a descriptor of its own: a duplicate of stdout, with fd 1
// pointed at stderr, so nothing that writes to fd 1 directly can corrupt the stream.
func framesFile() (*os.File, bool) {
	fd, err := unix.Dup(1)
	if err != nil {
		return nil, false
	}
	unix.CloseOnExec(fd)
	if unix.Dup2(2, 1) != nil {
		unix.Close(fd)
		return nil, false
	}
	return os.NewFile(uintptr(fd), "frames"), true
}
