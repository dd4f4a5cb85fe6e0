package dev_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/dev"
	"github.com/scapeworld/scape/host/hosttest"
)

// TestDisconnectOffersToPairAgain: on a terminal, a session ended by the owner's Disconnect
// asks "Pair again?"; yes pairs again and the loop goes on, and no (here: end of input) stops
// the command with an error saying how to pair.
func TestDisconnectOffersToPairAgain(t *testing.T) {
	dir := scaffoldLamp(t)
	var errOut dev.SyncBuffer
	p := runInProcessIO(t, dir, &cmdutil.IOStreams{In: strings.NewReader("y\n"), ErrOut: &errOut, ErrTTY: true, NoColor: true})
	world := p.next(t, "world")
	p.next(t, "accepted")
	u, _ := url.Parse(world.Link)
	owner, err := hosttest.SignIn(u.Scheme+"://"+u.Host, u.Query().Get("token"))
	if err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(dir, "src", "definition.ts")
	src, _ := os.ReadFile(def)
	save := func(label string) {
		text := strings.Replace(string(src), "label: 'Lamp", "label: '"+label, 1)
		if err := os.WriteFile(def, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	if err := owner.Disconnect(); err != nil {
		t.Fatal(err)
	}
	save("Desk ")
	if ev := p.next(t, "session_expired"); !strings.Contains(ev.Time, "disconnected") {
		t.Fatalf("session end: %s", ev.Time)
	}
	p.next(t, "paired")
	if ev := p.next(t, "accepted"); ev.Revision != 2 {
		t.Fatalf("after pairing again: revision %d", ev.Revision)
	}
	if !strings.Contains(errOut.String(), "Pair again? [Y/n]") {
		t.Fatalf("no prompt on the terminal:\n%s", errOut.String())
	}

	if err := owner.Disconnect(); err != nil {
		t.Fatal(err)
	}
	save("Floor ")
	p.next(t, "session_expired")
	select {
	case err := <-p.done:
		p.done <- err // for the cleanup
		if err == nil || !strings.Contains(err.Error(), "run scape gizmo dev again to pair") {
			t.Fatalf("after declining: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the command did not stop after the owner disconnected it twice")
	}
}
