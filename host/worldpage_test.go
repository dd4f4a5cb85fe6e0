package host_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/world"
)

// hostileView makes the lamp's view loop forever for the world's owner, the one viewer the
// validator never plays (so the build is accepted and instances can be placed): what a
// hostile author would upload.
const hostileView = "view: (state, viewer) => ({ ...(() => { if (viewer.actorId === 'owner') { for (;;) {} } return {}; })(),"

// lampBundle builds the lamp template, with its view made hostile when asked.
func lampBundle(tb testing.TB, hostile bool) []byte {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "lamp")
	if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: "lamp", SDK: kit.SDK()}); err != nil {
		tb.Fatal(err)
	}
	if hostile {
		def := filepath.Join(dir, "src", "definition.ts")
		src, _ := os.ReadFile(def)
		text := strings.Replace(string(src), "view: (state, viewer) => ({", hostileView, 1)
		if text == string(src) {
			tb.Fatal("the lamp template has no view to replace")
		}
		if err := os.WriteFile(def, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		tb.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return res.JS
}

// realWorld is a host with the production Checker, one accepted lamp build and n placed lamps.
type realWorld struct {
	srv   *host.Server
	http  *httptest.Server
	owner *hosttest.Owner
}

func newRealWorld(tb testing.TB, hostile bool, n int) *realWorld {
	tb.Helper()
	tokens := make(chan string, 64)
	c := engine.NewChecker()
	srv, err := host.New(host.Options{DataDir: tb.TempDir(), Engine: c, OnOwnerToken: func(t string) { tokens <- t }})
	if err != nil {
		tb.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	srv.SetBaseURL(hs.URL)
	tb.Cleanup(func() { hs.Close(); srv.Close() })
	o, err := hosttest.SignIn(hs.URL, <-tokens)
	if err != nil {
		tb.Fatal(err)
	}
	w := &realWorld{srv: srv, http: hs, owner: o}
	tok := w.pair(tb)
	js := lampBundle(tb, hostile)
	sum := sha256.Sum256(js)
	var rev protocol.RevisionResponse
	if st := callJSON(tb, hs.URL, "POST", "/api/dev/revisions", tok, protocol.UploadRequest{ContentSHA256: hex.EncodeToString(sum[:]), Bundle: string(js)}, &rev); st != 201 || rev.Status != "accepted" {
		tb.Fatalf("upload: %d %+v", st, rev)
	}
	// Placed directly, as the Place button does, without loading the page in between.
	for i := 0; i < n; i++ {
		if _, err := srv.Place(context.Background(), host.Owner, "example.lamp"); err != nil {
			tb.Fatalf("place %d: %v", i, err)
		}
	}
	return w
}

func (w *realWorld) pair(tb testing.TB) string {
	tb.Helper()
	var p protocol.PairingResponse
	if st := callJSON(tb, w.http.URL, "POST", "/api/dev/pairings", "", protocol.PairingRequest{Project: "lamp"}, &p); st != 200 {
		tb.Fatalf("pair: %d", st)
	}
	if err := w.srv.Approve(p.UserCode); err != nil {
		tb.Fatal(err)
	}
	// Approved before the first poll, which the host answers at once.
	var tok protocol.TokenResponse
	if st := callJSON(tb, w.http.URL, "POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &tok); st != 200 {
		tb.Fatalf("token: %d", st)
	}
	return tok.AccessToken
}

// load fetches the world page once and returns how long it took.
func (w *realWorld) load(tb testing.TB) (time.Duration, *http.Response, string) {
	tb.Helper()
	start := time.Now()
	resp, err := w.owner.Client.Get(w.http.URL + "/")
	if err != nil {
		tb.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		tb.Fatalf("GET /: %d %v", resp.StatusCode, err)
	}
	return time.Since(start), resp, string(body)
}

// BenchmarkWorldPage is GET / with 10 placed lamps, friendly or with a view that loops forever
// (scripts/world-page-bench.sh prints both). Each iteration is one page load; the first after
// placing runs every view, later ones find the loops known. Reported: ms/first-load,
// ms-median/load and ms-max/load.
func BenchmarkWorldPage(b *testing.B) {
	for _, c := range []struct {
		name    string
		hostile bool
	}{{"friendly-10", false}, {"hostile-10", true}} {
		b.Run(c.name, func(b *testing.B) {
			w := newRealWorld(b, c.hostile, 10)
			b.ResetTimer()
			lat := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				d, _, _ := w.load(b)
				lat = append(lat, d)
			}
			b.StopTimer()
			first := lat[0]
			slices.Sort(lat)
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(first), "ms/first-load")
			b.ReportMetric(ms(lat[len(lat)/2]), "ms-median/load")
			b.ReportMetric(ms(lat[len(lat)-1]), "ms-max/load")
		})
	}
}

