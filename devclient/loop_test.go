package devclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scapeworld/scape/devclient/watch"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/protocol"
)

// fileBuilder "builds" by reading bundle.json: its bytes are the bundle (the host side runs
// hosttest.JSONValidator). Text that is not JSON is a build error.
type fileBuilder struct{ dir string }

func (b fileBuilder) Rebuild(ctx context.Context) Build {
	path := filepath.Join(b.dir, "bundle.json")
	js, err := os.ReadFile(path)
	out := Build{JS: js, Inputs: []string{path}}
	if err != nil || !json.Valid(js) {
		out.Diagnostics = diag.List{{Code: diag.CodeSyntax, File: "bundle.json", Message: "not JSON"}}
	}
	return out
}

type env struct {
	t      *testing.T
	dir    string
	srv    *host.Server
	http   *httptest.Server
	owner  *hosttest.Owner
	client *Client
	events chan Event
	val    *hosttest.JSONValidator
	// fail makes the next n upload requests fail before they reach the host.
	fail atomic.Int32
	// only503 makes every injected fault a 503 (the host never sees the request).
	only503 atomic.Bool
	// offset moves the host's clock forward (session expiry).
	offset atomic.Int64
	// hang makes the next n upload requests hang, as a stuck host does: never answered until
	// the client gives up. Each hung request is announced on hung and, once the client
	// cancelled it, on abandoned.
	hang      atomic.Int32
	hung      chan struct{}
	abandoned chan struct{}
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, dir: t.TempDir(), events: make(chan Event, 1000), val: &hosttest.JSONValidator{},
		hung: make(chan struct{}, 16), abandoned: make(chan struct{}, 16)}
	tokens := make(chan string, 8)
	now := func() time.Time { return time.Now().Add(time.Duration(e.offset.Load())) }
	srv, err := host.New(host.Options{DataDir: t.TempDir(), Engine: hosttest.Engine{Checks: e.val}, Now: now, OnOwnerToken: func(s string) { tokens <- s }})
	if err != nil {
		t.Fatal(err)
	}
	e.srv = srv
	e.http = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/dev/revisions" && e.hang.Add(-1) >= 0 {
			io.Copy(io.Discard, r.Body) // read the whole upload, as a host does, then hang
			e.hung <- struct{}{}
			<-r.Context().Done() // the host never answers; only the client can end this
			e.abandoned <- struct{}{}
			return
		}
		if r.URL.Path == "/api/dev/revisions" && e.fail.Load() > 0 {
			e.fail.Add(-1)
			// Half the faults are a 503, half a dropped connection after the host did the work.
			if e.only503.Load() || e.fail.Load()%2 == 0 {
				http.Error(w, "overloaded", http.StatusServiceUnavailable)
				return
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, r)
			hj, _ := w.(http.Hijacker)
			conn, _, _ := hj.Hijack()
			conn.Close()
			return
		}
		srv.ServeHTTP(w, r)
	}))
	srv.SetBaseURL(e.http.URL)
	t.Cleanup(func() { e.http.Close(); srv.Close() })
	e.owner, err = hosttest.SignIn(e.http.URL, <-tokens)
	if err != nil {
		t.Fatal(err)
	}
	e.client, err = NewClient(e.http.URL)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) pair() *Session {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := e.client.StartPairing(ctx, "lamp")
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.owner.Approve(p.UserCode); err != nil {
		e.t.Fatal(err)
	}
	s, err := e.client.WaitForApproval(ctx, p)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

func (e *env) write(content string) {
	e.t.Helper()
	path := filepath.Join(e.dir, "bundle.json")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(content), 0o644); err != nil {
		e.t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil { // an atomic save, as editors do
		e.t.Fatal(err)
	}
}

// start runs the loop until the test ends; it returns the loop's result channel.
func (e *env) start(s *Session) (context.CancelFunc, chan error) { return e.startWith(s, nil) }

// startWith is start with the loop adjusted by set first.
func (e *env) startWith(s *Session, set func(*Loop)) (context.CancelFunc, chan error) {
	w, err := watch.New(e.dir)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &Loop{Dir: e.dir, Builder: fileBuilder{e.dir}, Upload: e.client, Session: s, Watcher: w,
		Emit: func(ev Event) { e.events <- ev }, Backoff: 10 * time.Millisecond}
	if set != nil {
		set(l)
	}
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx); w.Close() }()
	e.t.Cleanup(func() { cancel(); <-done })
	return cancel, done
}

