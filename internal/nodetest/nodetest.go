// Package nodetest finds Node.js and the repository's npm packages for tests, one way for every
// package: what is missing skips the test with a visible message, or fails it when
// SCAPE_REQUIRE_NODE=1 (CI runs `npm ci` and sets it, so a Node test can never pass there by
// not running).
package nodetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Required reports whether the environment demands Node (SCAPE_REQUIRE_NODE=1).
func Required() bool { return os.Getenv("SCAPE_REQUIRE_NODE") == "1" }

// Missing skips t saying what is missing, or fails it when Required.
func Missing(t testing.TB, what string) {
	t.Helper()
	if Required() {
		t.Fatalf("SCAPE_REQUIRE_NODE=1 but %s", what)
	}
	t.Skipf("skipping: %s (set SCAPE_REQUIRE_NODE=1 to make this a failure)", what)
}

// Node returns the path of node on PATH, or skips (fails when Required).
func Node(t testing.TB) string {
	t.Helper()
	return Command(t, "node")
}

// Command returns the path of name (node, npm) on PATH, or skips (fails when Required).
func Command(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" is not on PATH")
	}
	return p
}

// Root returns the repository root: the nearest directory above the test's working directory
// that holds go.mod (package.json, node_modules and scripts/ live there).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// Module returns the absolute path of rel inside the repository's node_modules (a package,
// "typescript/bin/tsc", or "" for node_modules itself), or skips (fails when Required) when it
// is not installed.
func Module(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(Root(t), "node_modules", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		Missing(t, filepath.ToSlash(filepath.Join("node_modules", rel))+" is missing (run `npm ci` at the repository root)")
	}
	return p
}
