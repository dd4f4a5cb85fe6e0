package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file is replaced whole with the asked permissions, a symbolic link at the path
// is replaced itself (its target untouched), a directory is refused, and no temporary file is
// ever left beside the target.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.js")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("content %q", b)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v", info.Mode().Perm())
	}
	outside := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(outside, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link.js")
	if err := os.Symlink(outside, link); err != nil {
		t.Skip("no symlinks here")
	}
	if err := Write(link, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep" {
		t.Fatalf("the link's target was written: %q", b)
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink != 0 {
		t.Fatal("the link was not replaced")
	}
	if err := os.Mkdir(filepath.Join(dir, "d.js"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "d.js"), []byte("x"), 0o644); err == nil {
		t.Fatal("a directory at the path was not refused")
	}
	if err := Write(filepath.Join(dir, "missing", "f"), []byte("x"), 0o644); err == nil {
		t.Fatal("a missing directory was not refused")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".tmp" {
			t.Fatalf("temporary file left: %s", e.Name())
		}
	}
}

// WriteNew writes a path that does not exist (with perm, not CreateTemp's 0600) and refuses one
// that does, leaving it as it was and no temporary behind.
func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.png")
	if err := WriteNew(path, []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("written with %v (%v), want 0644", info.Mode().Perm(), err)
	}
	if err := WriteNew(path, []byte("second"), 0o644); !errors.Is(err, os.ErrExist) {
		t.Fatalf("an existing path: %v, want os.ErrExist", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Fatalf("the existing file became %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("temporaries left behind: %v", entries)
	}
}
