package headbuf

import (
	"strings"
	"sync"
	"testing"
)

func TestKeepsTheHeadOnly(t *testing.T) {
	b := New(10)
	for _, w := range []string{"fatal", " error\nstack", "more and more"} {
		if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
			t.Fatalf("Write(%q) = %d, %v: a write must always succeed whole", w, n, err)
		}
	}
	if got := b.String(); got != "fatal erro" {
		t.Fatalf("kept %q, want the first 10 bytes", got)
	}
	if got := b.FirstLine(); got != "fatal erro" {
		t.Fatalf("first line %q", got)
	}
}

func TestFirstLine(t *testing.T) {
	b := New(100)
	b.Write([]byte("\n  panic: boom  \ngoroutine 1\n"))
	if got := b.FirstLine(); got != "panic: boom" {
		t.Fatalf("first line %q, want %q", got, "panic: boom")
	}
}

func TestConcurrentWritesStayBounded(t *testing.T) {
	b := New(1000)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				b.Write([]byte(strings.Repeat("x", 7)))
			}
		}()
	}
	wg.Wait()
	if n := len(b.String()); n != 1000 {
		t.Fatalf("kept %d bytes, want exactly the bound 1000", n)
	}
}
