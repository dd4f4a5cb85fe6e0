//go:build !unix

package dev

import (
	"errors"
	"os"
)

var errHeld = errors.New("held by another process")

// tryLock has no advisory lock to take off Unix: two dev runs are not detected there.
func tryLock(*os.File) error { return nil }
