package bundle

import (
	"io/fs"
	"os"
)

// openInput opens path for reading, refusing a link at path. Windows has no O_NOFOLLOW: the
// check comes first, from Lstat. Named pipes live in their own namespace (\\.\pipe\), never in
// a project, and devices (NUL, CON) are refused by readInput's check on the open file.
func openInput(path string) (*os.File, error) {
	if info, err := os.Lstat(path); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return nil, errLink
	}
	return os.Open(path)
}
