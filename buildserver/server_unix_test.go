//go:build unix

package buildserver

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scapeworld/scape/internal/frame"
	"github.com/scapeworld/scape/internal/serverproc"
	"github.com/scapeworld/scape/isolate"
)

// socketPair is a connected pair of Unix stream sockets as *net.UnixConn.
func socketPair(t *testing.T) (a, b *net.UnixConn) {
	t.Helper()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	conn := func(fd int) *net.UnixConn {
		f := os.NewFile(uintptr(fd), "pair")
		defer f.Close()
		c, err := net.FileConn(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c.(*net.UnixConn)
	}
	return conn(fds[0]), conn(fds[1])
}

// TestServerReplyHasAWriteDeadline: a caller that sends a request and never reads the reply
// does not hold the server's connection goroutine (and with it the server, past SIGTERM): the
// write gives up at its deadline.
func TestServerReplyHasAWriteDeadline(t *testing.T) {
	skipUnlessIsolated(t)
	old := replyWriteTimeout
	replyWriteTimeout = 300 * time.Millisecond
	t.Cleanup(func() { replyWriteTimeout = old })
	s := &buildServer{pool: isolate.NewPool(isolate.Config{Size: 1}), loop: &serverproc.Loop{}}
	t.Cleanup(s.pool.Close)
	server, client := socketPair(t)
	server.SetWriteBuffer(1) // the smallest the kernel allows: a report of a few KiB fills it
	// Forty definitions, each invalid: a report of many diagnostics.
	var b strings.Builder
	b.WriteString(`var __scapeGizmo = (() => { var sdk = require("@scape/sdk"); var objects = [];`)
	b.WriteString(`for (var i = 0; i < 40; i++) objects.push(sdk.defineObject({ type: "t.big" + i, version: 1, emoji: "🦔", label: "Big " + i, hint: "x",
	  initial: () => ({ on: 3 }), valid: (s) => sdk.record(s) && typeof s.on === "boolean",
	  actions: {}, view: () => ({ title: "x", description: "", controls: [] }) }));`)
	b.WriteString(`return { default: { objects } }; })();`)
	if err := frame.NewWriter(client).Write(request{JS: []byte(b.String()), Options: &isolate.Options{}}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	start := time.Now()
	go func() { s.handle(context.Background(), server); close(done) }()
	select {
	case <-done:
		t.Logf("handle returned after %s with the reply unread", time.Since(start).Round(time.Millisecond))
	case <-time.After(30 * time.Second):
		t.Fatal("the server is still writing to a caller that never reads")
	}
}

// TestDialRefusesAnotherUsersServer: a socket by the server's name answered by a process of
// another user is no server: the command never sends it the bundle. Needs root to start a
// listener as another user.
func TestDialRefusesAnotherUsersServer(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to listen as another user")
	}
	python, err := exec.LookPath("/usr/bin/python3") // the system's: a user shim under /root is not for uid 65534
	if err != nil {
		t.Skip("needs python3 for a listener of another user")
	}
	dir, err := os.MkdirTemp("", "peer")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o777)
	sock := filepath.Join(dir, "s.sock")
	cmd := exec.Command(python, "-c", `import socket,sys,time
s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4); print("ready", flush=True)
while True:
    c,_=s.accept(); time.sleep(5)`, sock)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	buf := make([]byte, 6)
	if _, err := out.Read(buf); err != nil {
		t.Fatal(err)
	}
	if r := dialServer(sock); r != nil {
		r.close()
		t.Fatal("dialServer used a server of uid 65534")
	}
	// The same listener as this user is a server.
	mine := filepath.Join(dir, "m.sock")
	ln, err := net.Listen("unix", mine)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		if c, err := ln.Accept(); err == nil {
			defer c.Close()
			time.Sleep(time.Second)
		}
	}()
	r := dialServer(mine)
	if r == nil {
		t.Fatal("dialServer refused this user's own server")
	}
	r.close()
}
