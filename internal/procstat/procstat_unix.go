//go:build unix

package procstat

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func selfCPU() time.Duration { return rusage(unix.RUSAGE_SELF) }

func rusage(who int) time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func selfPeakRSS() uint64 {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return uint64(ru.Maxrss) * maxrssUnit
}

func exitedPeakRSS(ps *os.ProcessState) uint64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru != nil {
		return uint64(ru.Maxrss) * maxrssUnit
	}
	return 0
}
