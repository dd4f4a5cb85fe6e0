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

// TestProjectLockRefusesPlantedLinks: a cloned project's .scape is never followed: a dev.lock
// linked to a file of the user's (it was truncated once), a dangling .gitignore link (dev once
// created its target outside the project), or a .scape that is itself a link are refused with
// the link named, and nothing outside the project changes.
func TestProjectLockRefusesPlantedLinks(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "bashrc")
	os.WriteFile(victim, []byte("keep me"), 0o644)
	for name, plant := range map[string]func(dir string) error{
		"dev.lock": func(dir string) error {
			os.Mkdir(filepath.Join(dir, ".scape"), 0o700)
			return os.Symlink(victim, filepath.Join(dir, ".scape", "dev.lock"))
		},
		".gitignore": func(dir string) error {
			os.Mkdir(filepath.Join(dir, ".scape"), 0o700)
			return os.Symlink(filepath.Join(outside, "made"), filepath.Join(dir, ".scape", ".gitignore"))
		},
		".scape": func(dir string) error { return os.Symlink(outside, filepath.Join(dir, ".scape")) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := plant(dir); err != nil {
				t.Fatal(err)
			}
			l, err := lockProject(dir)
			if err == nil {
				l.release()
				t.Fatal("a planted link was accepted")
			}
			if !strings.Contains(err.Error(), "is a symbolic link") {
				t.Fatalf("error %q does not say a link was refused", err)
			}
			if b, _ := os.ReadFile(victim); string(b) != "keep me" {
				t.Fatalf("the link's target changed: %q", b)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Fatalf("something was made outside the project: %v", entries)
			}
		})
	}
}
