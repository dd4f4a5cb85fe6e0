package scaffold

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/scapeworld/scape/scaffold/scaffoldtest"
)

func readJSON(t *testing.T, file string, into any) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("%s: %v\n%s", file, err, data)
	}
}

// entries lists a directory's names, to prove nothing was left behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

type manifest struct {
	Name            string `json:"name"`
	Type            string `json:"type"`
	Scape           struct{ Entry string }
	Scripts         map[string]string `json:"scripts"`
	Dependencies    map[string]string `json:"dependencies"`
	DevDependencies map[string]string `json:"devDependencies"`
}

func TestCreateLamp(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "My Lamp")
	res, err := Create(Options{Dir: dir, Template: "lamp", SDK: scaffoldtest.SDK(), TestTypes: scaffoldtest.TestTypes()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Name != "my-lamp" || res.Template.Name != "lamp" {
		t.Fatalf("result = %+v", res)
	}
	for _, want := range []string{
		"package.json", "tsconfig.json", ".gitignore", "README.md",
		"src/definition.ts", "src/project.ts", "test/lamp.test.ts",
		"vendor/scape-sdk/package.json", "vendor/scape-sdk/LIMITS.md", "vendor/scape-sdk/src/index.ts",
		"vendor/scape-sdk/src/runtime.ts", "vendor/scape-sdk/dist/index.js", "vendor/scape-sdk/dist/runtime.js",
		"vendor/scape-test/node-test.d.ts", "vendor/scape-test/node-assert-strict.d.ts",
	} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(want))); err != nil {
			t.Errorf("missing %s: %v", want, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "vendor/scape-sdk/src/api.test.ts")); err == nil {
		t.Error("SDK tests were vendored")
	}
	var m manifest
	readJSON(t, filepath.Join(dir, "package.json"), &m)
	if m.Name != "my-lamp" || m.Type != "module" || m.Scape.Entry != "src/project.ts" {
		t.Errorf("package.json = %+v", m)
	}
	// The scripts call the launcher by path: they work before any install and with no global scape.
	if m.Scripts["build"] != "node vendor/scape-cli/scape.cjs gizmo build" || m.Scripts["dev"] != "node vendor/scape-cli/scape.cjs gizmo dev" ||
		m.Scripts["test"] != "node vendor/scape-cli/scape.cjs gizmo test" || m.Scripts["scape"] != "node vendor/scape-cli/scape.cjs" ||
		m.Scripts["typecheck"] != "tsc -p ." {
		t.Errorf("scripts = %v", m.Scripts)
	}
	if m.Dependencies["@scape/sdk"] != "file:vendor/scape-sdk" || m.DevDependencies["@scape/cli"] != "file:vendor/scape-cli" {
		t.Errorf("dependencies = %v, devDependencies = %v", m.Dependencies, m.DevDependencies)
	}
	// No binary was given, so none is recorded; the launcher's package is there.
	if _, err := os.Stat(filepath.Join(dir, "vendor/scape-cli/binary.json")); err == nil {
		t.Error("binary.json written without an executable")
	}
	var cli struct{ Bin map[string]string }
	readJSON(t, filepath.Join(dir, "vendor/scape-cli/package.json"), &cli)
	if cli.Bin["scape"] != "scape.cjs" {
		t.Errorf("launcher bin = %v", cli.Bin)
	}
	var tsconfig struct {
		CompilerOptions struct {
			Strict bool
			Paths  map[string][]string
		}
	}
	readJSON(t, filepath.Join(dir, "tsconfig.json"), &tsconfig)
	if !tsconfig.CompilerOptions.Strict || tsconfig.CompilerOptions.Paths["@scape/sdk"][0] != "./vendor/scape-sdk/src/index.ts" ||
		tsconfig.CompilerOptions.Paths["node:test"][0] != "./vendor/scape-test/node-test.d.ts" {
		t.Errorf("tsconfig = %+v", tsconfig)
	}
	// Both dist entries import one shared chunk instead of each carrying its own class.
	index, _ := os.ReadFile(filepath.Join(dir, "vendor/scape-sdk/dist/index.js"))
	runtime, _ := os.ReadFile(filepath.Join(dir, "vendor/scape-sdk/dist/runtime.js"))
	if strings.Contains(string(runtime), "class ObjectActionError") || !strings.Contains(string(index)+string(runtime), "./chunks/") {
		t.Errorf("dist entries do not share their modules:\nindex.js:\n%s\nruntime.js:\n%s", index, runtime)
	}
	if got := entries(t, parent); len(got) != 1 || got[0] != "My Lamp" {
		t.Errorf("parent holds %v, want only the project", got)
	}
	for _, f := range res.Files {
		if strings.HasPrefix(f, "/") || strings.Contains(f, "..") {
			t.Errorf("result file %q is not relative", f)
		}
	}
}

