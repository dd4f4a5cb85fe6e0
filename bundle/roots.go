package bundle

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// roots are the directories whose files a build may read: the project's, named both as given
// and through its symbolic links (esbuild reports files by their real paths: /private/tmp/p
// for /tmp/p on macOS), plus any the caller adds.
type roots struct {
	dirs []string // clean, absolute, folded for comparison (foldPath)
}

func newRoots(dirs ...string) roots {
	var r roots
	for _, d := range dirs {
		d = filepath.Clean(d)
		r.dirs = append(r.dirs, foldPath(d))
		if real, err := filepath.EvalSymlinks(d); err == nil && real != d {
			r.dirs = append(r.dirs, foldPath(real))
		}
	}
	return r
}

// contains says whether path (absolute) is one of the directories or under one.
func (r roots) contains(path string) bool {
	p := foldPath(filepath.Clean(path))
	for _, d := range r.dirs {
		under := d
		if !strings.HasSuffix(under, string(filepath.Separator)) {
			under += string(filepath.Separator)
		}
		if p == d || strings.HasPrefix(p, under) {
			return true
		}
	}
	return false
}

// isRoot says whether path is one of the directories themselves: the walk up from a file stops
// there.
func (r roots) isRoot(path string) bool {
	p := foldPath(filepath.Clean(path))
	for _, d := range r.dirs {
		if p == d {
			return true
		}
	}
	return false
}

// read reads a project file that esbuild does not resolve (package.json, the vendored SDK's
// version): links along path are followed only while they stay inside the roots.
func (r roots) read(path string) ([]byte, error) {
	real, err := r.real(path)
	if err != nil {
		return nil, err
	}
	if !r.contains(real) {
		return nil, &inputError{path: path, reason: fmt.Sprintf("a link to %s, outside the project: the build reads only the project's own files", real)}
	}
	return readInput(real, MaxInputBytes)
}

// real is path with its links resolved. Cheaply when path is under a root and none of its
// parts below the root is a link (the roots' own links are in the roots): one Lstat a part,
// where filepath.EvalSymlinks would take one for every part from the file system's root.
func (r roots) real(path string) (string, error) {
	path = filepath.Clean(path)
	p := foldPath(path)
	for _, d := range r.dirs {
		if len(p) != len(path) || len(p) <= len(d) || !strings.HasPrefix(p, d) || p[len(d)] != filepath.Separator {
			continue
		}
		cur := path[:len(d)]
		for _, part := range strings.Split(path[len(d)+1:], string(filepath.Separator)) {
			cur = filepath.Join(cur, part)
			info, err := os.Lstat(cur)
			if err != nil {
				return "", err
			}
			if info.Mode()&fs.ModeSymlink != 0 {
				return filepath.EvalSymlinks(path)
			}
		}
		return path, nil
	}
	return filepath.EvalSymlinks(path)
}
