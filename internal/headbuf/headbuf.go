// Package headbuf keeps the head of a child process's stderr. A dying process says why in its
// first lines (the Go runtime's fatal error, Node's thrown error); what follows can be megabytes
// (a goroutine dump, a stack), and a child that never stops writing must not grow its parent.
package headbuf

import (
	"strings"
	"sync"
)

// Buffer keeps the first Max bytes written to it and drops the rest, saying nothing: a write
// always succeeds, so the child is never blocked or killed by a full pipe. Safe for concurrent
// use (os/exec copies stderr on its own goroutine).
type Buffer struct {
	Max int

	mu  sync.Mutex
	buf []byte
}

// New returns a Buffer that keeps the first max bytes.
func New(max int) *Buffer { return &Buffer{Max: max} }

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := b.Max - len(b.buf); room > 0 {
		b.buf = append(b.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// String is what was kept.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

// FirstLine is the first non-blank line kept, trimmed.
func (b *Buffer) FirstLine() string {
	s := strings.TrimSpace(b.String())
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}