func TestCreateRefusals(t *testing.T) {
	parent := t.TempDir()
	existingDir := filepath.Join(parent, "taken")
	if err := os.Mkdir(existingDir, 0o755); err != nil {
		t.Fatal(err)
	}
	existingFile := filepath.Join(parent, "file")
	if err := os.WriteFile(existingFile, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"existing empty directory", Options{Dir: existingDir}, "already exists"},
		{"existing file", Options{Dir: existingFile}, "already exists"},
		{"missing parent", Options{Dir: filepath.Join(parent, "nope", "project")}, "does not exist"},
		{"parent is a file", Options{Dir: filepath.Join(existingFile, "project")}, "is not a directory"},
		{"unknown template", Options{Dir: filepath.Join(parent, "x"), Template: "toaster"}, `unknown template "toaster"`},
		{"no directory", Options{}, "directory is required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.SDK = scaffoldtest.SDK()
			_, err := Create(tc.opts)
			var p *Problem
			if !errors.As(err, &p) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want a Problem containing %q", err, tc.want)
			}
		})
	}
	if data, _ := os.ReadFile(existingFile); string(data) != "keep me" {
		t.Error("an existing file was changed")
	}
	if got := entries(t, existingDir); len(got) != 0 {
		t.Errorf("an existing directory was written into: %v", got)
	}
	if got := entries(t, parent); len(got) != 2 {
		t.Errorf("parent holds %v, want only the two fixtures", got)
	}
}

// A failure half-way (here: an SDK that does not compile) leaves no directory behind.
func TestCreateFailureLeavesNothing(t *testing.T) {
	parent := t.TempDir()
	sdk := scaffoldtest.SDK()
	sdk["src/runtime.ts"] = &fstest.MapFile{Data: []byte("export const broken = ;\n")}
	_, err := Create(Options{Dir: filepath.Join(parent, "p"), SDK: sdk})
	if err == nil || !strings.Contains(err.Error(), "runtime.ts") {
		t.Fatalf("err = %v, want the compile error naming runtime.ts", err)
	}
	if got := entries(t, parent); len(got) != 0 {
		t.Fatalf("parent holds %v after a failure", got)
	}
	_, err = Create(Options{Dir: filepath.Join(parent, "q"), SDK: fstest.MapFS{"package.json": {Data: []byte("{}")}}})
	if err == nil {
		t.Fatal("an SDK without entries was accepted")
	}
	if got := entries(t, parent); len(got) != 0 {
		t.Fatalf("parent holds %v after a failure", got)
	}
}

func TestRenameNoReplace(t *testing.T) {
	parent := t.TempDir()
	from := filepath.Join(parent, "from")
	to := filepath.Join(parent, "to")
	if err := os.Mkdir(from, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(to, 0o755); err != nil { // empty: rename(2) would replace it
		t.Fatal(err)
	}
	if err := renameNoReplace(from, to); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("renameNoReplace onto an empty directory = %v, want ErrExist", err)
	}
	if err := os.Remove(to); err != nil {
		t.Fatal(err)
	}
	if err := renameNoReplace(from, to); err != nil {
		t.Fatal(err)
	}
}

