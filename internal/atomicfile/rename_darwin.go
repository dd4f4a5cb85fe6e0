package atomicfile

import (
	"errors"
	"io/fs"

	"golang.org/x/sys/unix"
)

func renameNoReplace(from, to string) error {
	err := unix.RenamexNp(from, to, unix.RENAME_EXCL)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST), errors.Is(err, unix.ENOTEMPTY):
		return &fs.PathError{Op: "rename", Path: to, Err: fs.ErrExist}
	case errors.Is(err, unix.ENOTSUP), errors.Is(err, unix.EINVAL):
		return checkThenRename(from, to) // a volume without RENAME_EXCL (some network shares)
	}
	return &fs.PathError{Op: "rename", Path: to, Err: err}
}
