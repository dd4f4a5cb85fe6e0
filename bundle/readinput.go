package bundle

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/scapeworld/scape/internal/human"
)

// MaxInputBytes bounds each file a build reads: a source, a JSON or asset import, a package.json
// or tsconfig.json. It is the toolchain's own bound (what one file may cost it to read and
// parse), not a rule of the Gizmo contract: four times the 1 MiB bundle limit, so no file that
// could end up in a bundle is refused, whatever its comments and types weigh.
const MaxInputBytes = 4 << 20

// inputError is a file the build refuses to read, with the reason in words: what the file is,
// to follow its name in a diagnostic ("src/data.json: a named pipe (FIFO), not a regular …").
type inputError struct {
	path   string
	reason string
	size   bool // refused for its size (diag.CodeSize), else for what it is
}

func (e *inputError) Error() string { return e.path + ": " + e.reason }

// readInput reads the regular file at path, at most max bytes. It never follows a symbolic link
// at path itself (the caller decides where links may lead, on the real path), never blocks on a
// named pipe or a device (it is opened non-blocking where the platform can, and checked on the
// open descriptor), and never reads more than max+1 bytes, whatever the file claims or becomes.
func readInput(path string, max int64) ([]byte, error) {
	f, err := openInput(path)
	if err != nil {
		if isLinkError(path, err) {
			return nil, &inputError{path: path, reason: "a symbolic link, not a regular file: the build reads only regular files"}
		}
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &inputError{path: path, reason: fmt.Sprintf("%s, not a regular file: the build reads only regular files", fileKind(info.Mode()))}
	}
	if info.Size() > max {
		return nil, tooBig(path, human.Int(int(info.Size()))+" bytes", max)
	}
	// Sized from the descriptor (one allocation, as os.ReadFile), but read to the end, at most
	// max+1 bytes: the size may have changed since.
	data := make([]byte, 0, info.Size()+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(cap(data), int(max)+1)])
		data = data[:len(data)+n]
		if int64(len(data)) > max { // it grew while being read
			return nil, tooBig(path, "over "+human.Int(int(max))+" bytes", max)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tooBig(path, size string, max int64) error {
	return &inputError{path: path, size: true, reason: fmt.Sprintf("%s, over the %s bytes (%d MiB) the toolchain reads of one file (its own bound, a generous one: the whole bundle must fit in 1 MiB)",
		size, human.Int(int(max)), max>>20)}
}

// fileKind names what a file that is not a regular file is.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	default:
		return "not a plain file"
	}
}

// isLinkError says whether opening path failed because it is a symbolic link (O_NOFOLLOW's
// ELOOP on Unix; the check before opening on Windows).
func isLinkError(path string, err error) bool {
	if errors.Is(err, errLink) {
		return true
	}
	info, lerr := os.Lstat(path)
	return lerr == nil && info.Mode()&fs.ModeSymlink != 0
}

var errLink = errors.New("symbolic link")

// ReadProjectFile reads rel (slash-separated, inside dir) as the build reads a project file: a
// regular file inside the project, links followed only while they stay inside it, at most
// MaxInputBytes. cli/dev reads package.json's name with it.
func ReadProjectFile(dir, rel string) ([]byte, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return newRoots(root).read(filepath.Join(root, filepath.FromSlash(rel)))
}
