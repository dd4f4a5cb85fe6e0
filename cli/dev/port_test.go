package dev

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func portOf(ln net.Listener) int { return ln.Addr().(*net.TCPAddr).Port }

// TestProjectKeepsItsPort (issue 22 item 6): the first run takes a free loopback port and
// remembers it under .scape; the next run gets the same one; a port taken meanwhile is not
// used, another is and is remembered.
func TestProjectKeepsItsPort(t *testing.T) {
	data := t.TempDir()
	first, err := listenLoopback(data)
	if err != nil {
		t.Fatal(err)
	}
	port := portOf(first)
	if got := rememberedPort(data); got != port {
		t.Fatalf("remembered %d, want %d", got, port)
	}
	first.Close()
	again, err := listenLoopback(data)
	if err != nil {
		t.Fatal(err)
	}
	if portOf(again) != port {
		t.Fatalf("the next run got port %d, want its own %d", portOf(again), port)
	}
	// Still listening: the port is taken for the run after.
	other, err := listenLoopback(data)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	again.Close()
	if portOf(other) == port || rememberedPort(data) != portOf(other) {
		t.Fatalf("with %d taken: got %d, remembered %d", port, portOf(other), rememberedPort(data))
	}
}

// TestPlantedPortFileIsData: .scape/port is in a cloned, untrusted project. A bad number, a
// privileged or out-of-range port, an oversized file, a link (to a file elsewhere, whose
// content is a port) or a directory is ignored: dev listens on a free loopback port, and never
// writes through the link.
func TestPlantedPortFileIsData(t *testing.T) {
	elsewhere := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(elsewhere, []byte("4321\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(path string) error{
		"words":      func(p string) error { return os.WriteFile(p, []byte("http://evil.example:80\n"), 0o644) },
		"privileged": func(p string) error { return os.WriteFile(p, []byte("80"), 0o644) },
		"too large":  func(p string) error { return os.WriteFile(p, []byte("70000"), 0o644) },
		"negative":   func(p string) error { return os.WriteFile(p, []byte("-5"), 0o644) },
		"oversized":  func(p string) error { return os.WriteFile(p, []byte(strings.Repeat("1", 1<<20)), 0o644) },
		"link":       func(p string) error { return os.Symlink(elsewhere, p) },
		"directory":  func(p string) error { return os.Mkdir(p, 0o755) },
	}
	for name, plant := range cases {
		t.Run(name, func(t *testing.T) {
			data := t.TempDir()
			path := filepath.Join(data, portFile)
			if err := plant(path); err != nil {
				t.Skip(err) // no symbolic links here
			}
			if got := rememberedPort(data); got != 0 {
				t.Fatalf("read %d from a planted %s", got, name)
			}
			ln, err := listenLoopback(data)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			if host, _, _ := net.SplitHostPort(ln.Addr().String()); host != "127.0.0.1" {
				t.Fatalf("listening on %s", ln.Addr())
			}
			if b, _ := os.ReadFile(elsewhere); string(b) != "4321\n" {
				t.Fatalf("the link's target was written: %q", b)
			}
			if name == "link" {
				if info, err := os.Lstat(path); err != nil || info.Mode()&os.ModeSymlink == 0 {
					// atomicfile's rename replaced the link at the name: fine, the target is intact.
					if got := rememberedPort(data); got != portOf(ln) {
						t.Fatalf("after replacing the link, remembered %d, want %d", got, portOf(ln))
					}
				}
			}
		})
	}
}
