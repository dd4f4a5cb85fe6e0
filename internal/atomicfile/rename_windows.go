package atomicfile

import (
	"errors"
	"io/fs"

	"golang.org/x/sys/windows"
)

// MoveFileEx without MOVEFILE_REPLACE_EXISTING refuses an existing name, file or directory.
func renameNoReplace(from, to string) error {
	f, err := windows.UTF16PtrFromString(from)
	if err != nil {
		return err
	}
	t, err := windows.UTF16PtrFromString(to)
	if err != nil {
		return err
	}
	err = windows.MoveFileEx(f, t, 0)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, windows.ERROR_ALREADY_EXISTS), errors.Is(err, windows.ERROR_FILE_EXISTS), errors.Is(err, windows.ERROR_ACCESS_DENIED) && exists(to):
		return &fs.PathError{Op: "rename", Path: to, Err: fs.ErrExist}
	}
	return &fs.PathError{Op: "rename", Path: to, Err: err}
}

// exists: MoveFileEx onto an existing directory fails with ERROR_ACCESS_DENIED, which also
// means other things; the name being taken is what decides.
func exists(path string) bool {
	_, err := windows.GetFileAttributes(windows.StringToUTF16Ptr(path))
	return err == nil
}
