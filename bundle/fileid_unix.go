//go:build unix

package bundle

import (
	"os"
	"syscall"
)

// fileID is the file's inode: a file replaced by another (an editor's atomic save) changes it.
func fileID(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
