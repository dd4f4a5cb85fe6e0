package scaffold

import (
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"time"

	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/release"
)

// writer creates files under root (the temporary directory) and records their paths.
type writer struct {
	root  string
	files []string
}

// write creates rel (slash-separated) with data. O_EXCL: even inside our own temporary
// directory, a file is never replaced.
func (w *writer) write(rel string, data []byte, mode os.FileMode) error {
	if !fs.ValidPath(rel) {
		return fmt.Errorf("scaffold: invalid path %q", rel)
	}
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	// The umask may have dropped bits (an executable must stay executable).
	if err := os.Chmod(full, mode); err != nil {
		return err
	}
	w.files = append(w.files, rel)
	return nil
}

// copyFS copies every file of fsys into the directory rel.
func (w *writer) copyFS(fsys fs.FS, rel string) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return w.write(path.Join(rel, p), data, 0o644)
	})
}

func (w *writer) copyFile(src, rel string, mode os.FileMode) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return w.write(rel, data, mode)
}

// renameNoReplace moves the finished temporary directory to its final name, failing with
// fs.ErrExist if something took that name meanwhile (a plain rename silently replaces an empty
// directory).
func renameNoReplace(from, to string) error { return atomicfile.RenameNoReplace(from, to) }

// tarballTime is the fixed modification time in the archive, so identical SDKs pack to identical
// bytes (npm uses the same date for the same reason).
var tarballTime = time.Date(1985, 10, 26, 8, 15, 0, 0, time.UTC)

// packTarball packs a package's files (package-relative path → contents) the way `npm pack`
// does: a gzip tar whose entries are all under `package/`, files only, in lexical order.
func packTarball(pkg map[string][]byte) ([]byte, error) {
	files := make([]string, 0, len(pkg))
	for rel := range pkg {
		files = append(files, rel)
	}
	sort.Strings(files)
	entries := make([]release.TarEntry, len(files))
	for i, rel := range files {
		entries[i] = release.TarEntry{Name: "package/" + rel, Mode: 0o644, Data: pkg[rel], ModTime: tarballTime}
	}
	return release.TarGz(entries, gzip.BestCompression)
}
