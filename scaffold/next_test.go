package scaffold

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInvocationIsWhatTheAuthorCanRun: "scape" only when the scape on PATH is this binary, else the
// kit's copy when there is one, else this binary's path (quoted for the shell).
func TestInvocationIsWhatTheAuthorCanRun(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "my bin", "scape")
	other := filepath.Join(dir, "other", "scape")
	for _, p := range []string{exe, other} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "scape-link")
	if err := os.Symlink(exe, link); err != nil {
		t.Fatal(err)
	}
	found := func(p string) func(string) (string, error) {
		return func(string) (string, error) { return p, nil }
	}
	missing := func(string) (string, error) { return "", os.ErrNotExist }
	for _, tc := range []struct {
		name, inProject, want string
		look                  func(string) (string, error)
	}{
		{"on PATH", "", "scape", found(exe)},
		{"on PATH through a link", "", "scape", found(link)},
		{"another scape on PATH", "", "'" + exe + "'", found(other)},
		{"none on PATH", "", "'" + exe + "'", missing},
		{"kit", "./vendor/scape", "./vendor/scape", missing},
		{"kit, this scape on PATH", "./vendor/scape", "scape", found(exe)},
	} {
		if got := Invocation(exe, tc.inProject, tc.look); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
