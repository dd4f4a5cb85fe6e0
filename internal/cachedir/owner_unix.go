//go:build unix

package cachedir

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// private: modes mean something here, and a cache folder is 0700.
const private = true

func ownedByMe(info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("no owner information")
	}
	if int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("owned by uid %d, not this user (%d)", st.Uid, os.Geteuid())
	}
	return nil
}
