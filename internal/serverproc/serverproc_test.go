package serverproc

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSocketKey: a server's socket is named by its kind, what the caller adds, and every SCAPE_
// setting but the timeline and the switch; it lies in the private servers/ folder.
func TestSocketKey(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache) // macOS's user cache directory is under HOME
	base := Socket("build")
	if base == "" || !strings.HasPrefix(base, cache) || filepath.Base(filepath.Dir(base)) != "servers" || !strings.HasPrefix(filepath.Base(base), "build-") {
		t.Fatalf("socket %q: not in %s/…/servers as build-…", base, cache)
	}
	if Socket("build") != base {
		t.Fatal("the same server has two sockets")
	}
	if s := Socket("tsc"); s == base || !strings.HasPrefix(filepath.Base(s), "tsc-") {
		t.Fatalf("another kind shares the socket: %q", s)
	}
	if Socket("build", "/project/a") == Socket("build", "/project/b") {
		t.Fatal("two projects share a socket")
	}
	t.Setenv("SCAPE_TIMELINE", "1")
	t.Setenv(Switch, "1")
	if Socket("build") != base {
		t.Fatal("the timeline or the switch changed the server")
	}
	t.Setenv("SCAPE_LIMITS", "portable")
	if Socket("build") == base {
		t.Fatal("another configuration reuses the server")
	}
}

// TestArgs: the arguments that start a server are those Serve reads.
func TestArgs(t *testing.T) {
	if got := strings.Join(Args("tsc-server", "/s.sock", "/dir"), " "); got != "internal tsc-server /s.sock /dir" {
		t.Fatalf("args: %s", got)
	}
	if got := strings.Join(Args("build-server", "/s.sock"), " "); got != "internal build-server /s.sock" {
		t.Fatalf("args: %s", got)
	}
}
