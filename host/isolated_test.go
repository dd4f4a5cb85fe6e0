package host_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/world"
)

// isolatedHost is a host whose Engine is the production Checker: author code in
// worker processes (this test binary, re-executed; see main_test.go).
type isolatedHost struct {
	t      *testing.T
	srv    *host.Server
	http   *httptest.Server
	tokens chan string
	check  *engine.Checker
	live   atomic.Int32 // requests that ran the active build (place, view, act)
	mu     sync.Mutex
	starts []time.Time // when each of them started
}

// liveSince counts the requests into the active build started at or after t.
func (h *isolatedHost) liveSince(t time.Time) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.starts {
		if !s.Before(t) {
			n++
		}
	}
	return n
}

func newIsolatedHost(t *testing.T, v engine.Engine) *isolatedHost {
	t.Helper()
	if !isolate.Available() {
		t.Skip("isolation is off (SCAPE_ISOLATE=0)")
	}
	h := &isolatedHost{t: t, tokens: make(chan string, 64)}
	h.check = engine.NewCheckerWith(engine.CheckerConfig{Checks: 2, Live: 1, OnRequest: func(s isolate.Stats) {
		if s.Op == "live" {
			h.live.Add(1)
			h.mu.Lock()
			h.starts = append(h.starts, s.Started)
			h.mu.Unlock()
		}
	}})
	t.Cleanup(h.check.Close)
	if v == nil {
		v = h.check
	}
	srv, err := host.New(host.Options{DataDir: t.TempDir(), Engine: v,
		OnOwnerToken: func(tok string) { h.tokens <- tok }})
	if err != nil {
		t.Fatal(err)
	}
	h.srv = srv
	h.http = httptest.NewServer(srv)
	srv.SetBaseURL(h.http.URL)
	t.Cleanup(func() { h.http.Close(); srv.Close() })
	return h
}

