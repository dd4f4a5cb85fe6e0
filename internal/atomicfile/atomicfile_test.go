package atomicfile

import (
	"errors"
	"io/fs"
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

// TestRenameNoReplace: through the platform's call, a rename onto an empty directory, a file or
// a dangling link is refused with fs.ErrExist and moves nothing; onto a free name it moves. The
// check-then-rename fallback (file systems without the one-step call) refuses the same.
func TestRenameNoReplace(t *testing.T) {
	for name, rename := range map[string]func(from, to string) error{"platform": RenameNoReplace, "fallback": checkThenRename} {
		t.Run(name, func(t *testing.T) {
			parent := t.TempDir()
			from := filepath.Join(parent, "from")
			if err := os.Mkdir(from, 0o755); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(from, "f"), []byte("x"), 0o644)
			taken := map[string]func(string) error{
				"empty directory": func(p string) error { return os.Mkdir(p, 0o755) },
				"file":            func(p string) error { return os.WriteFile(p, []byte("keep"), 0o644) },
				"dangling link":   func(p string) error { return os.Symlink(filepath.Join(parent, "nowhere"), p) },
			}
			for what, place := range taken {
				to := filepath.Join(parent, "to")
				if err := place(to); err != nil {
					t.Skipf("%s: %v", what, err) // links need a privilege on Windows
				}
				if err := rename(from, to); !errors.Is(err, fs.ErrExist) {
					t.Fatalf("onto an existing %s: %v, want fs.ErrExist", what, err)
				}
				if _, err := os.Stat(filepath.Join(from, "f")); err != nil {
					t.Fatalf("onto an existing %s: the source moved: %v", what, err)
				}
				if err := os.Remove(to); err != nil {
					t.Fatal(err)
				}
			}
			to := filepath.Join(parent, "to")
			if err := rename(from, to); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(filepath.Join(to, "f")); err != nil || string(b) != "x" {
				t.Fatalf("moved content %q %v", b, err)
			}
		})
	}
}
