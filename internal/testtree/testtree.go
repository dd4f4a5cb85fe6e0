// Package testtree writes small file trees for tests: a project described as a map from
// slash-separated paths to contents, in a fresh temporary directory.
package testtree

import (
	"os"
	"path/filepath"
	"testing"
)

// Write writes files under a new t.TempDir() and returns that directory. Parent directories
// are created as needed.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
