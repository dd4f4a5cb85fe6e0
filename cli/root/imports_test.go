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

// Each command is its own package: it imports cli/cmdutil and domain packages, never another
// command (only root assembles them). What two commands share belongs in a domain package
// (scaffold for init and kit export, host for host and dev's embedded world) or in cmdutil, so
// one command's change or test never drags another in (cli/kitcmd once imported cli/initcmd).
func TestCommandsDoNotImportEachOther(t *testing.T) {
	const cli = "github.com/scapeworld/scape/cli/"
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	checked := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "root" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("..", e.Name(), "*.go"))
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			checked[e.Name()] = true
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasPrefix(p, cli) && p != cli+"cmdutil" {
					t.Errorf("%s imports %s: a command may import only cli/cmdutil of the command layer", filepath.ToSlash(path), p)
				}
			}
		}
	}
	// The packages of the two imports issue 14 named (and their partners) must have been walked.
	for _, pkg := range []string{"dev", "kitcmd", "initcmd", "host"} {
		if !checked[pkg] {
			t.Errorf("cli/%s was not checked", pkg)
		}
	}
}