// until waits for an event of one of the kinds and returns it.
func (e *env) until(kinds ...Kind) Event {
	e.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev := <-e.events:
			for _, k := range kinds {
				if ev.Kind == k {
					return ev
				}
			}
		case <-deadline:
			e.t.Fatalf("no %v event within 10 s", kinds)
		}
	}
}

func defs(label string) string {
	return fmt.Sprintf(`{"definitions":[{"type":"example.lamp","version":1,"emoji":"🏮","label":%q}],"problems":[]}`, label)
}

func TestLoopUploadsEachSave(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	e.start(s)
	ev := e.until(EventAccepted)
	if ev.Revision != 1 || ev.LatencyMS == nil || ev.Size == 0 {
		t.Fatalf("first build: %+v", ev)
	}
	e.write(defs("Lamp 2"))
	if ev := e.until(EventAccepted); ev.Revision != 2 {
		t.Fatalf("after edit: %+v", ev)
	}
	// A definition the host refuses: rejected with the field named, revision 2 stays active.
	e.write(`{"definitions":[],"problems":[{"code":"rule","definition":{"type":"example.lamp"},"path":"label","got":"\"\"","message":"must not be empty"}]}`)
	ev = e.until(EventRejected, EventAccepted)
	if ev.Kind != EventRejected || ev.Revision != 3 || ev.Active != 2 || len(ev.Errors) != 1 || ev.Errors[0].Path != "label" {
		t.Fatalf("rejection: %+v", ev)
	}
	// A build error is reported and nothing is sent.
	e.write(`{not json`)
	if ev := e.until(EventBuildFailed); ev.Stage != "build" {
		t.Fatalf("build failure: %+v", ev)
	}
	e.write(defs("Lamp 3"))
	if ev := e.until(EventAccepted); ev.Revision != 4 {
		t.Fatalf("after fixing: %+v", ev)
	}
}

func TestLoopBurstEndsWithLastState(t *testing.T) {
	e := newEnv(t)
	e.write(defs("v0"))
	s := e.pair()
	e.start(s)
	e.until(EventAccepted)
	// 100 saves in one second.
	last := ""
	for i := 1; i <= 100; i++ {
		last = defs(fmt.Sprintf("v%d", i))
		e.write(last)
		time.Sleep(10 * time.Millisecond) // the burst's pacing, not a wait for a result
	}
	want := protocol.ContentHash([]byte(last))
	for {
		ev := e.until(EventAccepted, EventRejected, EventUnchanged)
		if ev.Kind == EventRejected {
			t.Fatalf("rejected during burst: %+v", ev)
		}
		if ev.SHA256 == want {
			break
		}
	}
	rev, err := e.client.Status(context.Background(), s)
	if err != nil || rev == nil || rev.SHA256 != want {
		t.Fatalf("active revision is not the last save: %+v %v", rev, err)
	}
	if rev.Number > 10 {
		t.Errorf("100 saves in 1 s made %d revisions: debouncing did not batch them", rev.Number)
	}
}

func TestLoopRetriesWithoutDuplicates(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	e.fail.Store(4) // 503, dropped after the host stored it, 503, dropped
	e.start(s)
	ev := e.until(EventAccepted)
	if ev.Revision != 1 {
		t.Fatalf("after retries: %+v (the dropped answers must not make new revisions)", ev)
	}
	if n := e.val.Calls.Load(); n != 1 {
		t.Fatalf("host validated %d times for one bundle", n)
	}
}

// TestLoopDropsStaleBuild: while the host fails, a newer save arrives; the older build is
// abandoned and never sent after it.
func TestLoopDropsStaleBuild(t *testing.T) {
	e := newEnv(t)
	e.write(defs("v1"))
	s := e.pair()
	e.only503.Store(true)
	e.fail.Store(1 << 20)
	e.start(s)
	e.until(EventRetrying)
	e.write(defs("v2"))
	e.until(EventBuildStarted)
	e.fail.Store(0)
	stale, fresh := protocol.ContentHash([]byte(defs("v1"))), protocol.ContentHash([]byte(defs("v2")))
	for {
		ev := e.until(EventUploaded, EventAccepted)
		if ev.SHA256 == stale {
			t.Fatalf("the stale build was sent: %+v", ev)
		}
		if ev.Kind == EventAccepted && ev.SHA256 == fresh {
			break
		}
	}
	if n := e.val.Calls.Load(); n != 1 {
		t.Fatalf("host validated %d bundles, want only the newest", n)
	}
}

