//go:build unix

package projdir

import (
	"errors"
	"syscall"
)

// O_NOFOLLOW: the open itself fails (ELOOP) when the last element is a link.
const noFollow = syscall.O_NOFOLLOW

func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }
