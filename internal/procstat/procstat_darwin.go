package procstat

import (
	"encoding/binary"
	"os"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// maxrssUnit: macOS reports ru_maxrss in bytes.
const maxrssUnit = 1

// macOS counts CPU per thread only through Mach calls this cgo-free binary does not make.
func threadCPU() time.Duration { return selfCPU() }

// proc_pid_rusage(pid, RUSAGE_INFO_V0, buf) is libproc's wrapper of the proc_info system call
// (PROC_INFO_CALL_PIDRUSAGE): a cgo-free binary makes the call itself. rusage_info_v0 is 96
// bytes: a 16-byte UUID, then 64-bit counters, ri_phys_footprint at offset 72 (the figure
// Activity Monitor shows and the memory-pressure system acts on).
const (
	procInfoCallPIDRusage = 9
	rusageInfoV0          = 0
	rusageInfoV0Size      = 96
	physFootprintOffset   = 72
)

type watched struct{ pid int }

func watch(p *os.Process) (watched, error) {
	w := watched{pid: p.Pid}
	_, err := w.usage()
	return w, err
}

func (w watched) usage() (Usage, error) {
	var buf [rusageInfoV0Size]byte
	_, _, errno := unix.Syscall6(unix.SYS_PROC_INFO, procInfoCallPIDRusage, uintptr(w.pid), rusageInfoV0, 0,
		uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	if errno != 0 {
		return Usage{}, errno
	}
	// ri_user_time and ri_system_time are Mach absolute time (not nanoseconds on Apple silicon):
	// left out, RLIMIT_CPU bounds CPU time there.
	return Usage{Memory: binary.LittleEndian.Uint64(buf[physFootprintOffset:])}, nil
}

func (watched) limitMemory(uint64) error { return ErrUnsupported }
func (watched) close()                   {}