func TestLoopSessionEnds(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	_, done := e.start(s)
	e.until(EventAccepted)
	if err := e.owner.Disconnect(); err != nil {
		t.Fatal(err)
	}
	e.write(defs("Lamp 2"))
	ev := e.until(EventSessionExpired)
	if ev.Reason != "session_revoked" || !strings.Contains(ev.Message, "disconnected") {
		t.Fatalf("session end: %+v", ev)
	}
	select {
	case err := <-done:
		if _, ok := err.(*SessionEnded); !ok {
			t.Fatalf("loop ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("loop did not stop when the session ended")
	}
	done <- nil // for the cleanup
}

func TestLoopSessionExpires(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	e.start(s)
	e.until(EventAccepted)
	e.offset.Store(int64(2*time.Hour + time.Second))
	e.write(defs("Lamp 2"))
	ev := e.until(EventSessionExpired, EventAccepted)
	if ev.Kind != EventSessionExpired || ev.Reason != "session_expired" || !strings.Contains(ev.Message, "expired") {
		t.Fatalf("after two hours: %+v", ev)
	}
}

func TestTokenNeverShown(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	if s.token == "" {
		t.Fatal("no token")
	}
	var mu sync.Mutex
	var seen []string
	record := func(v any) {
		b, _ := json.Marshal(v)
		mu.Lock()
		seen = append(seen, string(b), fmt.Sprintf("%v %+v %#v", v, v, v))
		mu.Unlock()
	}
	record(s)
	record(*s)
	e.start(s)
	record(e.until(EventAccepted))
	e.client.Revoke(context.Background(), s)
	e.write(defs("Lamp 2"))
	ev := e.until(EventSessionExpired)
	record(ev)
	_, err := e.client.Upload(context.Background(), s, 0, []byte("{}"))
	record(err.Error())
	for _, text := range seen {
		if strings.Contains(text, s.token) {
			t.Fatalf("token leaked into %s", text)
		}
	}
}

func TestCheckOrigin(t *testing.T) {
	for _, ok := range []string{"https://scape.example", "http://127.0.0.1:7070", "http://localhost:1", "http://[::1]:8080/", "https://h.example/base/"} {
		if _, err := CheckOrigin(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://scape.example", "http://192.168.1.4:7070", "ftp://x", "scape.example", "https://user:pw@h.example"} {
		_, err := CheckOrigin(bad)
		if err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	_, err := CheckOrigin("http://scape.example")
	if !strings.Contains(err.Error(), "plain HTTP") || !strings.Contains(err.Error(), "https://scape.example") {
		t.Errorf("explanation: %v", err)
	}
}

// TestUploadOverTheBodyLimit: a request over the host's body limit is reported with the host's
// sentence naming the limit, not as a transport error or a JSON parse error, and not retried.
func TestUploadOverTheBodyLimit(t *testing.T) {
	e := newEnv(t)
	s := e.pair()
	big := `{"definitions":[],"problems":[],"pad":"` + strings.Repeat("p", 9<<20) + `"}`
	_, err := e.client.Upload(context.Background(), s, 0, []byte(big))
	var pe *ProtocolError
	want := "the request body is over the host's 8 MiB limit (8,388,608 bytes)"
	if !errors.As(err, &pe) || pe.Status != http.StatusRequestEntityTooLarge || err.Error() != want || IsRetryable(err) {
		t.Fatalf("upload of 9 MiB: %T %v, want %q", err, err, want)
	}
	// The loop says the same, once: upload_failed, no retry.
	e.write(big)
	e.start(s)
	ev := e.until(EventUploadFailed, EventRetrying, EventAccepted, EventRejected)
	if ev.Kind != EventUploadFailed || ev.Message != want {
		t.Fatalf("loop: %+v", ev)
	}
}

// TestProxyTooLargeSaysSo: a proxy's HTML 413 still becomes a sentence about the body's size.
func TestProxyTooLargeSaysSo(t *testing.T) {
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		fmt.Fprint(w, "<html><body><h1>413 Request Entity Too Large</h1></body></html>")
	}))
	defer proxy.Close()
	c, err := NewClient(proxy.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Upload(context.Background(), &Session{token: "sgs_test"}, 0, []byte(strings.Repeat("x", 2<<20)))
	var pe *ProtocolError
	if !errors.As(err, &pe) || pe.Code != "request_too_large" || !strings.Contains(err.Error(), "refused the request body of 2.00 MiB as too large (413 Request Entity Too Large)") {
		t.Fatalf("%v", err)
	}
}

// TestLoopNewerSaveCancelsStuckUpload: the host never answers an upload; a newer save cancels it
// at once (no waiting for the client's 60 s timeout), says it was superseded — not an error,
// not a retry — and the newest build is uploaded and accepted right away.
func TestLoopNewerSaveCancelsStuckUpload(t *testing.T) {
	e := newEnv(t)
	e.write(defs("v1"))
	s := e.pair()
	e.hang.Store(1)
	e.start(s)
	select {
	case <-e.hung:
	case <-time.After(10 * time.Second):
		t.Fatal("the first upload never reached the host")
	}
	e.write(defs("v2"))
	stale, fresh := protocol.ContentHash([]byte(defs("v1"))), protocol.ContentHash([]byte(defs("v2")))
	var superseded bool
	for {
		ev := e.until(EventSuperseded, EventUploadFailed, EventRetrying, EventAccepted, EventRejected)
		switch {
		case ev.Kind == EventSuperseded:
			if ev.Stage != "upload" || ev.SHA256 != stale || !strings.Contains(ev.Message, "newer save") {
				t.Fatalf("superseded: %+v", ev)
			}
			superseded = true
			continue
		case ev.Kind == EventAccepted && ev.SHA256 == fresh:
		default:
			t.Fatalf("after the newer save: %+v", ev)
		}
		if !superseded || ev.Revision != 1 {
			t.Fatalf("accepted %+v without the stuck upload said superseded first (%v)", ev, superseded)
		}
		break
	}
	select {
	case <-e.abandoned:
	case <-time.After(10 * time.Second):
		t.Fatal("the stuck request was never cancelled")
	}
	if n := e.val.Calls.Load(); n != 1 {
		t.Fatalf("host validated %d bundles, want only the newest", n)
	}
}

// Warnings from the local check never hold a build back: they are reported, then the build is sent.
func TestLoopReportsWarningsAndSends(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	w, err := watch.New(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	warning := diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeLikelyMistake, Path: "light.motion.flare", Message: "has low above high, so the flare never fires", Rule: "light.motion.flare.order"}
	check := func(context.Context, Build) diag.List { return diag.List{warning} }
	ctx, cancel := context.WithCancel(context.Background())
	l := &Loop{Dir: e.dir, Builder: fileBuilder{e.dir}, Upload: e.client, Session: s, Watcher: w, Check: check,
		Emit: func(ev Event) { e.events <- ev }, Backoff: 10 * time.Millisecond}
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx); w.Close() }()
	t.Cleanup(func() { cancel(); <-done })
	ev := e.until(EventWarnings, EventAccepted)
	if ev.Kind != EventWarnings || len(ev.Warnings) != 1 || ev.Warnings[0].Rule != "light.motion.flare.order" {
		t.Fatalf("first event: %+v", ev)
	}
	if ev := e.until(EventAccepted, EventBuildFailed); ev.Kind != EventAccepted || ev.Revision != 1 {
		t.Fatalf("the build with a warning must be sent and accepted: %+v", ev)
	}
}

