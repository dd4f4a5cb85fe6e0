// Package sdk holds the Go-side checks of the @scape/sdk TypeScript package: its Node test run
// and its strict type check. The package itself is embedded and run by the toolchain elsewhere.
package sdk

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// repoRoot is where package.json, node_modules and scripts/ live (two levels up from kit/sdk).
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// requireNode skips (or fails when SCAPE_REQUIRE_NODE=1) unless node and the repository's npm
// tools are installed, and returns the repository root.
func requireNode(t *testing.T) string {
	t.Helper()
	root := repoRoot(t)
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(root, "node_modules")); err != nil {
		missing = "node_modules is missing (run `npm ci` at the repository root)"
	}
	if missing != "" {
		if os.Getenv("SCAPE_REQUIRE_NODE") == "1" {
			t.Fatalf("SCAPE_REQUIRE_NODE=1 but %s", missing)
		}
		t.Skipf("skipping: %s (set SCAPE_REQUIRE_NODE=1 to make this a failure)", missing)
	}
	return root
}

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}

// TestSDKUnderNode runs every kit/sdk/test/*.test.ts under node --test.
func TestSDKUnderNode(t *testing.T) {
	root := requireNode(t)
	run(t, root, "node", filepath.Join("scripts", "test-sdk.mjs"))
}

// TestSDKTypes type-checks the SDK (and the documented examples compiled against it) strictly.
func TestSDKTypes(t *testing.T) {
	root := requireNode(t)
	run(t, root, "npx", "--no-install", "tsc", "-p", filepath.Join("kit", "sdk"))
	if _, err := os.Stat(filepath.Join(root, "kit", "sdk", "test", "tsconfig.json")); err == nil {
		run(t, root, "npx", "--no-install", "tsc", "-p", filepath.Join("kit", "sdk", "test"))
	}
}
