package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// maxBinary bounds what one binary may unpack to. scape is about 40 MB; the bound only keeps a
// damaged or hostile archive from filling memory.
const maxBinary = 512 << 20

// Folder is a release folder as `kit export --platform` reads it: the archives `make release`
// writes (dist/release), or bare binaries named like a kit's (scape-darwin-arm64), with or
// without a SHA256SUMS. When SHA256SUMS is there, it defines the release: only the files it
// lists are used, and each must match its digest.
type Folder struct {
	Dir   string
	names []string          // the folder's regular files
	sums  map[string]string // SHA256SUMS, nil when absent
}

// OpenFolder reads dir's listing and its SHA256SUMS, if any.
func OpenFolder(dir string) (*Folder, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("there is no release folder %s", dir)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the release folder: %w", err)
	}
	f := &Folder{Dir: dir}
	for _, e := range entries {
		if e.Type().IsRegular() {
			f.names = append(f.names, e.Name())
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, SumsFile))
	if err == nil {
		if f.sums, err = parseSums(data); err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return f, nil
}

// candidates are the folder's files that hold p's binary: its archive of any version, in
// either format, and its bare binary.
func (f *Folder) candidates(p Platform) []string {
	var out []string
	for _, name := range f.names {
		archive := strings.HasPrefix(name, "scape_") &&
			(strings.HasSuffix(name, archiveSuffix(p, false)) || strings.HasSuffix(name, archiveSuffix(p, true)))
		if archive || name == p.Standalone() {
			out = append(out, name)
		}
	}
	return out
}

// Has lists the platforms the folder holds a binary for, in the order of Platforms.
func (f *Folder) Has() []Platform {
	var out []Platform
	for _, p := range Platforms {
		if _, err := f.Find(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// Find names the one file in the folder that holds p's binary. None is an error naming the
// platform and the folder; several (two versions side by side) is an error naming them.
func (f *Folder) Find(p Platform) (string, error) {
	found := f.candidates(p)
	if f.sums != nil {
		var listed []string
		for _, name := range found {
			if _, ok := f.sums[name]; ok {
				listed = append(listed, name)
			}
		}
		if len(listed) == 0 && len(found) > 0 {
			return "", fmt.Errorf("%s has %s for %s, but its %s does not list it", f.Dir, strings.Join(found, ", "), p, SumsFile)
		}
		found = listed
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("%s has no scape for %s (no %s or %s)", f.Dir, p, p.Archive("*"), p.Standalone())
	case 1:
		return found[0], nil
	}
	sort.Strings(found)
	return "", fmt.Errorf("%s has several builds for %s (%s); keep one", f.Dir, p, strings.Join(found, ", "))
}

// ChecksumError is a file whose contents do not match its line in SHA256SUMS.
type ChecksumError struct{ File, Want, Got string }

func (e *ChecksumError) Error() string {
	return fmt.Sprintf("%s does not match %s (sha256 %s, listed %s): the file is damaged or not from that release", e.File, SumsFile, e.Got, e.Want)
}

// Binary returns p's scape binary from the folder: checked against SHA256SUMS when the folder
// has one, and unpacked when it is an archive. The file is read once, so what is checked is
// what is unpacked.
func (f *Folder) Binary(p Platform) ([]byte, error) {
	name, err := f.Find(p)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(f.Dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if want, ok := f.sums[name]; ok {
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != want {
			return nil, &ChecksumError{File: path, Want: want, Got: got}
		}
	}
	var bin []byte
	switch {
	case strings.HasSuffix(name, ".tar.gz"):
		bin, err = fromTarGz(data, p.Exe())
	case strings.HasSuffix(name, ".zip"):
		bin, err = fromZip(data, p.Exe())
	default:
		return data, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return bin, nil
}

func fromTarGz(data []byte, exe string) ([]byte, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil, fmt.Errorf("the archive has no %s", exe)
		}
		if err != nil {
			return nil, err
		}
		if hdr.Typeflag == tar.TypeReg && strings.TrimPrefix(hdr.Name, "./") == exe {
			return readBounded(tr)
		}
	}
}

func fromZip(data []byte, exe string) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	for _, file := range zr.File {
		if file.Name == exe && file.Mode().IsRegular() {
			r, err := file.Open()
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return readBounded(r)
		}
	}
	return nil, fmt.Errorf("the archive has no %s", exe)
}

func readBounded(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBinary+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxBinary {
		return nil, fmt.Errorf("the binary unpacks to more than %d MiB", maxBinary>>20)
	}
	return data, nil
}
