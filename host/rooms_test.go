package host

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/scapeworld/scape/"

// imports is every package of the module (by import path) with the packages its non-test files
// import, read from the sources (the repository root is one level up).
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", filepath.Dir(path))
		pkg := strings.TrimSuffix(module+filepath.ToSlash(rel), "/.")
		out[pkg] = append(out[pkg], "")[:len(out[pkg])] // the package exists even with no imports
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			out[pkg] = append(out[pkg], p)
		}
		return nil
	})
	if err != nil || len(out) < 20 {
		t.Fatalf("read %d packages: %v", len(out), err)
	}
	return out
}

// TestRoomsImportOneWay: the host is in rooms (doc.go), and their imports run one way. The
// rooms — store (SQLite), engine (author code), web (pages, the browser app, the model picture)
// — never import the host or each other; only the engine runs author code, so it alone of the
// host imports isolate or validate; only the store imports SQLite; protocol and world, below
// everything, import no room.
func TestRoomsImportOneWay(t *testing.T) {
	graph := imports(t)
	rooms := []string{"host/store", "host/engine", "host/web"}
	for _, room := range rooms {
		if _, ok := graph[module+room]; !ok {
			t.Fatalf("room %s not found", room)
		}
	}
	for pkg, deps := range graph {
		rel := strings.TrimPrefix(pkg, module)
		for _, dep := range deps {
			d := strings.TrimPrefix(dep, module)
			upward := false
			switch {
			case rel == "protocol" || rel == "world":
				upward = strings.HasPrefix(d, "host")
			case strings.HasPrefix(rel, "host/") && rel != "host/hosttest":
				upward = d == "host" || (strings.HasPrefix(d, "host/") && d != rel && !strings.HasPrefix(rel, d+"/"))
			}
			if upward {
				t.Errorf("%s imports %s: rooms import only what is below them (host/doc.go)", rel, d)
			}
			if (d == "isolate" || d == "validate") && (rel == "host" || strings.HasPrefix(rel, "host/")) && rel != "host/engine" && rel != "host/hosttest" {
				t.Errorf("%s imports %s: only host/engine runs author code", rel, d)
			}
			if dep == "modernc.org/sqlite" && rel != "host/store" {
				t.Errorf("%s imports SQLite: only host/store does", rel)
			}
		}
	}
}

// TestModelPictureNeedsNoDatabase: `scape gizmo model` draws a picture with the world page's
// renderer; nothing it imports, however indirectly, opens the host's database or runs author
// code.
func TestModelPictureNeedsNoDatabase(t *testing.T) {
	graph := imports(t)
	seen := map[string]bool{}
	var reach []string
	var walk func(string)
	walk = func(pkg string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		reach = append(reach, pkg)
		for _, d := range graph[pkg] {
			if strings.HasPrefix(d, module) || d == "modernc.org/sqlite" {
				walk(d)
			}
		}
	}
	walk(module + "cli/model")
	sort.Strings(reach)
	if len(reach) < 3 {
		t.Fatalf("cli/model reaches only %v", reach)
	}
	for _, forbidden := range []string{"modernc.org/sqlite", module + "host", module + "host/store", module + "isolate"} {
		if seen[forbidden] {
			t.Errorf("cli/model reaches %s (through %v)", forbidden, reach)
		}
	}
	if !seen[module+"host/web"] {
		t.Errorf("cli/model does not use host/web's renderer: %v", reach)
	}
}
