package sound

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/internal/projdir"
)

// DefaultOut is where sounds go without --out, inside the project (or the current directory
// with --recipes): under dist/, which the scaffold's .gitignore ignores, beside the bundle
// `scape gizmo build` writes, so renders never land in a commit or clutter the project root.
const DefaultOut = "dist/sounds"

// manifestName records, in the default folder, each file this command wrote there and its
// SHA-256, so a rerun replaces its own renders without asking but still refuses a file it did
// not write, or one changed since (an edit saved over a render is the author's work).
const manifestName = ".scape-sounds.json"

type manifest struct {
	Note  string            `json:"note"`
	Files map[string]string `json:"files"` // base name → "sha256:<hex>"
}

// outDir is the folder the files are written to and what may be replaced in it.
type outDir struct {
	path  string
	owned bool     // the default folder: files listed in the manifest may be replaced
	files manifest // only when owned
}

// openOut prepares the output folder. The default folder is made component by component under
// the project and refused when any part is a symbolic link or not a directory, so nothing is
// written outside the project; a folder the user names with --out is theirs and is created as
// given.
func openOut(opts *Options) (*outDir, error) {
	if opts.Out != "" {
		if err := os.MkdirAll(opts.Out, 0o755); err != nil {
			return nil, cmdutil.Usage(err)
		}
		return &outDir{path: opts.Out}, nil
	}
	base := opts.Dir
	if opts.Recipes != "" || base == "" {
		base = "."
	}
	dir, err := projdir.Dir(base, DefaultOut, 0o755)
	if err != nil {
		return nil, cmdutil.Usagef("%v; use --out to choose a folder", err)
	}
	out := &outDir{path: dir, owned: true, files: manifest{Files: map[string]string{}}}
	if data, err := os.ReadFile(filepath.Join(dir, manifestName)); err == nil {
		// A manifest that does not parse grants nothing: every existing file is then refused.
		_ = json.Unmarshal(data, &out.files)
		if out.files.Files == nil {
			out.files.Files = map[string]string{}
		}
	}
	return out, nil
}

// conflicts returns the existing targets that may not be replaced: any existing file under
// --out, and in the default folder those the manifest does not list with their current content.
func (o *outDir) conflicts(names []string) []string {
	var refused []string
	for _, name := range names {
		p := filepath.Join(o.path, name)
		info, err := os.Lstat(p)
		if err != nil {
			continue
		}
		if o.owned && info.Mode().IsRegular() {
			if data, err := os.ReadFile(p); err == nil && o.files.Files[name] == digest(data) {
				continue
			}
		}
		refused = append(refused, p)
	}
	return refused
}

// refusal is the usage error for conflicts.
func (o *outDir) refusal(existing []string) error {
	verb := "exists"
	if len(existing) > 1 {
		verb = "exist"
	}
	if o.owned {
		return cmdutil.Usagef("%s already %s and %s not written by scape gizmo sound, or changed since (use --force to overwrite, or --out to write elsewhere)",
			strings.Join(existing, ", "), verb, map[bool]string{false: "was", true: "were"}[len(existing) > 1])
	}
	return cmdutil.Usagef("%s already %s (use --force to overwrite)", strings.Join(existing, ", "), verb)
}

// write writes one file atomically and records it in the manifest of an owned folder.
func (o *outDir) write(name string, data []byte) (string, error) {
	p := filepath.Join(o.path, name)
	if err := writeAtomic(p, data); err != nil {
		return "", err
	}
	if o.owned {
		o.files.Files[name] = digest(data)
	}
	return p, nil
}

// save writes the manifest (atomically) after the files it lists.
func (o *outDir) save() error {
	if !o.owned {
		return nil
	}
	o.files.Note = "Files scape gizmo sound wrote here; it replaces only these, and only while unchanged."
	data, err := json.MarshalIndent(o.files, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(o.path, manifestName), append(data, '\n')); err != nil {
		return fmt.Errorf("recording the rendered files: %w", err)
	}
	return nil
}

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}
