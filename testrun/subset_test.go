package testrun

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/internal/testtree"
)

// TestSubsetUnderGoja runs testdata/assert.test.ts (the assertion and test-API contract) in goja.
func TestSubsetUnderGoja(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "assert.test.ts"))
	if err != nil {
		t.Fatal(err)
	}
	report := run(t, testtree.Write(t, map[string]string{"assert.test.ts": string(src)}))
	for _, f := range report.Failures() {
		t.Errorf("%s: %s: %s", f.Location(), f.Name, f.Message)
	}
	if report.Passed < 15 || report.Skipped != 1 || report.Todo != 1 {
		t.Errorf("%d passed, %d skipped, %d todo", report.Passed, report.Skipped, report.Todo)
	}
}

// TestSubsetMatchesNode runs the same file under Node's own runner, so the subset's semantics
// are Node's.
func TestSubsetMatchesNode(t *testing.T) {
	node := nodetest.Node(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "assert.test.mjs")
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{filepath.Join("testdata", "assert.test.ts")},
		Outfile:     out,
		Bundle:      true,
		Format:      api.FormatESModule,
		Platform:    api.PlatformNode,
		Target:      api.ES2022,
		Write:       true,
		LogLevel:    api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		t.Fatalf("esbuild: %v", res.Errors)
	}
	cmd := exec.Command(node, "--test", out)
	cmd.Dir = dir
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, output)
	}
	if !strings.Contains(string(output), "# fail 0") {
		t.Fatalf("node --test output:\n%s", output)
	}
}