func (h *isolatedHost) call(method, path, token string, body, out any) int {
	h.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, h.http.URL+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// pair approves a pairing directly (as the embedded host does) and returns the session token.
func (h *isolatedHost) pair() string {
	h.t.Helper()
	var p protocol.PairingResponse
	if st := h.call("POST", "/api/dev/pairings", "", protocol.PairingRequest{Project: "hostile"}, &p); st != 200 {
		h.t.Fatalf("pair: %d", st)
	}
	if err := h.srv.Approve(p.UserCode); err != nil {
		h.t.Fatal(err)
	}
	var tok protocol.TokenResponse
	if st := h.call("POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &tok); st != 200 {
		h.t.Fatalf("token: %d", st)
	}
	return tok.AccessToken
}

func (h *isolatedHost) upload(token, js string) (protocol.RevisionResponse, int) {
	sum := sha256.Sum256([]byte(js))
	var r protocol.RevisionResponse
	st := h.call("POST", "/api/dev/revisions", token, protocol.UploadRequest{ContentSHA256: hex.EncodeToString(sum[:]), Bundle: js}, &r)
	return r, st
}

func (h *isolatedHost) owner() *hosttest.Owner {
	h.t.Helper()
	var tok string
	for len(h.tokens) > 0 {
		tok = <-h.tokens
	}
	o, err := hosttest.SignIn(h.http.URL, tok)
	if err != nil {
		h.t.Fatal(err)
	}
	return o
}

// gizmoJS is a bundle in esbuild's shape: top is top-level code, initial and view the
// callbacks' bodies.
func gizmoJS(label, top, initial, view string) string {
	if initial == "" {
		initial = "return { on: false };"
	}
	if view == "" {
		view = `return { title: "` + label + `", description: "", controls: [{ id: "t", icon: "toggle", label: "Toggle", pressed: s.on, action: { name: "toggle", payload: {} } }] };`
	}
	return `var __scapeGizmo = (() => {
  var sdk = require("@scape/sdk");
  ` + top + `
  var gizmo = sdk.defineObject({
    type: "t.lamp", version: 1, emoji: "🦔", label: "` + label + `", hint: "a lamp",
    initial: () => { ` + initial + ` },
    valid: (s) => sdk.record(s) && sdk.exactKeys(s, ["on"]) && typeof s.on === "boolean",
    actions: { toggle: { permission: "participant", run: (s) => ({ on: !s.on }) } },
    view: (s) => { ` + view + ` },
  });
  return { default: gizmo };
})();
`
}

// TestHostileUploadsAreRefusals: a bundle that passes a worker's hard limit is a rejected
// revision (201, code memory or timeout, "this host's limit"), never a 500 a client would retry;
// the worker is replaced and the next upload is judged as usual.
func TestHostileUploadsAreRefusals(t *testing.T) {
	h := newIsolatedHost(t, nil)
	tok := h.pair()
	for _, c := range []struct {
		name, js string
		code     diag.Code
		want     string
	}{
		{"2 GiB string", gizmoJS("Repeat", `var s = "x".repeat(2 ** 31 - 1);`, "", ""), diag.CodeMemory, "this host's limit"},
		{"native regex", gizmoJS("Regex", "", `return { on: /^(a+)+(?=c)\1$/.test("a".repeat(34) + "b") };`, ""), diag.CodeTimeout, "cannot be interrupted"},
	} {
		r, st := h.upload(tok, c.js)
		if st != 201 || r.Status != "rejected" || len(r.Problems) == 0 || r.Problems[0].Code != c.code || !strings.Contains(r.Problems[0].Message, c.want) {
			t.Fatalf("%s: %d %s %v", c.name, st, r.Status, r.Problems)
		}
	}
	if r, st := h.upload(tok, gizmoJS("Lamp", "", "", "")); st != 201 || r.Status != "accepted" {
		t.Fatalf("a valid upload after the breaches: %d %s %v", st, r.Status, r.Problems)
	}
}

// signalling is an Engine that says when a check started, then runs the real one.
type signalling struct {
	engine.Engine
	started chan struct{}
	once    sync.Once
}

func (s *signalling) Load(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, engine.Project, error) {
	s.once.Do(func() { close(s.started) })
	return s.Engine.Load(ctx, js, placed)
}

// TestWorldLockFreeWhileValidating: while an upload's author code runs (an endless loop, for
// the 2 s of its deadline), the world page and everything that takes the world lock answer.
func TestWorldLockFreeWhileValidating(t *testing.T) {
	sig := &signalling{started: make(chan struct{})}
	h := newIsolatedHost(t, sig)
	sig.Engine = h.check
	tok := h.pair()
	o := h.owner()
	done := make(chan protocol.RevisionResponse, 1)
	go func() {
		r, _ := h.upload(tok, gizmoJS("Loop", "for (;;);", "", ""))
		done <- r
	}()
	<-sig.started
	// Removing an instance takes the world lock (an unknown one is still a full round trip).
	csrf, err := o.CSRF("/")
	if err != nil {
		t.Fatal(err)
	}
	if st, _, err := o.Post("/instances/obj-none/remove", map[string][]string{"csrf": {csrf}}); err != nil || st != 200 {
		t.Fatalf("remove: %d %v", st, err)
	}
	if st, _, err := o.Get("/"); err != nil || st != 200 {
		t.Fatalf("world page: %d %v", st, err)
	}
	select {
	case r := <-done:
		t.Fatalf("the upload finished (%s) before the world answered: the lock was held while author code ran", r.Status)
	default:
	}
	if r := <-done; r.Status != "rejected" || r.Problems[0].Code != diag.CodeTimeout {
		t.Fatalf("the endless loop: %s %v", r.Status, r.Problems)
	}
}

// TestConcurrentUploadsIsolated: 20 clients upload 20 builds each at once through the worker
// pools: every upload gets a verdict (no 500), every revision number is used once, and the last
// one stored is active.
func TestConcurrentUploadsIsolated(t *testing.T) {
	if testing.Short() {
		t.Skip("400 validations in worker processes")
	}
	h := newIsolatedHost(t, nil)
	tok := h.pair()
	const clients, uploads = 20, 20
	var mu sync.Mutex
	seen := map[int]bool{}
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range uploads {
				r, st := h.upload(tok, gizmoJS(fmt.Sprintf("Lamp %d-%d", c, u), "", "", ""))
				if st != 201 || r.Status != "accepted" {
					t.Errorf("client %d upload %d: %d %s %v", c, u, st, r.Status, r.Problems)
					return
				}
				mu.Lock()
				if seen[r.Number] {
					t.Errorf("revision %d given twice", r.Number)
				}
				seen[r.Number] = true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != clients*uploads {
		t.Fatalf("%d revisions for %d uploads", len(seen), clients*uploads)
	}
	active, ok, err := h.srv.ActiveRevision(context.Background())
	if err != nil || !ok || active.Number != clients*uploads {
		t.Fatalf("active revision %d (%v %v), want %d", active.Number, ok, err, clients*uploads)
	}
}

// TestWorldPageWithHostileInstances: instances whose view runs away (an endless loop) are placed
// in the isolated engine; the world page answers within its budget with their placeholders,
// and on its next load does not run those views again.
func TestWorldPageWithHostileInstances(t *testing.T) {
	h := newIsolatedHost(t, nil)
	tok := h.pair()
	js := gizmoJS("Spinner", "", "", `if (s.on) { for (;;); } return { title: "Spinner", description: "", controls: [] };`)
	if r, st := h.upload(tok, js); st != 201 || r.Status != "accepted" {
		t.Fatalf("upload: %d %s %v", st, r.Status, r.Problems)
	}
	ctx := context.Background()
	for range 3 {
		if _, err := h.srv.Place(ctx, host.Owner, "t.lamp"); err != nil {
			t.Fatal(err)
		}
	}
	// Turn them on: the views now loop.
	placed, _ := h.srv.Instances(ctx)
	for _, in := range placed {
		if _, err := h.srv.Act(ctx, host.Owner, in.ID, engine.Action{Name: "toggle", Payload: json.RawMessage(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	o := h.owner()
	st, body, err := o.Get("/")
	const card = `class="instance placeholder"`
	if err != nil || st != 200 || strings.Count(body, card) != 3 {
		t.Fatalf("first load: %d %v, %d placeholders shown:\n%s", st, err, strings.Count(body, card), body)
	}
	// Second load: the failures are remembered and no view runs again (each would cost its
	// deadline); counted on the workers' requests started during the load (a view cut off by
	// its bound may finish in its worker later), not on the clock.
	before := time.Now()
	if st, body, err := o.Get("/"); err != nil || st != 200 || strings.Count(body, card) != 3 {
		t.Fatalf("second load: %d %v", st, err)
	}
	if n := h.liveSince(before); n != 0 {
		t.Fatalf("the second load ran %d views again", n)
	}
}

// TestWorldPageViewStuckInANativeBuiltIn: a view that backtracks catastrophically in a regular
// expression (a native call no interrupt stops) ends its worker only after the grace; the page
// does not wait for that. Its own account of the time spent on views (Server-Timing) stays
// within the page's budget plus slack, where waiting for the worker's kill would add the whole
// 500 ms grace.
func TestWorldPageViewStuckInANativeBuiltIn(t *testing.T) {
	h := newIsolatedHost(t, nil)
	tok := h.pair()
	js := gizmoJS("Backtracker", "", "", `if (s.on && /^(a+)+(?=c)\1$/.test("a".repeat(34) + "b")) return { title: "never", description: "", controls: [] };
    return { title: "Backtracker", description: "", controls: [] };`)
	if r, st := h.upload(tok, js); st != 201 || r.Status != "accepted" {
		t.Fatalf("upload: %d %s %v", st, r.Status, r.Problems)
	}
	ctx := context.Background()
	if _, err := h.srv.Place(ctx, host.Owner, "t.lamp"); err != nil {
		t.Fatal(err)
	}
	o := h.owner() // signing in loads the page once, with the view still harmless
	placed, _ := h.srv.Instances(ctx)
	if _, err := h.srv.Act(ctx, host.Owner, placed[0].ID, engine.Action{Name: "toggle", Payload: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	resp, err := o.Client.Get(h.http.URL + "/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /: %v %v", resp, err)
	}
	resp.Body.Close()
	m := serverTimingRE.FindStringSubmatch(resp.Header.Get("Server-Timing"))
	if m == nil || m[3] != "1" {
		t.Fatalf("Server-Timing %q: want one placeholder", resp.Header.Get("Server-Timing"))
	}
	spent, _ := strconv.ParseFloat(m[1], 64)
	if limit := float64((host.ViewBound + 2*host.ViewBound) / time.Millisecond); spent > limit {
		t.Fatalf("the page spent %.1f ms on a view stuck in a native built-in, want at most %.0f (its bound and slack, not the worker's grace)", spent, limit)
	}
}
