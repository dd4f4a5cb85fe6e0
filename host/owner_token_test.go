package host_test

import (
	"net/http/httptest"
	"testing"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/hosttest"
)

// TestLastingOwnerToken: the embedded world's link (dev's LastingOwnerToken) signs in again and
// again on a loopback host — a second tab, a reload, a link preview — and no new link is minted;
// a host whose base is not loopback keeps one-time tokens whatever the option says.
func TestLastingOwnerToken(t *testing.T) {
	for _, c := range []struct {
		name     string
		base     string // "" keeps the httptest loopback URL
		twice    bool
		newLinks int
	}{
		{"loopback", "", true, 0},
		{"public base", "https://world.example.test", false, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			tokens := make(chan string, 8)
			srv, err := host.New(host.Options{DataDir: t.TempDir(), Engine: hosttest.Engine{Checks: &hosttest.JSONValidator{}},
				LastingOwnerToken: true, OnOwnerToken: func(tok string) { tokens <- tok }})
			if err != nil {
				t.Fatal(err)
			}
			hs := httptest.NewServer(srv)
			t.Cleanup(func() { hs.Close(); srv.Close() })
			srv.SetBaseURL(hs.URL)
			if c.base != "" {
				srv.SetBaseURL(c.base)
			}
			tok := <-tokens
			if _, err := hosttest.SignIn(hs.URL, tok); err != nil {
				t.Fatalf("first sign-in: %v", err)
			}
			_, err = hosttest.SignIn(hs.URL, tok)
			if (err == nil) != c.twice {
				t.Fatalf("second sign-in with the same link: %v (want it to work: %v)", err, c.twice)
			}
			if len(tokens) != c.newLinks {
				t.Fatalf("%d new links minted, want %d", len(tokens), c.newLinks)
			}
		})
	}
}
