//go:build unix

package bundle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/testtree"
)

// TestNamedPipesAreNotOpenedForReading: a FIFO where the build reads a file (a data import,
// the entry, package.json, tsconfig.json, a directory on an import's path) hung the build
// forever, waiting for a writer; it is refused at once, as what it is.
func TestNamedPipesAreNotOpenedForReading(t *testing.T) {
	for _, tc := range []struct {
		fifo string
		code diag.Code
	}{
		{"src/data.json", diag.CodeImport},
		{"src/definition.ts", diag.CodeImport},
		{"package.json", diag.CodeProject},
		{"tsconfig.json", diag.CodeImport},
		{"src/tsconfig.json", diag.CodeImport},
		{"src/parts", diag.CodeImport}, // esbuild opens it to list it, resolving `./parts/x`
	} {
		t.Run(tc.fifo, func(t *testing.T) {
			files := map[string]string{"package.json": `{}`, "src/definition.ts": validEntry, "src/data.json": `{}`}
			if tc.fifo == "src/parts" {
				files["src/definition.ts"] = "import x from './parts/x';\nexport default x;\n"
			}
			delete(files, tc.fifo)
			dir := testtree.Write(t, files)
			if err := syscall.Mkfifo(filepath.Join(dir, filepath.FromSlash(tc.fifo)), 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			d := refusedQuickly(t, dir, tc.code)
			wantText(t, d, "a named pipe (FIFO)", "the build ")
		})
	}
}

// TestLinksToDevicesAreNotRead: `src/data.json -> /dev/zero` read until memory ran out. Linked
// as a data file, the entry, package.json, a tsconfig.json's base or the installed SDK's
// package.json, a device outside the project is never opened.
func TestLinksToDevicesAreNotRead(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	for _, tc := range []struct {
		link, code string
	}{
		{"src/data.json", string(diag.CodeImport)},
		{"src/definition.ts", string(diag.CodeImport)},
		{"package.json", string(diag.CodeProject)},
		{"tsconfig.json", string(diag.CodeImport)},
		{"src/base.json", string(diag.CodeImport)}, // extended by src/tsconfig.json
		{"node_modules/@scape/sdk/package.json", ""},
	} {
		t.Run(tc.link, func(t *testing.T) {
			files := map[string]string{
				"package.json":      `{}`,
				"src/definition.ts": validEntry,
				"src/data.json":     `{"n": 1}`,
				"src/tsconfig.json": `{"extends": "./base.json"}`,
				"src/base.json":     `{}`,
			}
			delete(files, tc.link)
			dir := testtree.Write(t, files)
			link := filepath.Join(dir, filepath.FromSlash(tc.link))
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/dev/zero", link); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}
			if tc.code == "" { // read for a warning only: skipped, and the build goes on
				if res := build(t, dir); !res.OK() {
					t.Fatalf("%v", res.Diagnostics)
				}
				return
			}
			d := refusedQuickly(t, dir, diag.Code(tc.code))
			if s := d.String(); !strings.Contains(s, "/dev/zero") {
				t.Errorf("the refusal does not say where the link leads: %s", s)
			}
		})
	}
}

// TestReadProjectFileRefusesPipes: what cli/dev reads package.json's name with never blocks.
func TestReadProjectFileRefusesPipes(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "package.json"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if _, err := ReadProjectFile(dir, "package.json"); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Fatalf("err %v", err)
	}
}

// TestFileReplacedByAPipeIsSeen: a file read by one build and replaced by a named pipe, even
// with its old modification time, is refused by the next (the reused contents are keyed on
// what the file is, too).
func TestFileReplacedByAPipeIsSeen(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"package.json": `{}`, "src/definition.ts": validEntry, "src/data.json": `{"n": 1}`})
	data := filepath.Join(dir, "src", "data.json")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(data, old, old); err != nil {
		t.Fatal(err)
	}
	c, err := NewContext(Options{Dir: dir, SDKVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Dispose()
	if res, err := c.Rebuild(); err != nil || !res.OK() {
		t.Fatalf("%v %v", err, res.Diagnostics)
	}
	if err := os.Remove(data); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(data, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.Chtimes(data, old, old); err != nil {
		t.Fatal(err)
	}
	res, err := c.Rebuild()
	if err != nil || res.OK() || !strings.Contains(fmt.Sprint(res.Diagnostics), "named pipe") {
		t.Fatalf("%v %v", err, res.Diagnostics)
	}
}
