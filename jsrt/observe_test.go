package jsrt

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestGuardObserver: the observer sees each guarded call with its deadline, sees it end after
// it was classified, and its overBudget stops the call as jsrt's own heap watchdog would.
func TestGuardObserver(t *testing.T) {
	type seen struct {
		what     string
		deadline time.Time
		ended    bool
	}
	var calls []*seen
	SetGuardObserver(func(what string, deadline time.Time, overBudget func()) func() {
		s := &seen{what: what, deadline: deadline}
		calls = append(calls, s)
		if what == "hoard" {
			go overBudget() // as the isolation worker's address-space poll does
		}
		return func() { s.ended = true }
	})
	defer SetGuardObserver(nil)

	r := newRuntime(t, Options{Limits: Limits{Timeout: 3 * time.Second}})
	start := time.Now()
	if err := r.RunScript(context.Background(), "quick", mustCompile(t, `1 + 1`)); err != nil {
		t.Fatal(err)
	}
	err := r.RunScript(context.Background(), "hoard", mustCompile(t, `for (;;) {}`))
	var mem *MemoryError
	if !errors.As(err, &mem) || mem.Callback != "hoard" {
		t.Fatalf("overBudget: got %v, want a MemoryError in hoard", err)
	}
	if len(calls) != 2 || calls[0].what != "quick" || calls[1].what != "hoard" || !calls[0].ended || !calls[1].ended {
		t.Fatalf("observed %+v", calls)
	}
	if d := calls[0].deadline.Sub(start); d <= 2*time.Second || d > 4*time.Second {
		t.Fatalf("deadline %s after the start, want the 3 s timeout", d)
	}
	// The runtime serves the next call: the interrupt did not outlive its call.
	if err := r.RunScript(context.Background(), "after", mustCompile(t, `2`)); err != nil {
		t.Fatal(err)
	}
}
