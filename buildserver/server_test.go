package buildserver

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/serverproc"
	"github.com/scapeworld/scape/isolate"
)

// serverCache gives the test a cache directory of its own (short enough for a socket path) and
// returns the build server socket commands would use there; the server started in it is ended
// when the test ends (its socket removed).
func serverCache(t *testing.T) string {
	t.Helper()
	skipUnlessIsolated(t)
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Setenv(serverEnv, "")
	t.Setenv("CI", "") // builds under a CI system start no server
	sock := serverSocket()
	if sock == "" {
		t.Fatal("no socket path")
	}
	t.Cleanup(func() {
		os.Remove(sock) // the server sees its socket gone and exits
		deadline := time.Now().Add(10 * time.Second)
		for {
			unlock, ok, _ := serverproc.Lock(sock + ".lock")
			if ok {
				unlock()
				break
			}
			if time.Now().After(deadline) {
				t.Error("the build server did not exit after its socket was removed")
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		os.RemoveAll(dir)
	})
	return sock
}

func waitServer(t *testing.T, sock string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if r := dialServer(sock); r != nil {
			r.close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no build server answered within 60 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func verdict(t *testing.T, o *OneShot, js []byte) diag.List {
	t.Helper()
	rep, err := o.Check(context.Background(), js, isolate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Diagnostics
}

// TestBuildServerVerdicts: a command that finds no server validates in its own worker and
// starts one; the next commands are served, with the same verdicts (valid, invalid, a breach).
func TestBuildServerVerdicts(t *testing.T) {
	sock := serverCache(t)
	valid, invalid := gizmo("", "return { on: false };"), gizmo("", "return { on: 3 };")
	hostile := gizmo("", "const s = 'x'.repeat(2 ** 31 - 1); return { on: s.length > 0 };")

	first := NewOneShot(isolate.Config{})
	if first.Served() {
		t.Fatal("served before any server started")
	}
	want := map[string]diag.List{"valid": verdict(t, first, valid)}
	first.Close() // starts the server
	local := isolate.NewPool(isolate.Config{OneShot: true})
	for name, js := range map[string][]byte{"invalid": invalid, "hostile": hostile} {
		rep, err := local.Check(context.Background(), js, isolate.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want[name] = rep.Diagnostics
	}
	local.Close()
	waitServer(t, sock)
	for _, c := range []struct {
		name string
		js   []byte
	}{{"valid", valid}, {"invalid", invalid}, {"hostile", hostile}, {"valid", valid}} {
		o := NewOneShot(isolate.Config{})
		if !o.Served() {
			t.Fatalf("%s: not served with the server running", c.name)
		}
		got := verdict(t, o, c.js)
		o.Close()
		if len(got) == 0 && len(want[c.name]) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want[c.name]) {
			t.Errorf("%s: served verdict\n%v\nwant (own worker)\n%v", c.name, got, want[c.name])
		}
	}
	if errs := want["hostile"].Errors(); len(errs) == 0 || errs[0].Code != diag.CodeMemory {
		t.Errorf("hostile: want a memory breach, got %v", want["hostile"])
	}
}

// TestServersNotStartedUnderCI: a command under a CI system (CI set) starts no server.
func TestServersNotStartedUnderCI(t *testing.T) {
	for ci, want := range map[string]bool{"": true, "0": true, "false": true, "FALSE": true, "true": false, "1": false, "yes": false} {
		t.Setenv("CI", ci)
		if got := startsServers(); got != want {
			t.Errorf("CI=%q: starts servers %v, want %v", ci, got, want)
		}
	}
}

// TestBuildServerFailureFallsBack: a server that hangs up without answering costs the command
// only time: it validates in a worker of its own.
func TestBuildServerFailureFallsBack(t *testing.T) {
	sock := serverCache(t)
	if err := os.MkdirAll(filepath.Dir(sock), 0o700); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	o := NewOneShot(isolate.Config{})
	defer o.Close()
	if !o.Served() {
		t.Fatal("the fake server was not dialled")
	}
	rep, err := o.Check(context.Background(), gizmo("", "return { on: false };"), isolate.Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("after the server hung up: %v %v", err, rep)
	}
}

// TestBuildServerLifetime: one server per socket (the second finds the lock taken and returns at
// once); a server ends after its idle time, and removes its socket.
func TestBuildServerLifetime(t *testing.T) {
	sock := serverCache(t)
	if err := os.MkdirAll(filepath.Dir(sock), 0o700); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- RunServer(context.Background(), sock, 500*time.Millisecond) }()
	waitServer(t, sock)
	second := make(chan error, 1)
	go func() { second <- RunServer(context.Background(), sock, time.Minute) }()
	select {
	case err := <-second:
		if err != nil {
			t.Fatalf("second server: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a second server on a served socket did not return")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not end after its idle time")
	}
	if time.Since(start) < 500*time.Millisecond {
		t.Error("the server ended before its idle time")
	}
	if _, err := os.Stat(sock); !os.IsNotExist(err) {
		t.Errorf("the socket is still there: %v", err)
	}
}

// TestServerSocketPath: the socket lives under the user cache directory; a cache path that would
// make it longer than a Unix socket path may be (sun_path, 108 bytes with its NUL; 100 here)
// gives no socket, so no server, and builds validate in their own worker.
func TestServerSocketPath(t *testing.T) {
	base, err := os.MkdirTemp("", "c")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	t.Setenv("XDG_CACHE_HOME", base)
	sock := serverSocket()
	if !strings.HasPrefix(sock, base+"/scape/servers/build-") || !strings.HasSuffix(sock, ".sock") {
		t.Fatalf("socket %q", sock)
	}
	room := 100 - len(sock) // how much longer the cache path may get
	t.Setenv("XDG_CACHE_HOME", base+strings.Repeat("x", room))
	t.Cleanup(func() { os.RemoveAll(base + strings.Repeat("x", room)) })
	if got := serverSocket(); len(got) != 100 {
		t.Errorf("at the bound: %q (%d bytes), want a 100-byte socket", got, len(got))
	}
	t.Setenv("XDG_CACHE_HOME", base+strings.Repeat("x", room+1))
	t.Cleanup(func() { os.RemoveAll(base + strings.Repeat("x", room+1)) })
	if got := serverSocket(); got != "" {
		t.Errorf("past the bound: %q, want none", got)
	}
}
