//go:build unix

package trust

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// checkOwnedInfo refuses a record or directory that another user owns or may write (the checks
// ssh makes of authorized_keys): whoever can write it decides which directories' programs run
// as us. root building with another user's HOME therefore trusts nothing there.
func checkOwnedInfo(info fs.FileInfo) error {
	if st, ok := info.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s is owned by uid %d, not by this user (uid %d)", info.Name(), st.Uid, os.Geteuid())
	}
	if info.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by other users (mode %04o)", info.Name(), info.Mode().Perm())
	}
	return nil
}