// With no local check (the embedded host's verdict is the check) a save goes straight to the
// host; the accepted build's warnings come after the verdict, placed by Explain.
func TestLoopWithoutCheckPlacesHostWarnings(t *testing.T) {
	e := newEnv(t)
	hostWarning := diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeLikelyMistake, Path: "light.motion.flare", Message: "has low above high, so the flare never fires", Rule: "light.motion.flare.order"}
	b, _ := json.Marshal(hosttest.FakeBundle{Definitions: []host.Definition{{Type: "example.lamp", Version: 1, Emoji: "🏮", Label: "Lamp"}}, Problems: diag.List{hostWarning}})
	e.write(string(b))
	s := e.pair()
	w, err := watch.New(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	placed := hostWarning
	placed.File, placed.Line, placed.Column = "src/definition.ts", 30, 7
	var explained atomic.Int32
	explain := func(context.Context, Build) diag.List { explained.Add(1); return diag.List{placed} }
	ctx, cancel := context.WithCancel(context.Background())
	l := &Loop{Dir: e.dir, Builder: fileBuilder{e.dir}, Upload: e.client, Session: s, Watcher: w, Explain: explain,
		Emit: func(ev Event) { e.events <- ev }, Backoff: 10 * time.Millisecond}
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx); w.Close() }()
	t.Cleanup(func() { cancel(); <-done })
	if ev := e.until(EventWarnings, EventAccepted); ev.Kind != EventAccepted || ev.Revision != 1 {
		t.Fatalf("want the verdict first: %+v", ev)
	}
	ev := e.until(EventWarnings, EventBuildStarted)
	if ev.Kind != EventWarnings || len(ev.Warnings) != 1 || ev.Warnings[0].File != "src/definition.ts" || ev.Warnings[0].Line != 30 {
		t.Fatalf("want the host's warning, placed by Explain: %+v", ev)
	}
	if n := explained.Load(); n != 1 {
		t.Fatalf("Explain ran %d times, want once", n)
	}
}

