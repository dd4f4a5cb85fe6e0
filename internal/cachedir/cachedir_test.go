package cachedir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnder: missing levels are made 0700; a level that is a link or a file is refused and
// nothing is created behind it; a too-open directory of this user's is tightened; names that
// climb are refused.
func TestUnder(t *testing.T) {
	base := t.TempDir()
	dir, err := under(base, filepath.Join("servers", "x"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(base, "scape", "servers", "x"); dir != want {
		t.Fatalf("dir %s, want %s", dir, want)
	}
	for _, d := range []string{filepath.Join(base, "scape"), filepath.Join(base, "scape", "servers"), dir} {
		if info, err := os.Stat(d); err != nil || info.Mode().Perm() != 0o700 {
			t.Fatalf("%s: %v %v", d, info.Mode(), err)
		}
	}

	os.Chmod(filepath.Join(base, "scape", "servers"), 0o755)
	if _, err := under(base, "servers"); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(filepath.Join(base, "scape", "servers")); info.Mode().Perm() != 0o700 {
		t.Fatalf("a 0755 directory of this user's was not tightened: %v", info.Mode())
	}

	victim := t.TempDir()
	os.Chmod(victim, 0o755)
	if err := os.Symlink(victim, filepath.Join(base, "scape", "sounds")); err != nil {
		t.Fatal(err)
	}
	if _, err := under(base, filepath.Join("sounds", "deeper")); err == nil || !strings.Contains(err.Error(), "is a link") {
		t.Fatalf("a linked level: %v", err)
	}
	if info, _ := os.Stat(victim); info.Mode().Perm() != 0o755 {
		t.Fatalf("the link's target was changed: %v", info.Mode())
	}
	if _, err := os.Stat(filepath.Join(victim, "deeper")); err == nil {
		t.Fatal("a folder was made behind the link")
	}

	os.WriteFile(filepath.Join(base, "scape", "file"), nil, 0o600)
	if _, err := under(base, "file"); err == nil {
		t.Fatal("a file accepted as a folder")
	}
	if _, err := under(base, filepath.Join("..", "x")); err == nil {
		t.Fatal("a climbing name accepted")
	}
}

// TestUnderRefusesAnotherUsersFolder: root building with another user's HOME (or a cache folder
// planted by another user in a shared place) uses no cache there and changes nothing. Needs root
// to make a folder owned by someone else.
func TestUnderRefusesAnotherUsersFolder(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a folder to another user")
	}
	base := t.TempDir()
	theirs := filepath.Join(base, "scape")
	if err := os.Mkdir(theirs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(theirs, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, err := under(base, "servers"); err == nil || !strings.Contains(err.Error(), "owned by uid 65534") {
		t.Fatalf("another user's folder: %v", err)
	}
	if info, _ := os.Stat(theirs); info.Mode().Perm() != 0o755 {
		t.Fatalf("another user's folder was changed: %v", info.Mode())
	}
	if _, err := os.Stat(filepath.Join(theirs, "servers")); err == nil {
		t.Fatal("a folder was made inside another user's folder")
	}
}
