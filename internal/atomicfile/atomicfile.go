// Package atomicfile is the one way this toolchain writes a file that matters: a temporary file
// beside the target, written, synced and closed, then renamed over it. A reader sees the old
// file or the new one, never half of one, and a failed write leaves no temporary behind.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Write writes data to path atomically with the permissions perm. The directory must exist. A
// symbolic link at path is replaced itself, never the file it points to (rename works on the
// name); a directory at path is an error.
func Write(path string, data []byte, perm os.FileMode) error {
	if info, err := os.Lstat(path); err == nil && info.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	return write(path, data, perm, os.Rename)
}

// WriteNew is Write for a path that must not exist: the complete file is linked into place, so
// a file that appeared meanwhile is not overwritten either. An existing path is an error that
// errors.Is os.ErrExist.
func WriteNew(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, func(tmp, path string) error {
		err := os.Link(tmp, path)
		os.Remove(tmp)
		return err
	})
}

// write writes data to a synced temporary file beside path with perm, then place puts it at
// path (the temporary is removed on any failure).
func write(path string, data []byte, perm os.FileMode, place func(tmp, path string) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil { // CreateTemp makes 0600
		os.Remove(tmp.Name())
		return err
	}
	if err := place(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