// savingUploader is the client, except that before sending the bundle `when` names, it runs save
// (a newer save arrives while that upload is on its way).
type savingUploader struct {
	*Client
	when string
	save func()
}

// Upload saves once the host has answered, so the newer save is waiting when the loop reads the
// verdict. Saving before the request made the test depend on the machine's speed: on a loaded
// machine the watcher's signal came while the request was in flight, and the loop (rightly)
// cancelled the upload instead.
func (u *savingUploader) Upload(ctx context.Context, s *Session, base int, js []byte) (*Revision, error) {
	rev, err := u.Client.Upload(ctx, s, base, js)
	if strings.Contains(string(js), u.when) {
		u.save()
	}
	return rev, err
}

// With no local check, a host's rejection of a build made while newer saves were already waiting
// (most likely a file read mid-write) is superseded, as a local check's failure would have been:
// the newer build decides.
func TestLoopWithoutCheckSupersedesARejectionWithNewerSaves(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	w, err := watch.NewManual(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	broken, _ := json.Marshal(hosttest.FakeBundle{Definitions: []host.Definition{}, Problems: diag.List{{Severity: diag.Error, Code: diag.CodeRule, Path: "label", Message: "half-written"}}})
	up := &savingUploader{Client: e.client, when: "half-written", save: func() {
		e.write(defs("Lamp v2"))
		w.Saved("bundle.json")
	}}
	ctx, cancel := context.WithCancel(context.Background())
	l := &Loop{Dir: e.dir, Builder: fileBuilder{e.dir}, Upload: up, Session: s, Watcher: w,
		Emit: func(ev Event) { e.events <- ev }, Backoff: 10 * time.Millisecond}
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx); w.Close() }()
	t.Cleanup(func() { cancel(); <-done })
	if ev := e.until(EventAccepted); ev.Revision != 1 {
		t.Fatalf("first build: %+v", ev)
	}
	e.write(string(broken))
	w.Saved("bundle.json")
	ev := e.until(EventSuperseded, EventRejected)
	if ev.Kind != EventSuperseded || ev.Stage != "validate" || ev.Revision != 2 {
		t.Fatalf("want the rejection superseded by the waiting save: %+v", ev)
	}
	if ev := e.until(EventAccepted, EventRejected); ev.Kind != EventAccepted || ev.Revision != 3 {
		t.Fatalf("the newer save: %+v", ev)
	}
}

// TestLoopRejectionKeepsTheHostsPlacedReason (issue 22 item 7): a build the host rejected for a
// placed instance is reported with the host's own reason, even when the local re-check (Explain)
// finds another error: the local check sees no placed instances.
func TestLoopRejectionKeepsTheHostsPlacedReason(t *testing.T) {
	e := newEnv(t)
	placedReason := diag.Diagnostic{Code: diag.CodeInstance, Path: "instances.obj-1", Message: "placed but no longer defined: remove it first"}
	b, _ := json.Marshal(hosttest.FakeBundle{Definitions: []host.Definition{{Type: "example.lamp", Version: 1, Emoji: "🏮", Label: "Lamp"}}, Problems: diag.List{placedReason}})
	e.write(string(b))
	s := e.pair()
	w, err := watch.New(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	local := diag.Diagnostic{Code: diag.CodeLoad, Message: "a local re-check's own error"}
	explain := func(context.Context, Build) diag.List { return diag.List{local} }
	ctx, cancel := context.WithCancel(context.Background())
	l := &Loop{Dir: e.dir, Builder: fileBuilder{e.dir}, Upload: e.client, Session: s, Watcher: w, Explain: explain,
		Emit: func(ev Event) { e.events <- ev }, Backoff: 10 * time.Millisecond}
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx); w.Close() }()
	t.Cleanup(func() { cancel(); <-done })
	ev := e.until(EventRejected, EventAccepted)
	if ev.Kind != EventRejected || len(ev.Errors) != 2 || ev.Errors[0].Message != placedReason.Message || ev.Errors[1].Message != local.Message {
		t.Fatalf("want the host's placed reason, then the local one: %+v", ev)
	}
}
