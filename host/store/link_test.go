package store

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenStoreRefusesPlantedLinks: a host.db (or its -wal / -shm) that is a link — a cloned
// project's .scape/host/host.db pointing at another SQLite file — is refused: the other file
// does not get the host's schema, WAL mode or mode 0600. A fresh directory opens as before.
func TestOpenStoreRefusesPlantedLinks(t *testing.T) {
	fresh, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fresh.Close()
	for _, name := range []string{"host.db", "host.db-wal", "host.db-shm"} {
		t.Run(name, func(t *testing.T) {
			other := filepath.Join(t.TempDir(), "other.db")
			content := []byte("someone else's database")
			os.WriteFile(other, content, 0o644)
			dir := t.TempDir()
			if err := os.Symlink(other, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			if s, err := Open(dir); err == nil {
				s.Close()
				t.Fatal("a linked database file was opened")
			} else if !strings.Contains(err.Error(), "is a symbolic link") {
				t.Fatalf("error %q does not name the link", err)
			}
			info, _ := os.Stat(other)
			if b, _ := os.ReadFile(other); !bytes.Equal(b, content) || info.Mode().Perm() != 0o644 {
				t.Fatalf("the link's target changed: %q %v", b, info.Mode())
			}
		})
	}
}
