// Package projdir is how the toolchain makes and opens what it writes inside a project
// (`.scape/`, `dist/`, `dist/sounds/`): a cloned project is untrusted, so nothing it planted is
// followed. Each directory level is checked with Lstat and made with Mkdir (never MkdirAll, which
// follows a link), a file is opened with O_NOFOLLOW where the OS has it, and a name that is a
// link, a device or a FIFO is refused with an error naming it. docs/security.md, class 2.
package projdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LinkError is a path the toolchain would write through that is a symbolic link (or, on
// Windows, another reparse point) or not the kind of file it should be.
type LinkError struct {
	Path string
	What string // "is a symbolic link", "exists and is not a directory", …
}

func (e *LinkError) Error() string {
	return e.Path + " " + e.What + ": refusing to write outside the project (scape never follows links in a project)"
}

// Dir makes root/rel (rel slash-separated, below root) level by level with perm, refusing any
// level that is a link or not a directory. root itself is the user's choice and is not checked.
func Dir(root, rel string, perm fs.FileMode) (string, error) {
	dir := root
	for _, part := range strings.Split(rel, "/") {
		if part == "" || part == "." || part == ".." {
			return "", fmt.Errorf("projdir: %q is not a folder below the project", rel)
		}
		dir = filepath.Join(dir, part)
		info, err := os.Lstat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(dir, perm); err != nil && !errors.Is(err, fs.ErrExist) {
				return "", err
			}
			if info, err = os.Lstat(dir); err != nil {
				return "", err
			}
			if err := check(dir, info, true); err != nil {
				return "", err
			}
		case err != nil:
			return "", err
		default:
			if err := check(dir, info, true); err != nil {
				return "", err
			}
		}
	}
	return dir, nil
}

// NotLink refuses a path that exists and is not a regular file (a link, a directory, a device,
// a FIFO); a missing path is fine.
func NotLink(path string) error {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return check(path, info, false)
}

func check(path string, info fs.FileInfo, dir bool) error {
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		return &LinkError{path, "is a symbolic link"}
	case dir && !info.IsDir():
		return &LinkError{path, "exists and is not a directory"}
	case !dir && !info.Mode().IsRegular():
		return &LinkError{path, "exists and is not a regular file"}
	}
	return nil
}

// OpenFile opens a file for writing without following a link at its name: a link there is a
// *LinkError, never a write to its target.
func OpenFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if err := NotLink(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, flag|noFollow, perm)
	if err != nil && isLoop(err) {
		return nil, &LinkError{path, "is a symbolic link"} // planted between the check and the open
	}
	return f, err
}

// CreateNew writes a new file at path; an existing name, a dangling link included, is left as
// it is (O_EXCL never follows a link) and reported as fs.ErrExist.
func CreateNew(path string, data []byte, perm fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, perm)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	return errors.Join(werr, f.Close())
}

// maxWalk bounds NoLinksIn's walk: the toolchain's own folders hold a handful of files.
const maxWalk = 10000

// NoLinksIn refuses a folder the toolchain keeps its own files in (`.scape/`) when anything in
// it is a symbolic link: a link planted there (a cloned project's `.scape/host/host.db` pointing
// at another SQLite file) would redirect a write the toolchain makes later. Links are never
// followed by the walk itself. More than maxWalk entries is refused too (the toolchain's own
// folders are small; a huge one was planted).
func NoLinksIn(dir string) error {
	n := 0
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if n++; n > maxWalk {
			return fmt.Errorf("%s holds more than %d entries: not a folder this toolchain made (remove it)", dir, maxWalk)
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return &LinkError{path, "is a symbolic link"}
		}
		return nil
	})
}
