package projdir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDir: levels are made; a level that is a link (even to a folder inside the project) or a
// file is refused, naming it, and nothing is made behind it.
func TestDir(t *testing.T) {
	root := t.TempDir()
	dir, err := Dir(root, ".scape/host", 0o700)
	if err != nil || dir != filepath.Join(root, ".scape", "host") {
		t.Fatalf("%s %v", dir, err)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() || info.Mode().Perm() != 0o700 {
		t.Fatalf("%v %v", info, err)
	}
	outside := t.TempDir()
	os.Symlink(outside, filepath.Join(root, "dist"))
	_, err = Dir(root, "dist/sounds", 0o755)
	var le *LinkError
	if !errors.As(err, &le) || le.Path != filepath.Join(root, "dist") || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Fatalf("a linked dist: %v", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "sounds")); err == nil {
		t.Fatal("a folder was made behind the link")
	}
	os.WriteFile(filepath.Join(root, "file"), nil, 0o644)
	if _, err := Dir(root, "file/x", 0o755); !errors.As(err, &le) || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("a file as a level: %v", err)
	}
	if _, err := Dir(root, "../x", 0o755); err == nil {
		t.Fatal("a climbing folder accepted")
	}
}

// TestOpenFile: a link at the name (to a file outside the project, as `.scape/dev.lock ->
// ~/.bashrc` was) is refused and its target untouched; a regular file opens.
func TestOpenFile(t *testing.T) {
	root := t.TempDir()
	victim := filepath.Join(t.TempDir(), "bashrc")
	os.WriteFile(victim, []byte("keep me"), 0o644)
	lock := filepath.Join(root, "dev.lock")
	os.Symlink(victim, lock)
	if _, err := OpenFile(lock, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600); err == nil {
		t.Fatal("opened through a link")
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep me" {
		t.Fatalf("the link's target changed: %q", b)
	}
	os.Remove(lock)
	f, err := OpenFile(lock, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := NotLink("/dev/null"); err == nil {
		t.Fatal("a device accepted as a file")
	}
}

// TestCreateNew: a dangling link at the name is not followed (dev once made a file outside the
// project through a dangling `.scape/.gitignore`).
func TestCreateNew(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(t.TempDir(), "made-outside")
	ignore := filepath.Join(root, ".gitignore")
	os.Symlink(target, ignore)
	if err := CreateNew(ignore, []byte("*\n"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("through a dangling link: %v", err)
	}
	if _, err := os.Lstat(target); err == nil {
		t.Fatal("a file was made outside the project")
	}
	os.Remove(ignore)
	if err := CreateNew(ignore, []byte("*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNoLinksIn: a folder with a link anywhere in it is refused, naming the link; without one it
// passes.
func TestNoLinksIn(t *testing.T) {
	root := t.TempDir()
	host, _ := Dir(root, ".scape/host", 0o700)
	os.WriteFile(filepath.Join(host, "host.db"), nil, 0o600)
	if err := NoLinksIn(filepath.Join(root, ".scape")); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other.db")
	os.WriteFile(other, nil, 0o600)
	os.Symlink(other, filepath.Join(host, "host.db-wal"))
	var le *LinkError
	if err := NoLinksIn(filepath.Join(root, ".scape")); !errors.As(err, &le) || le.Path != filepath.Join(host, "host.db-wal") {
		t.Fatalf("a planted link: %v", err)
	}
}
