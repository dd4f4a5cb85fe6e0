package atomicfile

import (
	"errors"
	"io/fs"
	"os"
)

// RenameNoReplace moves from to the name to, failing with an error that errors.Is fs.ErrExist
// when something already has that name: a plain rename silently replaces a file or an empty
// directory. Each platform does it in one step where its kernel can (renameat2 with
// RENAME_NOREPLACE on Linux, renamex_np with RENAME_EXCL on macOS, MoveFileEx without
// MOVEFILE_REPLACE_EXISTING on Windows).
func RenameNoReplace(from, to string) error { return renameNoReplace(from, to) }

// checkThenRename is the fallback for file systems whose kernel call cannot refuse to replace
// (renameat2 on some network file systems): check, then rename. The window is tiny, and a rename
// still cannot replace a non-empty directory.
func checkThenRename(from, to string) error {
	if _, err := os.Lstat(to); err == nil {
		return fs.ErrExist
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Rename(from, to)
}
