package dev

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is an output the command writes from several goroutines while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func TestSpinnerCountsDownAndClears(t *testing.T) {
	var buf syncBuffer
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	stop := spinner(&buf, now.Add(4*time.Minute+59*time.Second), func() time.Time { return now })
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(buf.String(), "Waiting for approval… 4:59 left") {
		if time.Now().After(deadline) {
			t.Fatalf("no countdown: %q", buf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if out := buf.String(); !strings.HasSuffix(out, "\r\x1b[K") {
		t.Fatalf("the spinner line was not cleared: %q", out)
	}
}
