package bundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/scapeworld/scape/diag"
)

// DefaultEntry is the entry when package.json has no scape.entry.
const DefaultEntry = "src/definition.ts"

// Project is what package.json says about a Gizmo project.
type Project struct {
	// Dir is the project directory, absolute and clean.
	Dir string
	// Name is the bundle's file name stem, derived from package.json "name" (the last segment of
	// a scoped name, reduced to [a-z0-9._-]); "gizmo" when absent.
	Name string
	// Entry is the entry file relative to Dir, with forward slashes.
	Entry string
}

// NotProjectError means DIR cannot be built at all (it does not exist, or has no package.json):
// a usage problem rather than an invalid project.
type NotProjectError struct {
	Dir string
	Err error
}

func (e *NotProjectError) Error() string { return e.Err.Error() }
func (e *NotProjectError) Unwrap() error { return e.Err }

// ReadProject reads DIR/package.json. A missing directory or package.json is a NotProjectError;
// a malformed package.json or a missing or escaping entry, or one spelled in another case than
// the file, comes back as diagnostics.
func ReadProject(dir string) (*Project, diag.List, error) {
	return readProject(dir, NewImportCase, nil)
}

// readProject is ReadProject with the directory listings the entry's case is checked against
// (a build's own, shared with its imports' check; nil leaves the case unchecked) and the
// directories package.json may be read from (a build's own; nil: the project's).
func readProject(dir string, cases func(root string) *ImportCase, within *roots) (*Project, diag.List, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, &NotProjectError{Dir: dir, Err: err}
	}
	info, err := os.Stat(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, &NotProjectError{Dir: dir, Err: fmt.Errorf("%s: no such directory", dir)}
		}
		return nil, nil, &NotProjectError{Dir: dir, Err: err}
	}
	if !info.IsDir() {
		return nil, nil, &NotProjectError{Dir: dir, Err: fmt.Errorf("%s is not a directory", dir)}
	}
	// Read as every project file is (inputs.go): a regular file inside the project, bounded;
	// esbuild's resolver parses it again, so it is nested no deeper than a source may be.
	if within == nil {
		r := newRoots(abs)
		within = &r
	}
	data, err := within.read(filepath.Join(abs, "package.json"))
	if err != nil {
		var refused *inputError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, nil, &NotProjectError{Dir: dir, Err: fmt.Errorf("%s has no package.json: not a Gizmo project (create one with `scape gizmo init`)", displayDir(dir))}
		case errors.As(err, &refused):
			return nil, diag.List{{Code: diag.CodeProject, File: "package.json", Message: refused.reason}}, nil
		}
		return nil, nil, &NotProjectError{Dir: dir, Err: err}
	}
	if at := nestingOffset(data, MaxNesting); at >= 0 {
		m := nestingRefusal("package.json", data, at)
		d := diag.Diagnostic{Code: diag.CodeProject, Message: m.Text}
		return nil, diag.List{d.At(diag.FromByteColumn("package.json", m.Location.Line, m.Location.Column, m.Location.LineText))}, nil
	}
	p := &Project{Dir: abs, Name: "gizmo", Entry: DefaultEntry}
	var manifest struct {
		Name  json.RawMessage `json:"name"`
		Scape json.RawMessage `json:"scape"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		d := diag.Diagnostic{Code: diag.CodeProject, File: "package.json", Message: "is not valid JSON: " + jsonErrorText(err)}
		if line, col, text := jsonErrorPosition(data, err); line > 0 {
			d = d.At(diag.FromByteColumn("package.json", line, col, text))
		}
		return nil, diag.List{d}, nil
	}
	if len(manifest.Name) > 0 && string(manifest.Name) != "null" {
		var name string
		if json.Unmarshal(manifest.Name, &name) != nil {
			return nil, diag.List{{Code: diag.CodeProject, File: "package.json", Path: "name", Message: "must be a string", Got: string(manifest.Name)}}, nil
		}
		if stem := fileStem(name); stem != "" {
			p.Name = stem
		}
	}
	if len(manifest.Scape) > 0 && string(manifest.Scape) != "null" {
		var scape map[string]json.RawMessage
		if json.Unmarshal(manifest.Scape, &scape) != nil {
			return nil, diag.List{{Code: diag.CodeProject, File: "package.json", Path: "scape", Message: "must be an object", Got: diag.Truncate(string(manifest.Scape), 60)}}, nil
		}
		if raw, ok := scape["entry"]; ok {
			var entry string
			if json.Unmarshal(raw, &entry) != nil || strings.TrimSpace(entry) == "" {
				return nil, diag.List{{Code: diag.CodeProject, File: "package.json", Path: "scape.entry", Message: "must be a relative path to the entry file, like \"src/project.ts\"", Got: diag.Truncate(string(raw), 60)}}, nil
			}
			p.Entry = entry
		}
	}
	entry := filepath.ToSlash(filepath.Clean(filepath.FromSlash(p.Entry)))
	if filepath.IsAbs(p.Entry) || entry == ".." || strings.HasPrefix(entry, "../") {
		return nil, diag.List{{Code: diag.CodeProject, File: "package.json", Path: "scape.entry", Message: "must be a path inside the project", Got: fmt.Sprintf("%q", p.Entry)}}, nil
	}
	p.Entry = entry
	where := "the default entry (package.json has no scape.entry)"
	if len(manifest.Scape) > 0 {
		where = "the entry named by package.json scape.entry"
	}
	// The entry's spelling must be the file's, as an import's must (importcase.go): a Mac finds
	// src/Definition.ts for src/definition.ts, Linux does not.
	if cases != nil {
		if spelled, ok := cases(abs).spelledOnDisk(entry); ok && spelled != entry {
			return nil, diag.List{{Code: diag.CodeProject, File: entry, Message: fmt.Sprintf("%s does not match the file's name on disk %q in case; %s", where, spelled, caseConsequence)}}, nil
		}
	}
	st, err := os.Stat(filepath.Join(abs, filepath.FromSlash(entry)))
	if err != nil || st.IsDir() {
		return nil, diag.List{{Code: diag.CodeProject, File: entry, Message: fmt.Sprintf("%s does not exist", where)}}, nil
	}
	return p, nil, nil
}

func displayDir(dir string) string {
	if dir == "" || dir == "." {
		return "this directory"
	}
	return dir
}

var unsafeName = regexp.MustCompile(`[^a-z0-9._-]+`)

// maxStem bounds the bundle's file name stem (dist/<stem>.js), in bytes (the stem is ASCII).
const maxStem = 64

// fileStem turns an npm name into a safe file stem: "@me/Lamp Kit" → "lamp-kit".
func fileStem(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name = unsafeName.ReplaceAllString(strings.ToLower(name), "-")
	name = strings.Trim(name, ".-")
	if len(name) > maxStem {
		name = name[:maxStem]
	}
	return name
}

func jsonErrorText(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return syn.Error()
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return "the top level must be an object"
	}
	return err.Error()
}

// jsonErrorPosition finds line, 0-based byte column and line text of a JSON syntax error.
func jsonErrorPosition(data []byte, err error) (line, col int, text string) {
	var syn *json.SyntaxError
	if !errors.As(err, &syn) {
		return 0, 0, ""
	}
	off := int(syn.Offset)
	if off > len(data) {
		off = len(data)
	}
	if off > 0 {
		off-- // Offset is just past the offending byte
	}
	line = 1 + strings.Count(string(data[:off]), "\n")
	start := strings.LastIndexByte(string(data[:off]), '\n') + 1
	end := strings.IndexByte(string(data[start:]), '\n')
	if end < 0 {
		end = len(data) - start
	}
	return line, off - start, strings.TrimRight(string(data[start:start+end]), "\r")
}
