package trust_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/trust"
)

var now = time.Date(2026, 12, 1, 10, 30, 15, 500, time.UTC)

// store is a record in a fresh temporary configuration directory.
func store(t *testing.T) *trust.Store {
	t.Helper()
	return trust.At(filepath.Join(t.TempDir(), "config", "scape", trust.FileName))
}

// real is dir with its links resolved (macOS's temporary directories are under a link).
func real(t *testing.T, dir string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mkdir(t *testing.T, parts ...string) string {
	t.Helper()
	dir := filepath.Join(parts...)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func trusted(t *testing.T, s *trust.Store, dir string) bool {
	t.Helper()
	_, ok, err := s.Trusted(dir)
	if err != nil {
		t.Fatalf("Trusted(%s): %v", dir, err)
	}
	return ok
}

// TestMissingRecordTrustsNothing: before anything is recorded, nothing is trusted and nothing is
// wrong.
func TestMissingRecordTrustsNothing(t *testing.T) {
	s := store(t)
	dir := t.TempDir()
	key, ok, err := s.Trusted(dir)
	if ok || err != nil || key != real(t, dir) {
		t.Fatalf("Trusted = %q, %v, %v", key, ok, err)
	}
	if list, err := s.List(); len(list) != 0 || err != nil {
		t.Fatalf("List = %v, %v", list, err)
	}
}

// TestExactDirectoryOnly: the key is the resolved absolute path, compared exactly. The same
// directory by a relative path or through a link is trusted (its programs are the trusted
// ones); its parent, its children and its siblings are not.
func TestExactDirectoryOnly(t *testing.T) {
	s := store(t)
	base := t.TempDir()
	proj := mkdir(t, base, "proj")
	child := mkdir(t, proj, "sub")
	sibling := mkdir(t, base, "proj2") // a prefix of the path is not the path
	c, err := s.Add(proj, trust.ByUser, now)
	if err != nil || !c.Changed || c.Dir != real(t, proj) || c.Replaced != nil {
		t.Fatalf("Add = %+v, %v", c, err)
	}
	if !trusted(t, s, proj) || !trusted(t, s, proj+string(filepath.Separator)+".") {
		t.Error("the trusted directory is not trusted")
	}
	for _, other := range []string{base, child, sibling} {
		if trusted(t, s, other) {
			t.Errorf("%s is trusted", other)
		}
	}
	t.Chdir(child)
	if !trusted(t, s, "..") || trusted(t, s, ".") {
		t.Error("relative paths resolve to the wrong directories")
	}
	list, err := s.List()
	if err != nil || len(list) != 1 || list[0].Dir != real(t, proj) || list[0].By != trust.ByUser || !list[0].Since.Equal(now.Truncate(time.Second)) {
		t.Fatalf("List = %+v, %v", list, err)
	}
	// Trusting again changes nothing.
	if c, err := s.Add(proj, trust.ByInit, now.Add(time.Hour)); err != nil || c.Changed {
		t.Errorf("second Add = %+v, %v", c, err)
	}
	if list, _ := s.List(); len(list) != 1 || list[0].By != trust.ByUser {
		t.Errorf("after a second Add: %+v", list)
	}
}

// TestLinksNeverTrustAnotherDirectory: trusting through a link records the link's target; when
// the link later points elsewhere, that other directory is not trusted. A link to a trusted
// directory is that directory.
func TestLinksNeverTrustAnotherDirectory(t *testing.T) {
	s := store(t)
	base := t.TempDir()
	good := mkdir(t, base, "good")
	evil := mkdir(t, base, "evil")
	link := filepath.Join(base, "link")
	if err := os.Symlink(good, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	c, err := s.Add(link, trust.ByUser, now)
	if err != nil || c.Dir != real(t, good) {
		t.Fatalf("Add(link) = %+v, %v; want the target %s", c, err, real(t, good))
	}
	if !trusted(t, s, good) || !trusted(t, s, link) {
		t.Fatal("the target (directly or through the link) is not trusted")
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(evil, link); err != nil {
		t.Fatal(err)
	}
	key, ok, err := s.Trusted(link)
	if ok || err != nil || key != real(t, evil) {
		t.Fatalf("link retargeted to another directory: Trusted = %q, %v, %v", key, ok, err)
	}
	// A project's node_modules linked to a trusted project's does not make the project trusted.
	if err := os.Symlink(filepath.Join(good, "node_modules"), filepath.Join(evil, "node_modules")); err != nil {
		t.Fatal(err)
	}
	if trusted(t, s, evil) {
		t.Error("evil is trusted")
	}
}

// TestRemove: a revoked directory is no longer trusted; revoking twice changes nothing; a
// deleted directory's entry can still be removed by its path.
func TestRemove(t *testing.T) {
	s := store(t)
	base := t.TempDir()
	a, b := mkdir(t, base, "a"), mkdir(t, base, "b")
	for _, d := range []string{a, b} {
		if _, err := s.Add(d, trust.ByUser, now); err != nil {
			t.Fatal(err)
		}
	}
	if c, err := s.Remove(a); err != nil || !c.Changed {
		t.Fatalf("Remove = %+v, %v", c, err)
	}
	if trusted(t, s, a) || !trusted(t, s, b) {
		t.Fatal("Remove(a) did not remove exactly a")
	}
	if c, err := s.Remove(a); err != nil || c.Changed {
		t.Errorf("second Remove = %+v, %v", c, err)
	}
	realB := real(t, b)
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	if c, err := s.Remove(realB); err != nil || !c.Changed {
		t.Errorf("Remove of a deleted directory = %+v, %v", c, err)
	}
	if list, err := s.List(); len(list) != 0 || err != nil {
		t.Errorf("List = %+v, %v", list, err)
	}
	if _, err := s.Add(filepath.Join(base, "missing"), trust.ByUser, now); err == nil {
		t.Error("trusted a directory that does not exist")
	}
}

// TestUnusableRecordTrustsNothing: a corrupt, oversized or foreign-version record is an
// *UnusableError (never a panic), trusts nothing, and the next write replaces it, saying so.
func TestUnusableRecordTrustsNothing(t *testing.T) {
	for name, content := range map[string]string{
		"garbage":    "{\"version\": 1, \"directories\": {",
		"wrong type": `{"version": 1, "directories": ["/"]}`,
		"version":    `{"version": 2, "directories": {}}`,
		"too large":  `{"version": 1, "directories": {}, "pad": "` + strings.Repeat("x", 4<<20) + `"}`,
	} {
		t.Run(name, func(t *testing.T) {
			s := store(t)
			dir := t.TempDir()
			if _, err := s.Add(dir, trust.ByUser, now); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.Path(), []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			var unusable *trust.UnusableError
			_, ok, err := s.Trusted(dir)
			if ok || !errors.As(err, &unusable) || unusable.Insecure || !strings.Contains(err.Error(), s.Path()) {
				t.Fatalf("Trusted = %v, %v", ok, err)
			}
			if list, err := s.List(); len(list) != 0 || !errors.As(err, &unusable) {
				t.Fatalf("List = %+v, %v", list, err)
			}
			c, err := s.Add(dir, trust.ByUser, now)
			if err != nil || !c.Changed || c.Replaced == nil {
				t.Fatalf("Add over the unusable record = %+v, %v", c, err)
			}
			if !trusted(t, s, dir) {
				t.Fatal("not trusted after the record was rewritten")
			}
		})
	}
}

// TestRecordIsPrivate: the record is the user's alone (0600 in a 0700 directory); one another
// user can write is not used.
func TestRecordIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permissions are ACLs on Windows; the record lives in the user's own profile")
	}
	s := store(t)
	dir := t.TempDir()
	if _, err := s.Add(dir, trust.ByUser, now); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{s.Path(): 0o600, filepath.Dir(s.Path()): 0o700} {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != want {
			t.Errorf("%s: %v, %v; want mode %04o", path, info.Mode(), err, want)
		}
	}
	var unusable *trust.UnusableError
	// A record others can write: unusable, and rewritten (as the user's own, 0600) by the next
	// change.
	if err := os.Chmod(s.Path(), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Trusted(dir); ok || !errors.As(err, &unusable) || !strings.Contains(err.Error(), "writable by other users") {
		t.Fatalf("group-writable record: %v, %v", ok, err)
	}
	if c, err := s.Add(dir, trust.ByUser, now); err != nil || c.Replaced == nil {
		t.Fatalf("Add over a group-writable record = %+v, %v", c, err)
	}
	if info, err := os.Stat(s.Path()); err != nil || info.Mode().Perm() != 0o600 || !trusted(t, s, dir) {
		t.Fatalf("after the rewrite: %v, %v", info.Mode(), err)
	}
	// A directory others can write: not used, and not written into either.
	if err := os.Chmod(filepath.Dir(s.Path()), 0o777); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Trusted(dir); ok || !errors.As(err, &unusable) || !unusable.Insecure {
		t.Fatalf("world-writable directory: %v, %v", ok, err)
	}
	if _, err := s.Add(t.TempDir(), trust.ByUser, now); !errors.As(err, &unusable) || !unusable.Insecure {
		t.Fatalf("Add in a world-writable directory: %v", err)
	}
}

// TestConcurrentWritersKeepEveryEntry: writers at once (two inits) each read, change and
// replace the record; the lock beside it keeps every entry. Without it, most are lost.
func TestConcurrentWritersKeepEveryEntry(t *testing.T) {
	s := store(t)
	base := t.TempDir()
	const n = 24
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		dir := mkdir(t, base, fmt.Sprint("p", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each its own Store, as separate processes would be.
			if _, err := trust.At(s.Path()).Add(dir, trust.ByInit, now); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	list, err := s.List()
	if err != nil || len(list) != n {
		t.Fatalf("%d of %d entries kept (%v)", len(list), n, err)
	}
}

// TestDefaultIsInTheUserConfigDirectory: the record is the user's, under os.UserConfigDir (here
// a test's own).
func TestDefaultIsInTheUserConfigDirectory(t *testing.T) {
	want := trusttest.Isolate(t)
	s, err := trust.Default()
	if err != nil || s.Path() != want {
		t.Fatalf("Default = %v, %v; want %s", s, err, want)
	}
}
