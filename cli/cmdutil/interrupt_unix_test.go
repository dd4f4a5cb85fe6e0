//go:build unix

package cmdutil

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// TestHoldInterrupts: a Ctrl-C during the step neither stops the process nor cuts the step
// short; it is returned once the step is done. Without one, nothing is returned.
func TestHoldInterrupts(t *testing.T) {
	if sig := HoldInterrupts(func() {}); sig != nil {
		t.Fatalf("no signal sent, got %v", sig)
	}
	seen := make(chan os.Signal, 1) // tells the step the signal was delivered
	signal.Notify(seen, os.Interrupt)
	defer signal.Stop(seen)
	finished := false
	sig := HoldInterrupts(func() {
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			t.Error(err)
			return
		}
		select {
		case <-seen:
		case <-time.After(10 * time.Second):
			t.Error("SIGINT not delivered")
		}
		finished = true
	})
	if sig != os.Interrupt || !finished {
		t.Fatalf("got %v, step finished %v; want interrupt after the step", sig, finished)
	}
}
