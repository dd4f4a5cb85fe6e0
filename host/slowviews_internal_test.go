package host

import (
	"strings"
	"testing"
	"time"
)

// TestSlowViewBacksOff: a view that ran out of its bound waits 5 s, not a minute; each time it
// runs out again its wait doubles up to slowViewTTL; a new revision forgets it; the placeholder
// says it was slow, not wrong, and when it runs again.
func TestSlowViewBacksOff(t *testing.T) {
	var c slowViews
	var key [32]byte
	now := time.Unix(1_000_000, 0)
	if got := c.known(1, key, now); got != 0 {
		t.Fatalf("unknown view: wait %v", got)
	}
	want := []time.Duration{5 * time.Second, 10 * time.Second, 20 * time.Second, 40 * time.Second, time.Minute, time.Minute}
	for i, w := range want {
		if got := c.add(1, key, now); got != w {
			t.Fatalf("time out %d: wait %v, want %v", i+1, got, w)
		}
		if got := c.known(1, key, now.Add(w/2)); got != w/2 {
			t.Fatalf("time out %d: halfway, %v left, want %v", i+1, got, w/2)
		}
		if got := c.known(1, key, now.Add(w)); got != 0 {
			t.Fatalf("time out %d: still held after its wait (%v)", i+1, got)
		}
		now = now.Add(w)
	}
	if got := c.add(2, key, now); got != slowViewFirst {
		t.Fatalf("a new revision's first time out waits %v, want %v", got, slowViewFirst)
	}
	msg := lateSlow(5 * time.Second)
	if !strings.Contains(msg, "slow") || !strings.Contains(msg, "nothing is wrong") || !strings.Contains(msg, "in 5s") {
		t.Fatalf("placeholder reason %q", msg)
	}
}
