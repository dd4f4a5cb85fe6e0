package root

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The command layer stays thin: no command imports goja. What a command needs from JavaScript
// comes from validate or jsrt as plain Go data (cli/sound once held its own goja checker).
func TestCommandsDoNotImportGoja(t *testing.T) {
	files := 0
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(p, "github.com/dop251/goja") {
				t.Errorf("%s imports %s", path, p)
			}
		}
		return nil
	})
	if err != nil || files < 10 {
		t.Fatalf("walked %d files: %v", files, err)
	}
}
