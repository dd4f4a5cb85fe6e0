//go:build unix

package bundle

import (
	"os"
	"syscall"
)

// openInput opens path for reading without following a link at path (O_NOFOLLOW fails with
// ELOOP) and without waiting for a writer on a named pipe (O_NONBLOCK; a regular file reads the
// same either way).
func openInput(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}
