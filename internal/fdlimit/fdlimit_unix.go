//go:build unix

package fdlimit

import (
	"fmt"

	"golang.org/x/sys/unix"
)

func raise() (uint64, error) {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("reading the open-file limit: %w", err)
	}
	cur, hard := uint64(lim.Cur), uint64(lim.Max)
	target := ceiling(hard)
	if cur >= target || cur+1 == target {
		return cur, nil // the runtime's own raise (hard less one) or better: keep it
	}
	want := lim
	set(&want.Cur, target)
	err := unix.Setrlimit(unix.RLIMIT_NOFILE, &want)
	if err != nil {
		if fallback, ok := retry(target, err); ok {
			target = fallback
			set(&want.Cur, target)
			err = unix.Setrlimit(unix.RLIMIT_NOFILE, &want)
		}
	}
	if err != nil {
		return cur, fmt.Errorf("raising the open-file limit from %d to %d (hard limit %d): %w", cur, target, hard, err)
	}
	return target, nil
}

// set stores v in a limit field, whose type is uint64 on Linux and macOS, int64 on the BSDs.
func set[T int64 | uint64](field *T, v uint64) { *field = T(v) }
