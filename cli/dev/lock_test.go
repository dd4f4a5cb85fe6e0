package dev

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProjectLock: while one dev loop holds a project's lock a second is refused with who holds
// it; once released (as when the process ends: the OS drops the lock with the descriptor) the
// next one takes it. The lock's directory is kept out of git.
func TestProjectLock(t *testing.T) {
	dir := t.TempDir()
	first, err := lockProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	first.say("pid 123, world http://127.0.0.1:4242")
	_, err = lockProject(dir)
	var locked *errLocked
	if !errors.As(err, &locked) || !strings.Contains(err.Error(), "already running for this project (pid 123, world http://127.0.0.1:4242)") {
		t.Fatalf("second lock: %v", err)
	}
	first.release()
	again, err := lockProject(dir)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	again.release()
	if b, err := os.ReadFile(filepath.Join(dir, ".scape", ".gitignore")); err != nil || string(b) != "*\n" {
		t.Fatalf(".scape/.gitignore: %q %v", b, err)
	}
}