func TestKit(t *testing.T) {
	parent := t.TempDir()
	exe := filepath.Join(parent, "fake-scape")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\necho fake scape \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "kit")
	if _, err := Create(Options{Dir: dir, Template: "chime", SDK: scaffoldtest.SDK(), TestTypes: scaffoldtest.TestTypes(), Kit: true, Executable: exe}); err != nil {
		t.Fatal(err)
	}
	var m manifest
	readJSON(t, filepath.Join(dir, "package.json"), &m)
	if m.Dependencies["@scape/sdk"] != "file:vendor/scape-sdk.tgz" {
		t.Errorf("dependencies = %v", m.Dependencies)
	}
	if m.Scripts["build"] != "node vendor/scape-cli/scape.cjs gizmo build" || m.Scripts["scape"] != "node vendor/scape-cli/scape.cjs" {
		t.Errorf("scripts = %v", m.Scripts)
	}
	var rec struct{ Recorded string }
	readJSON(t, filepath.Join(dir, "vendor/scape-cli/binary.json"), &rec)
	if rec.Recorded != exe {
		t.Errorf("recorded binary %q, want %q", rec.Recorded, exe)
	}
	info, err := os.Stat(filepath.Join(dir, "vendor", "scape"))
	if err != nil || info.Mode().Perm()&0o111 == 0 {
		t.Fatalf("vendor/scape: %v, mode %v", err, info)
	}
	tgz, err := os.ReadFile(filepath.Join(dir, "vendor", "scape-sdk.tgz"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := readTarball(tgz)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package/package.json", "package/src/index.ts", "package/dist/index.js", "package/dist/runtime.js", "package/LIMITS.md"} {
		if _, ok := files[want]; !ok {
			t.Errorf("archive lacks %s (has %d entries)", want, len(files))
		}
	}
	// The archive holds exactly the vendored directory, byte for byte.
	vendored := filepath.Join(dir, "vendor", "scape-sdk")
	onDisk := 0
	err = filepath.WalkDir(vendored, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		onDisk++
		rel, _ := filepath.Rel(vendored, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if packed, ok := files["package/"+filepath.ToSlash(rel)]; !ok || string(packed) != string(data) {
			t.Errorf("archive entry for %s: present %v, same bytes %v", rel, ok, string(packed) == string(data))
		}
		return nil
	})
	if err != nil || onDisk != len(files) {
		t.Errorf("vendored directory has %d files (%v), archive %d entries", onDisk, err, len(files))
	}
	// Packing is deterministic: a second kit of the same SDK carries the same bytes.
	second := filepath.Join(parent, "kit2")
	if _, err := Create(Options{Dir: second, Template: "lamp", SDK: scaffoldtest.SDK(), Kit: true, Executable: exe}); err != nil {
		t.Fatal(err)
	}
	if again, err := os.ReadFile(filepath.Join(second, "vendor", "scape-sdk.tgz")); err != nil || string(again) != string(tgz) {
		t.Errorf("packing the same SDK twice gave different bytes (%v)", err)
	}
	// Init without Kit has neither archive nor binary.
	plain := filepath.Join(parent, "plain")
	if _, err := Create(Options{Dir: plain, SDK: scaffoldtest.SDK()}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"vendor/scape", "vendor/scape-sdk.tgz"} {
		if _, err := os.Stat(filepath.Join(plain, p)); err == nil {
			t.Errorf("init created %s", p)
		}
	}
}

func TestPackageName(t *testing.T) {
	for in, want := range map[string]string{
		"my-lamp":      "my-lamp",
		"My Lamp":      "my-lamp",
		".hidden":      "hidden",
		"_x":           "x",
		"élan":         "lan",
		"":             "gizmo-project",
		"...":          "gizmo-project",
		"node_modules": "gizmo-project",
		"lamp.v2":      "lamp.v2",
		"A/B":          "a-b",
	} {
		if got := PackageName(in); got != want {
			t.Errorf("PackageName(%q) = %q, want %q", in, got, want)
		}
	}
	// npm's limit is 214 characters: a name at the limit is kept, a longer one cut to it.
	atLimit := strings.Repeat("a", 214)
	if got := PackageName(atLimit); got != atLimit {
		t.Errorf("a 214-character name became %d characters", len(got))
	}
	if got := PackageName(atLimit + "b"); got != atLimit {
		t.Errorf("a 215-character name became %q (%d characters), want the first 214", got, len(got))
	}
}

// readTarball lists an archive's entries.
func readTarball(data []byte) (map[string][]byte, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	out := map[string][]byte{}
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if !strings.HasPrefix(hdr.Name, "package/") {
			return nil, fmt.Errorf("entry %q is not under package/", hdr.Name)
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		out[hdr.Name] = body
	}
}
