//go:build unix

package typecheck

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/internal/peercred"
	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/trust"
)

// servers turns type-check servers on for t with a cache directory of its own, and ends every
// server started there when t ends (their sockets removed: each exits within a second).
func servers(t *testing.T) string {
	t.Helper()
	if !peercred.Supported {
		t.Skip("no type-check server on this platform")
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("CI", "")
	t.Setenv(serverEnv, "")
	serverCapable = true
	t.Cleanup(func() { serverCapable = false })
	return cache
}

// alive says whether process pid runs. A server this test binary started and never waited for
// stays a zombie after it exits: that is not running.
func alive(pid int) bool {
	if pid <= 0 || syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc (macOS): kill's answer
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// waitFor polls cond for up to a minute (a loaded machine starts Node slowly).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("gave up waiting for %s", what)
}

// TestBuildsReuseTheServer: the first build runs tsc itself and starts a server; the next builds
// are answered by that server's one Node process (same pids, one start), with tsc's diagnostics,
// an edit between them included; removing the socket ends server and Node.
func TestBuildsReuseTheServer(t *testing.T) {
	nodetest.Node(t)
	servers(t)
	trusttest.Isolate(t)
	dir := project(t, true)
	store, err := trust.Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Add(dir, trust.ByUser, time.Now()); err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(dir, "src", "definition.ts")
	appendTo(t, def, "const n: number = 'oops';\nvoid n;\n")
	ctx := context.Background()

	first := RunServed(ctx, dir, Options{})
	if !first.Checked || first.Warm || first.server != nil || len(first.Diagnostics) != 1 {
		t.Fatalf("first build: %+v", first)
	}
	s, _ := prepare(dir, Options{})
	sock := serverSocket(s)
	waitFor(t, "the server's socket", func() bool { _, err := os.Stat(sock); return err == nil })

	second := RunServed(ctx, dir, Options{})
	if !second.Checked || !second.Warm || second.server == nil || !reflect.DeepEqual(second.Diagnostics, first.Diagnostics) {
		t.Fatalf("second build: %+v", second)
	}
	info := *second.server
	t.Cleanup(func() {
		os.Remove(sock)
		waitFor(t, "the server to exit", func() bool { return !alive(info.Pid) && !alive(info.NodePid) })
	})
	appendTo(t, def, "const s: string = 1;\nvoid s;\n")
	third := RunServed(ctx, dir, Options{})
	cold := Run(ctx, dir, Options{})
	if !third.Checked || !third.Warm || !reflect.DeepEqual(third.Diagnostics, cold.Diagnostics) || len(third.Diagnostics) != 2 {
		t.Fatalf("after an edit: served %+v\ncold %+v", third, cold)
	}
	if *third.server != info || info.Starts != 1 || !alive(info.NodePid) {
		t.Errorf("another checker answered: %+v then %+v", info, *third.server)
	}
	t.Logf("first build's tsc %v (cold), served %v, after an edit %v", first.Duration, second.Duration, third.Duration)

	// Revoked trust: the build asks no server, and the server's next check ends it.
	if _, err := store.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if st := RunServed(ctx, dir, Options{}); st.Checked || !st.Untrusted || st.server != nil {
		t.Errorf("revoked: %+v", st)
	}
	if st, err := askServer(ctx, sock, s); err != nil || st.Checked || !st.Untrusted {
		t.Errorf("the server asked directly after a revoke: %+v, %v", st, err)
	}
	waitFor(t, "the server to exit after the revoke", func() bool { return !alive(info.Pid) && !alive(info.NodePid) })
}

// TestServerExitsWhenIdle: a server with no request for its idle time ends, and its Node process
// with it.
func TestServerExitsWhenIdle(t *testing.T) {
	nodetest.Node(t)
	if !peercred.Supported {
		t.Skip("no type-check server on this platform")
	}
	dir := project(t, true)
	opts := trusting(t, dir)
	sock := filepath.Join(t.TempDir(), "t.sock")
	done := make(chan error, 1)
	go func() { done <- RunServer(context.Background(), sock, dir, 2*time.Second, opts) }()
	waitFor(t, "the socket", func() bool { _, err := os.Stat(sock); return err == nil })
	s, _ := prepare(dir, opts)
	st, err := askServer(context.Background(), sock, s)
	if err != nil || !st.Checked || !st.Warm || st.server.NodePid == 0 {
		t.Fatalf("served: %+v, %v", st, err)
	}
	// A second server for the same socket leaves at once: one per project.
	if err := RunServer(context.Background(), sock, dir, time.Hour, opts); err != nil {
		t.Errorf("second server: %v", err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the server did not exit when idle")
	}
	if alive(st.server.NodePid) {
		t.Errorf("node %d outlived its server", st.server.NodePid)
	}
	if _, err := os.Stat(sock); err == nil {
		t.Errorf("the idle server left its socket")
	}
}

// TestServersUnderCI: a build under CI starts no server unless SCAPE_BUILD_SERVER=1 asks for
// one; SCAPE_BUILD_SERVER=0 starts none anywhere.
func TestServersUnderCI(t *testing.T) {
	nodetest.Node(t)
	servers(t)
	// A stand-in tsc that reports nothing (quick: only whether a server starts is in question).
	dir := project(t, false)
	tsc := filepath.Join(dir, "node_modules", "typescript", "bin", "tsc")
	if err := os.MkdirAll(filepath.Dir(tsc), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tsc, []byte("// reports nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := trusting(t, dir)
	var started []string
	startServerFunc = func(sock, dir string) { started = append(started, dir) }
	t.Cleanup(func() { startServerFunc = startServer })
	for _, c := range []struct {
		ci, env string
		starts  bool
	}{
		{"true", "", false},
		{"1", "", false},
		{"true", "1", true},
		{"", "", true},
		{"false", "", true},
		{"", "0", false},
	} {
		t.Setenv("CI", c.ci)
		t.Setenv(serverEnv, c.env)
		started = nil
		st := RunServed(context.Background(), dir, opts)
		if !st.Checked {
			t.Fatalf("CI=%q %s=%q: %+v", c.ci, serverEnv, c.env, st)
		}
		if got := len(started) == 1; got != c.starts {
			t.Errorf("CI=%q %s=%q: started a server %v, want %v", c.ci, serverEnv, c.env, got, c.starts)
		}
	}
}
