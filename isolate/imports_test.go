package isolate

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Imports run one way: the build server (package buildserver) is a user of the worker pool, and
// isolate knows nothing of it, so the pool never grows a server's concerns (sockets, peers,
// idle exits) back into it.
func TestIsolateDoesNotImportTheBuildServer(t *testing.T) {
	const mod = "github.com/scapeworld/scape/"
	files, _ := filepath.Glob("*.go")
	checked := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == mod+"buildserver" || strings.HasPrefix(p, mod+"buildserver/") {
				t.Errorf("%s imports %s: the build server uses isolate, never the reverse", path, p)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked %d files", checked)
	}
}
