package fdlimit

import (
	"errors"

	"golang.org/x/sys/unix"
)

// openMax is <sys/syslimits.h>'s OPEN_MAX: setrlimit(RLIMIT_NOFILE) refuses a soft limit above
// it (EINVAL) on the macOS versions that enforce it, even under a larger hard limit.
const openMax = 10240

// ceiling is the hard limit, at most kern.maxfilesperproc: macOS's hard limit is usually
// RLIM_INFINITY, which setrlimit does not accept as a soft limit.
func ceiling(hard uint64) uint64 {
	if n, err := unix.SysctlUint32("kern.maxfilesperproc"); err == nil && uint64(n) < hard {
		return uint64(n)
	}
	if hard == unix.RLIM_INFINITY {
		return openMax
	}
	return hard
}

// retry is the OPEN_MAX fallback when setrlimit refused target as invalid.
func retry(target uint64, err error) (uint64, bool) {
	return openMax, errors.Is(err, unix.EINVAL) && target > openMax
}
