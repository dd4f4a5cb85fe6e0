//go:build unix

package serverproc

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func runLoop(t *testing.T, l *Loop, sock string, peer func(*net.UnixConn) bool) chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- l.Run(context.Background(), sock, peer) }()
	for i := 0; i < 200; i++ {
		if _, err := os.Stat(sock); err == nil {
			return done
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the loop never listened")
	return nil
}

func ended(t *testing.T, done chan error, within time.Duration, what string) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(within):
		t.Fatalf("the server did not end: %s", what)
	}
}

// TestLoopEnds: idle with nothing busy ends the server; busy work holds it; removing the socket
// ends it; a second server of the same socket returns at once; a peer refused is never handled.
func TestLoopEnds(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "s.sock")
	handled := make(chan struct{}, 4)
	l := &Loop{Idle: 300 * time.Millisecond, Handle: func(context.Context, *net.UnixConn) { handled <- struct{}{} }}
	var release func()
	l.Start = func(context.Context) { release = l.Busy() }
	done := runLoop(t, l, sock, func(*net.UnixConn) bool { return true })
	if err := (&Loop{Idle: time.Second}).Run(context.Background(), sock, nil); err != nil {
		t.Fatalf("a second server: %v", err)
	}
	select {
	case <-done:
		t.Fatal("the server ended while busy")
	case <-time.After(900 * time.Millisecond):
	}
	release()
	ended(t, done, 5*time.Second, "idle after the busy work ended")
	if _, err := os.Stat(sock); !os.IsNotExist(err) {
		t.Fatalf("the socket stayed: %v", err)
	}

	refused := &Loop{Idle: time.Hour, Handle: func(context.Context, *net.UnixConn) { handled <- struct{}{} }}
	done = runLoop(t, refused, sock, func(*net.UnixConn) bool { return false })
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	os.Remove(sock)
	ended(t, done, 5*time.Second, "its socket removed")
	if len(handled) != 0 {
		t.Fatal("a refused peer was handled")
	}
}
