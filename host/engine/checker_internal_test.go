package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/isolate"
	wm "github.com/scapeworld/scape/world"
)

// TestCheckerSurvivesAPanickingOpen: opening a build runs on a goroutine of its own, where a
// panic (a bug in a check, a hostile input no check expected) would end the host; it becomes
// the build's error instead, and the host goes on.
func TestCheckerSurvivesAPanickingOpen(t *testing.T) {
	c := NewChecker()
	c.opener = func(context.Context, []byte, isolate.Options) error {
		panic("index out of range")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c.reopen([]byte("x")) // the live worker lost the build: it is opened again
	p := &checkerProject{c: c, js: []byte("x")}
	_, err := p.View(ctx, wm.Instance{ID: "obj-1"}, wm.Access{ActorID: "owner"})
	if err == nil || !strings.Contains(err.Error(), "index out of range") {
		t.Fatalf("view of a build whose opening panicked: %v", err)
	}
}
