package host

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestAvatarLeavesWithItsLastStream: a tab's avatar stays while its event stream is open (and
// across a reconnect within the grace), and leaves once the tab has been gone for the grace.
func TestAvatarLeavesWithItsLastStream(t *testing.T) {
	leaveGrace = 500 * time.Millisecond
	defer func() { leaveGrace = 15 * time.Second }()
	s, err := New(Options{DataDir: t.TempDir(), Engine: &gateValidator{open: make(chan struct{})}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	defer func() { s.EndStreams(); hs.Close(); s.Close() }()
	tok, a := s.sessions.open(RoleParticipant)
	if _, err := s.grid.Join(a.ID); err != nil {
		t.Fatal(err)
	}
	joined := func() bool {
		for _, av := range s.grid.Snapshot().Avatars {
			if av.Actor == a.ID {
				return true
			}
		}
		return false
	}
	stream := func() context.CancelFunc {
		ctx, cancel := context.WithCancel(context.Background())
		req := httptest.NewRequest("GET", hs.URL+"/api/world/events", nil).WithContext(ctx)
		req.RequestURI = ""
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := hs.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 64)
		if n, _ := resp.Body.Read(buf); !strings.Contains(string(buf[:n]), "event:") {
			t.Fatalf("stream began %q", buf[:n])
		}
		return func() { cancel(); resp.Body.Close() }
	}
	stop := stream()
	time.Sleep(2 * leaveGrace)
	if !joined() {
		t.Fatal("the avatar left while its stream was open")
	}
	stop()
	stop = stream() // a reload: back within the grace
	time.Sleep(2 * leaveGrace)
	if !joined() {
		t.Fatal("the avatar left across a reconnect within the grace")
	}
	stop()
	deadline := time.Now().Add(5 * time.Second)
	for joined() {
		if time.Now().After(deadline) {
			t.Fatal("the avatar of a closed tab never left")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
