// Package sdk holds the Go-side checks of the @scape/sdk TypeScript package: its Node test run
// and its strict type check. The package itself is embedded and run by the toolchain elsewhere.
package sdk

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/internal/nodetest"
)

// requireNode skips (or fails when SCAPE_REQUIRE_NODE=1) unless node and the repository's npm
// tools are installed, and returns the repository root.
func requireNode(t *testing.T) string {
	t.Helper()
	nodetest.Node(t)
	nodetest.Module(t, "")
	return nodetest.Root(t)
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

// TestSDKTypes type-checks the SDK and its tests (with the documented examples they import) strictly.
func TestSDKTypes(t *testing.T) {
	root := requireNode(t)
	run(t, root, "npx", "--no-install", "tsc", "-p", filepath.Join("kit", "sdk"))
	run(t, root, "npx", "--no-install", "tsc", "-p", filepath.Join("kit", "sdk", "test"))
}
