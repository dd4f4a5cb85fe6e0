// Package filelock is the one advisory lock of this toolchain: an exclusive, non-blocking lock on
// an open file that the operating system drops with the descriptor, so a process that dies
// however it dies never leaves a stale lock. flock(2) on Unix, LockFileEx on Windows.
package filelock

import (
	"errors"
	"os"
)

// ErrHeld is TryLock's error when another process (or another descriptor) holds the lock.
var ErrHeld = errors.New("held by another process")

// TryLock takes the exclusive lock on f without waiting: nil when taken, ErrHeld when another
// holds it, another error when the file system cannot lock. Closing f releases it.
func TryLock(f *os.File) error { return tryLock(f) }

// Unlock releases a lock TryLock took on f (closing f does too).
func Unlock(f *os.File) error { return unlock(f) }
