package host_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/host"
)

// TestHTTPServerBounds: the server both `scape gizmo host` and the embedded host of `scape gizmo
// dev` run bounds what one connection may hold: its headers' time and size, the whole request's
// time, the answer's, and an idle keep-alive.
func TestHTTPServerBounds(t *testing.T) {
	hs := host.NewHTTPServer(http.NotFoundHandler())
	for _, c := range []struct {
		name      string
		got, want time.Duration
	}{
		{"ReadHeaderTimeout", hs.ReadHeaderTimeout, 10 * time.Second},
		{"ReadTimeout", hs.ReadTimeout, 2 * time.Minute},
		{"WriteTimeout", hs.WriteTimeout, 3 * time.Minute},
		{"IdleTimeout", hs.IdleTimeout, 2 * time.Minute},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if hs.MaxHeaderBytes != 64<<10 {
		t.Errorf("MaxHeaderBytes = %d, want 64 KiB", hs.MaxHeaderBytes)
	}
}

// TestHTTPServerDropsStuckClients: a client that never finishes its headers, one that keeps an
// idle connection open, and one that sends oversized headers are all let go (the timeouts
// shortened here so the test waits for the server, not for minutes).
func TestHTTPServerDropsStuckClients(t *testing.T) {
	hs := host.NewHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	hs.ReadHeaderTimeout, hs.IdleTimeout = 200*time.Millisecond, 200*time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	dial := func() net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// closed waits (up to 10 s) for the server to close c, reading whatever it sends first.
	closed := func(c net.Conn, what string) {
		t.Helper()
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, err := io.Copy(io.Discard, c)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("%s: the server kept the connection", what)
		}
	}

	slow := dial()
	io.WriteString(slow, "GET / HTTP/1.1\r\nHost: x\r\n") // and never the blank line
	closed(slow, "headers never finished")

	idle := dial()
	io.WriteString(idle, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("first request: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	closed(idle, "idle keep-alive")

	big := dial()
	io.WriteString(big, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("b", 100<<10)+"\r\n\r\n")
	resp, err = http.ReadResponse(bufio.NewReader(big), nil)
	if err != nil || resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("100 KiB of headers: %v %v", resp, err)
	}
}
