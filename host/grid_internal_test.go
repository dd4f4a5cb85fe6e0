package host

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeNow is a host clock the test moves.
type fakeNow struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeNow) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *fakeNow) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// TestAvatarLeavesWithItsLastStream: a tab's avatar stays while its event stream is open (however
// long), across a reconnect within the grace, and leaves once the tab has been gone for the grace;
// a stream opened later brings it back. The host's clock is the test's: no sleeping.
func TestAvatarLeavesWithItsLastStream(t *testing.T) {
	clock := &fakeNow{t: time.Now()}
	s, err := New(Options{DataDir: t.TempDir(), Engine: &gateValidator{open: make(chan struct{})}, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	defer func() { s.EndStreams(); hs.Close(); s.Close() }()
	tok, a, err := s.sessions.open(context.Background(), RoleParticipant, tabOrigin{invite: "inv-test"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.enter(a); err != nil {
		t.Fatal(err)
	}
	joined := func() bool { return s.grid.HasAvatar(a.ID) }
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
		return func() {
			cancel()
			resp.Body.Close()
			for s.events.count() > 0 { // the handler has seen the stream end
				time.Sleep(5 * time.Millisecond)
			}
		}
	}
	later := func(d time.Duration) { clock.Add(d); s.Tick() }
	stop := stream()
	later(10 * leaveGrace)
	if !joined() {
		t.Fatal("the avatar left while its stream was open")
	}
	stop()
	later(leaveGrace / 2)
	stop = stream() // a reload: back within the grace
	later(10 * leaveGrace)
	if !joined() {
		t.Fatal("the avatar left across a reconnect within the grace")
	}
	stop()
	later(leaveGrace / 2)
	if !joined() {
		t.Fatal("the avatar left before its grace was over")
	}
	later(leaveGrace)
	if joined() {
		t.Fatal("the avatar of a closed tab stayed past its grace")
	}
	stop = stream() // the tab comes back: its session is still valid, its avatar returns
	defer stop()
	if !joined() {
		t.Fatal("a tab that came back after the grace has no avatar")
	}
}
