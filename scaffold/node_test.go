package scaffold

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/testrun"
)

// TestKitInstallsOfflineAndRunsUnderNode exports a kit, installs it with npm from nothing but
// its own archive (--offline: no registry), and runs every example's tests under Node's own
// runner against the vendored dist/. One install serves all the examples: each one's sources and
// tests are copied into the kit under examples/<name>/, where Node resolves @scape/sdk from the
// kit's node_modules.
func TestKitInstallsOfflineAndRunsUnderNode(t *testing.T) {
	node, npm := nodetest.Node(t), nodetest.Command(t, "npm")
	parent := t.TempDir()
	exe := filepath.Join(parent, "scape-stub")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "kit")
	if _, err := Create(Options{Dir: dir, SDK: kit.SDK(), TestTypes: testrun.Types(), Kit: true, Executable: exe}); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(parent, "npm-cache") // an empty cache: nothing can come from it
	install := exec.Command(npm, "install", "--offline", "--no-audit", "--no-fund", "--cache", cache)
	install.Dir = dir
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install --offline: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@scape", "sdk", "dist", "runtime.js")); err != nil {
		t.Fatalf("the SDK was not installed from the archive: %v", err)
	}
	for _, tmpl := range templates.All() {
		if !tmpl.HasTests() {
			continue
		}
		t.Run(tmpl.Name, func(t *testing.T) {
			example := filepath.Join(dir, "examples", tmpl.Name)
			if err := os.CopyFS(example, tmpl.Files()); err != nil {
				t.Fatal(err)
			}
			var entries []string
			for _, p := range tmpl.Paths() {
				if strings.HasSuffix(p, ".test.ts") {
					entries = append(entries, p)
				}
			}
			// Node 20 cannot run TypeScript: compile each test to ESM, leaving the SDK and node:
			// modules to Node's own resolution (node_modules/@scape/sdk → dist/).
			res := api.Build(api.BuildOptions{
				EntryPoints:   entries,
				AbsWorkingDir: example,
				Outdir:        filepath.Join(example, ".scape", "node-test"),
				OutExtension:  map[string]string{".js": ".mjs"},
				Bundle:        true,
				Format:        api.FormatESModule,
				Platform:      api.PlatformNode,
				Target:        api.ES2022,
				External:      []string{"@scape/sdk", "@scape/sdk/*", "node:*"},
				Write:         true,
				LogLevel:      api.LogLevelSilent,
			})
			if len(res.Errors) > 0 {
				t.Fatalf("esbuild: %+v", res.Errors)
			}
			var outputs []string
			for _, f := range res.OutputFiles {
				outputs = append(outputs, f.Path)
			}
			run := exec.Command(node, append([]string{"--test"}, outputs...)...)
			run.Dir = dir
			out, err := run.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "# fail 0") {
				t.Fatalf("node --test: %v\n%s", err, out)
			}
			if strings.Contains(string(out), "# pass 0") {
				t.Fatalf("node ran no test:\n%s", out)
			}
		})
	}
}

// TestProjectTypeChecks runs tsc on a freshly initialised project with its own tsconfig.json:
// what an editor sees right after init, with nothing installed.
func TestProjectTypeChecks(t *testing.T) {
	node, tsc := nodetest.Node(t), nodetest.Module(t, "typescript/bin/tsc")
	for _, name := range []string{"blank", "lamp"} {
		dir := filepath.Join(t.TempDir(), name)
		if _, err := Create(Options{Dir: dir, Template: name, SDK: kit.SDK(), TestTypes: testrun.Types()}); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(node, tsc, "-p", dir, "--pretty", "false")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: tsc -p: %v\n%s", name, err, out)
		}
	}
}
