//go:build unix

package dev

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

var errHeld = errors.New("held by another process")

func tryLock(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return errHeld
	}
	return err
}