// callJSON sends a protocol request to base and decodes the answer into out.
func callJSON(tb testing.TB, base, method, path, token string, body, out any) int {
	tb.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(answer, out); err != nil {
			tb.Fatalf("%s %s: %v: %s", method, path, err, answer)
		}
	}
	return resp.StatusCode
}

// TestWorldPageHostileLampsWithTheEngine: ten lamps whose view loops forever, in the real
// engine (validate and jsrt through the Checker). Every load of GET / shows ten placeholder
// cards and reports spending no more than the page's budget on views (its own Server-Timing);
// each load runs only loops not yet known, so within a few loads none runs at all.
func TestWorldPageHostileLampsWithTheEngine(t *testing.T) {
	w := newRealWorld(t, true, 10)
	for load := 1; ; load++ {
		_, resp, body := w.load(t)
		m := serverTimingRE.FindStringSubmatch(resp.Header.Get("Server-Timing"))
		if m == nil {
			t.Fatalf("load %d: Server-Timing %q", load, resp.Header.Get("Server-Timing"))
		}
		spent, _ := strconv.ParseFloat(m[1], 64)
		if m[2] != "10" || m[3] != "10" || strings.Count(body, `class="instance placeholder"`) != 10 {
			t.Fatalf("load %d: %s, %d placeholder cards", load, m[0], strings.Count(body, `class="instance placeholder"`))
		}
		// The handler's own account: the views' deadlines lie inside the budget, so what it
		// spent is the budget plus the engine's reaction to each interrupt (a few ms each, more
		// on a loaded machine: two view bounds of slack).
		if limit := float64((host.ViewPageBudget + 2*host.ViewBound) / time.Millisecond); spent > limit {
			t.Fatalf("load %d spent %.1f ms on views, budget %v", load, spent, host.ViewPageBudget)
		}
		t.Logf("load %d: %s", load, m[0])
		if spent < float64(host.ViewBound/time.Millisecond)/2 {
			break // no view ran to its bound: every loop is known
		}
		if load > int(host.ViewPageBudget/host.ViewBound)+2 {
			t.Fatalf("load %d still ran looping views", load)
		}
	}
}

// TestCheckerLoadKeepsTheValidatedProject: Load's project is the one its validation built: its
// calls never open a build (they would be ErrNotReady), so the first view after Load answers
// at once; a participant's editor action is refused by the registry with 403.
func TestCheckerLoadKeepsTheValidatedProject(t *testing.T) {
	c := engine.NewChecker()
	t.Cleanup(c.Close)
	js := lampBundle(t, false)
	ctx, stop := context.WithTimeout(context.Background(), 20*time.Second)
	defer stop()
	verdict, proj, err := c.Load(ctx, js, nil)
	if err != nil || proj == nil {
		t.Fatalf("load: %v %v", err, verdict.Problems)
	}
	in := world.Instance{ID: "obj-1", Type: "example.lamp", Version: 1, State: json.RawMessage(`{"on":true,"color":"warm"}`)}
	vctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	view, err := proj.View(vctx, in, world.Access{ActorID: "owner", CanEdit: true})
	if err != nil || !strings.Contains(string(view), `"label":"Turn off"`) {
		t.Fatalf("view right after Load: %s %v", view, err)
	}
	out, err := proj.Act(vctx, in, engine.Action{Name: "toggle", Payload: json.RawMessage(`{}`)}, world.Access{ActorID: "p-1"})
	if err != nil || !strings.Contains(string(out.State), `"on":false`) {
		t.Fatalf("participant toggle: %s %v", out.State, err)
	}
	_, err = proj.Act(vctx, in, engine.Action{Name: "color", Payload: json.RawMessage(`{"color":"cool"}`)}, world.Access{ActorID: "p-1"})
	var ref *world.Error
	if !errors.As(err, &ref) || ref.Status != 403 {
		t.Fatalf("participant's editor action: %v, want a 403 refusal", err)
	}
}
