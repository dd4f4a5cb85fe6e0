package host_test

import (
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/internal/testtree"
)

// checkerFixture is a host whose validator and runtime are the real ones (validate, the SDK in
// goja), for uploads of hostile bundles.
func checkerFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, tokens: make(chan string, 16), dir: t.TempDir()}
	checker := engine.NewChecker()
	srv, err := host.New(host.Options{DataDir: f.dir, Engine: checker, Now: f.clock.Now, Ticker: f.clock.Ticker,
		OnOwnerToken: func(tok string) { f.tokens <- tok }})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = srv
	f.http = httptest.NewServer(srv)
	srv.SetBaseURL(f.http.URL)
	t.Cleanup(f.stop)
	return f
}

func hostileBundle(t *testing.T, file string) string {
	t.Helper()
	src, err := os.ReadFile("../testdata/hostile/" + file)
	if err != nil {
		t.Fatal(err)
	}
	dir := testtree.Write(t, map[string]string{"package.json": `{"name":"hostile"}`, "src/definition.ts": string(src)})
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		t.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return string(res.JS)
}

// The uploads: a state nested 150,000 levels (42 s, then a 500 clients retry) and the
// override of Array.prototype.push that made a reserved type, a reserved emoji and an unknown
// permission pass. Each is now a rejected revision with the reason, answered at once.
func TestHostileUploadsAreRejectedRevisions(t *testing.T) {
	f := checkerFixture(t)
	tok := f.pair(f.owner())
	base := 0
	for _, c := range []struct {
		file string
		want []string // any one of them
	}{
		// Building 150,000 nested objects is the bundle's own cost and comes near the 64 MiB
		// heap budget and the host's 2 s deadline for initial(): on some runs the heap watchdog
		// stops it before the depth rule is reached, and on a loaded machine the deadline can.
		// Each is a rejected revision with its reason, answered at once, which is what the issue
		// asked (not 42 s, then a 500 to retry).
		{"bounds-state-150000-upload.ts", []string{"must not nest deeper than 16 levels", "used more than 64 MiB of memory", "did not finish within"}},
		{"override-array-push.ts", []string{"built-ins such as Array.prototype, Object, Math and JSON are frozen"}},
		{"override-array-push-caught.ts", []string{`uses the reserved "scape." namespace`}},
	} {
		start := time.Now()
		r, st := f.upload(tok, base, hostileBundle(t, c.file))
		if st >= 500 || r.Status != "rejected" {
			t.Fatalf("%s: status %d, revision %+v", c.file, st, r)
		}
		found := false
		for _, p := range r.Problems {
			for _, w := range c.want {
				found = found || strings.Contains(p.Message, w)
			}
		}
		if !found {
			t.Errorf("%s: problems %v, want one of %q", c.file, r.Problems, c.want)
		}
		t.Logf("%s: rejected in %v", c.file, time.Since(start).Round(time.Millisecond))
		base = r.Number
	}
}
