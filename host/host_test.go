package host_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/world"
)

// fakeRuntime places instances with {"on":false} and toggles them.
type fakeRuntime struct{}

func (fakeRuntime) Initial(ctx context.Context, js []byte, typ string) (json.RawMessage, error) {
	return json.RawMessage(`{"on":false}`), nil
}

func (fakeRuntime) View(ctx context.Context, js []byte, in world.Instance, v world.Access) (json.RawMessage, error) {
	return json.RawMessage(fmt.Sprintf(`{"title":"Lamp","description":%q,"controls":[{"id":"t","label":"Toggle","action":{"name":"toggle","payload":{}}}]}`, "state "+string(in.State))), nil
}

func (fakeRuntime) Act(ctx context.Context, js []byte, in world.Instance, action string, payload json.RawMessage, v world.Access) (json.RawMessage, error) {
	if action != "toggle" {
		return nil, errors.New("unknown action")
	}
	if bytes.Contains(in.State, []byte("false")) {
		return json.RawMessage(`{"on":true}`), nil
	}
	return json.RawMessage(`{"on":false}`), nil
}

type clock struct {
	mu sync.Mutex
	t  time.Time
	// running: the clock follows the wall clock (realTime), and its tickers tick as it moves.
	running bool
	tickers []*testTicker
}

// testTicker is one ticker of the test's clock.
type testTicker struct {
	c     chan time.Time
	every time.Duration
	next  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Ticker is host.Options.Ticker on the test's clock: its ticks come from the clock, never from
// the wall clock. A stepped clock (step) never ticks by itself — those tests drive the world with
// Server.Tick after moving it, so a tick between two of a test's requests (a loaded machine)
// cannot change what they see; a running clock (realTime) ticks as it passes each interval.
func (c *clock) Ticker(every time.Duration) (<-chan time.Time, func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	tk := &testTicker{c: make(chan time.Time, 1), every: every, next: c.t.Add(every)}
	c.tickers = append(c.tickers, tk)
	return tk.c, func() {}
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	if !c.running {
		return
	}
	for _, tk := range c.tickers {
		if !c.t.Before(tk.next) {
			tk.next = c.t.Add(tk.every)
			select {
			case tk.c <- c.t:
			default: // a tick not taken yet: like time.Ticker, drop it
			}
		}
	}
}

type fixture struct {
	t      *testing.T
	srv    *host.Server
	http   *httptest.Server
	clock  *clock
	val    *hosttest.JSONValidator
	real   *engine.Checker // when set, the validator and runtime instead of val and fakeRuntime
	live   hosttest.Live   // when set (and real is not), the live calls instead of fakeRuntime
	tokens chan string
	dir    string
	// options, if set, changes the host's options before each start.
	options func(*host.Options)
}

func newFixture(t *testing.T, dir string) *fixture {
	return newFixtureWith(t, dir, nil)
}

func newFixtureWith(t *testing.T, dir string, options func(*host.Options)) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, tokens: make(chan string, 16), dir: dir, options: options}
	f.start()
	return f
}

func (f *fixture) start() {
	var live hosttest.Live = fakeRuntime{}
	if f.live != nil {
		live = f.live
	}
	var engine engine.Engine = hosttest.Engine{Checks: f.val, Live: live}
	if f.real != nil {
		engine = f.real
	}
	opts := host.Options{DataDir: f.dir, Engine: engine, Now: f.clock.Now, Ticker: f.clock.Ticker,
		OnOwnerToken: func(tok string) { f.tokens <- tok }}
	if f.options != nil {
		f.options(&opts)
	}
	srv, err := host.New(opts)
	if err != nil {
		f.t.Fatal(err)
	}
	f.srv = srv
	f.http = httptest.NewServer(srv)
	srv.SetBaseURL(f.http.URL)
	f.t.Cleanup(f.stop)
}

func (f *fixture) stop() {
	if f.http != nil {
		f.srv.EndStreams()
		f.http.Close()
		f.srv.Close()
		f.http = nil
	}
}

func (f *fixture) ownerToken() string {
	var tok string
	for {
		select {
		case tok = <-f.tokens:
		default:
			return tok
		}
	}
}

func (f *fixture) owner() *hosttest.Owner {
	f.t.Helper()
	o, err := hosttest.SignIn(f.http.URL, f.ownerToken())
	if err != nil {
		f.t.Fatal(err)
	}
	return o
}

// call sends a protocol request and decodes the answer.
func (f *fixture) call(method, path, token string, body any, out any) int {
	f.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, f.http.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		raw, _ := io.ReadAll(resp.Body)
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, out); err != nil {
				f.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
			}
		}
	}
	return resp.StatusCode
}

func (f *fixture) pairRequest() protocol.PairingResponse {
	f.t.Helper()
	var p protocol.PairingResponse
	if st := f.call("POST", "/api/dev/pairings", "", protocol.PairingRequest{Project: "lamp"}, &p); st != 200 {
		f.t.Fatalf("pair: %d", st)
	}
	return p
}

func (f *fixture) poll(device string) (protocol.TokenResponse, protocol.ErrorResponse, int) {
	var raw json.RawMessage
	st := f.call("POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: device}, &raw)
	var tok protocol.TokenResponse
	var e protocol.ErrorResponse
	if st == 200 {
		json.Unmarshal(raw, &tok)
	} else {
		json.Unmarshal(raw, &e)
	}
	f.clock.Add(time.Second) // the next poll is on time
	return tok, e, st
}

// pair runs the whole flow with browser approval and returns the session token.
func (f *fixture) pair(o *hosttest.Owner) string {
	f.t.Helper()
	p := f.pairRequest()
	if _, e, _ := f.poll(p.DeviceCode); e.Code != "authorization_pending" {
		f.t.Fatalf("before approval: %+v", e)
	}
	if err := o.Approve(p.UserCode); err != nil {
		f.t.Fatal(err)
	}
	tok, e, st := f.poll(p.DeviceCode)
	if st != 200 || tok.AccessToken == "" || tok.TokenType != "Bearer" || tok.ExpiresIn != 7200 {
		f.t.Fatalf("token: %d %+v", st, e)
	}
	return tok.AccessToken
}

func bundleJSON(defs string, problems string) string {
	if problems == "" {
		problems = "[]"
	}
	return `{"definitions":` + defs + `,"problems":` + problems + `}`
}

func (f *fixture) upload(token string, base int, bundle string) (protocol.RevisionResponse, int) {
	f.t.Helper()
	sum := sha256.Sum256([]byte(bundle))
	var r protocol.RevisionResponse
	st := f.call("POST", "/api/dev/revisions", token, protocol.UploadRequest{BaseRevision: base, ContentSHA256: hex.EncodeToString(sum[:]), Bundle: bundle}, &r)
	return r, st
}

const lampV1 = `[{"type":"example.lamp","version":1,"emoji":"🏮","label":"Lamp"}]`

func TestPairingCodes(t *testing.T) {
	f := newFixture(t, t.TempDir())
	p := f.pairRequest()
	if p.ExpiresIn != 300 || p.Interval < 1 || !strings.HasPrefix(p.VerificationURIComplete, f.http.URL+"/connect?code=") {
		t.Fatalf("pairing response: %+v", p)
	}
	if len(p.UserCode) != 9 || p.UserCode[4] != '-' || host.NormalizeUserCode(p.UserCode) == "" {
		t.Fatalf("user code %q", p.UserCode)
	}
	for _, r := range strings.ReplaceAll(p.UserCode, "-", "") {
		if strings.ContainsRune("AEIOUY0123456789", r) {
			t.Fatalf("user code %q has an ambiguous character", p.UserCode)
		}
	}
	o := f.owner()
	// Wrong code.
	if err := o.Approve("BBBB-BBBB"); err == nil || !strings.Contains(err.Error(), "no pairing has this code") {
		t.Fatalf("wrong code: %v", err)
	}
	// Lower case with a space is the same code; approving it works once.
	if err := o.Approve(strings.ToLower(strings.Replace(p.UserCode, "-", " ", 1))); err != nil {
		t.Fatal(err)
	}
	if err := o.Approve(p.UserCode); err == nil || !strings.Contains(err.Error(), "already used") {
		t.Fatalf("reused code: %v", err)
	}
	tok, _, st := f.poll(p.DeviceCode)
	if st != 200 || tok.AccessToken == "" {
		t.Fatalf("token after approval: %d", st)
	}
	// The device code is spent: a second poll does not mint a second session.
	if _, e, _ := f.poll(p.DeviceCode); e.Code != "invalid_grant" {
		t.Fatalf("reused device code: %+v", e)
	}
	// Expired code: approval refused, and the client's poll says expired_token.
	p2 := f.pairRequest()
	f.clock.Add(5*time.Minute + time.Second)
	if err := o.Approve(p2.UserCode); err == nil || !strings.Contains(err.Error(), "expired") {
		t.Fatalf("expired code: %v", err)
	}
	if _, e, _ := f.poll(p2.DeviceCode); e.Code != "expired_token" {
		t.Fatalf("expired poll: %+v", e)
	}
	// Denied.
	p3 := f.pairRequest()
	csrf, _ := o.CSRF("/connect?code=" + p3.UserCode)
	if st, _, _ := o.Post("/connect", url.Values{"csrf": {csrf}, "code": {p3.UserCode}, "decision": {"deny"}}); st != 200 {
		t.Fatalf("deny: %d", st)
	}
	if _, e, _ := f.poll(p3.DeviceCode); e.Code != "access_denied" {
		t.Fatalf("denied poll: %+v", e)
	}
}

func TestSlowDown(t *testing.T) {
	f := newFixture(t, t.TempDir())
	p := f.pairRequest()
	var e protocol.ErrorResponse
	f.call("POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &e)
	if e.Code != "authorization_pending" {
		t.Fatalf("first poll: %+v", e)
	}
	// Immediately again: too fast.
	e = protocol.ErrorResponse{}
	f.call("POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &e)
	if e.Code != "slow_down" || e.Interval != p.Interval+5 {
		t.Fatalf("fast poll: %+v", e)
	}
	// After the old interval it is still too fast: the new one applies.
	f.clock.Add(time.Duration(p.Interval) * time.Second)
	e = protocol.ErrorResponse{}
	f.call("POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &e)
	if e.Code != "slow_down" {
		t.Fatalf("poll at the old interval: %+v", e)
	}
	f.clock.Add(time.Duration(e.Interval) * time.Second)
	e = protocol.ErrorResponse{}
	f.call("POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &e)
	if e.Code != "authorization_pending" {
		t.Fatalf("poll at the new interval: %+v", e)
	}
}

func TestOwnerLoginAndCSRF(t *testing.T) {
	f := newFixture(t, t.TempDir())
	tok := f.ownerToken()
	if _, err := hosttest.SignIn(f.http.URL, "sot_wrong"); err == nil {
		t.Fatal("wrong owner token accepted")
	}
	o, err := hosttest.SignIn(f.http.URL, tok)
	if err != nil {
		t.Fatal(err)
	}
	// One-time: the same token does not sign in twice; a new one was minted.
	if _, err := hosttest.SignIn(f.http.URL, tok); err == nil {
		t.Fatal("owner token reused")
	}
	if next := f.ownerToken(); next == "" || next == tok {
		t.Fatal("no fresh owner token after use")
	}
	p := f.pairRequest()
	// Approving without the CSRF token (as another site's form would) is refused.
	st, _, err := o.Post("/connect", url.Values{"csrf": {"forged"}, "code": {p.UserCode}, "decision": {"approve"}})
	if err != nil || st != http.StatusForbidden {
		t.Fatalf("forged approve: %d %v", st, err)
	}
	// Without a cookie, the approval page sends the browser to sign in first.
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(f.http.URL + "/connect?code=" + p.UserCode)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/login?next=") {
		t.Fatalf("anonymous approval page: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	if _, e, _ := f.poll(p.DeviceCode); e.Code != "authorization_pending" {
		t.Fatalf("forged approval took effect: %+v", e)
	}
}

func TestRevisions(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	tok := f.pair(o)

	r1, st := f.upload(tok, 0, bundleJSON(lampV1, ""))
	if st != 201 || r1.Number != 1 || r1.Status != "accepted" || r1.ActiveRevision != 1 || r1.Duplicate {
		t.Fatalf("first upload: %d %+v", st, r1)
	}
	// Idempotent: the same bundle again is the same revision, validated once.
	calls := f.val.Calls.Load()
	again, st := f.upload(tok, 0, bundleJSON(lampV1, ""))
	if st != 200 || again.Number != 1 || !again.Duplicate || f.val.Calls.Load() != calls {
		t.Fatalf("repeat upload: %d %+v", st, again)
	}
	// A damaged upload is refused before anything runs.
	var e protocol.ErrorResponse
	f.call("POST", "/api/dev/revisions", tok, protocol.UploadRequest{ContentSHA256: strings.Repeat("0", 64), Bundle: "x"}, &e)
	if e.Code != "hash_mismatch" {
		t.Fatalf("damaged upload: %+v", e)
	}

	// Place one instance (through the UI), then an update that drops its definition is rejected,
	// names the problem, and leaves revision 1 active.
	if st, _, _ := o.Post("/instances", url.Values{"type": {"example.lamp"}}); st != 200 {
		t.Fatalf("place: %d", st)
	}
	bad := bundleJSON(`[{"type":"example.fan","version":1,"emoji":"🌀","label":"Fan"}]`, "")
	r2, st := f.upload(tok, 1, bad)
	if st != 201 || r2.Number != 2 || r2.Status != "rejected" || r2.ActiveRevision != 1 || len(r2.Problems) != 1 || r2.Problems[0].Code != diag.CodeInstance {
		t.Fatalf("incompatible upload: %d %+v", st, r2)
	}
	// A rule failure carries definition, path, value and message.
	rule := bundleJSON(lampV1, `[{"severity":"error","code":"rule","definition":{"type":"example.lamp"},"path":"light.radiusCells","got":"13","message":"must be 0.25–12 cells"}]`)
	r3, _ := f.upload(tok, 1, rule)
	if r3.Status != "rejected" || r3.Problems[0].Path != "light.radiusCells" || r3.Problems[0].Got != "13" {
		t.Fatalf("rule rejection: %+v", r3)
	}
	var status protocol.RevisionResponse
	if st := f.call("GET", "/api/dev/revisions/3", tok, nil, &status); st != 200 || status.Status != "rejected" || status.ActiveRevision != 1 {
		t.Fatalf("revision status: %d %+v", st, status)
	}
	// The sidebar shows the active revision and the rejection with its field.
	_, page, _ := o.Get("/")
	for _, want := range []string{`revision 1</strong>`, `id="rejection-3"`, `light.radiusCells: must be 0.25–12 cells (got 13)`, `id="rejection-2"`, `Toggle`} {
		if !strings.Contains(page, want) {
			t.Fatalf("world page lacks %q:\n%s", want, page)
		}
	}
	// Reverting to the accepted content is a new revision that becomes active again.
	v2 := bundleJSON(`[{"type":"example.lamp","version":1,"emoji":"🏮","label":"Lamp 2"}]`, "")
	r4, _ := f.upload(tok, 1, v2)
	r5, _ := f.upload(tok, 4, bundleJSON(lampV1, ""))
	if r4.Status != "accepted" || r5.Number != 5 || r5.Status != "accepted" || r5.ActiveRevision != 5 {
		t.Fatalf("revert: %+v %+v", r4, r5)
	}
	// Bundles over 1 MiB are refused as a revision with the size named.
	big := bundleJSON(lampV1, "") + strings.Repeat(" ", protocol.MaxBundleBytes)
	r6, _ := f.upload(tok, 5, big)
	if r6.Status != "rejected" || r6.Problems[0].Code != diag.CodeSize || r6.ActiveRevision != 5 {
		t.Fatalf("big bundle: %+v", r6)
	}
}

func TestSessions(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	tok := f.pair(o)
	if _, st := f.upload(tok, 0, bundleJSON(lampV1, "")); st != 201 {
		t.Fatal("upload")
	}
	var e protocol.ErrorResponse
	if st := f.call("GET", "/api/dev/session", "sgs_not-a-token", nil, &e); st != 401 || e.Code != "invalid_token" {
		t.Fatalf("unknown token: %d %+v", st, e)
	}
	// A new approval replaces the previous connection.
	tok2 := f.pair(o)
	if st := f.call("GET", "/api/dev/session", tok, nil, &e); st != 401 || e.Code != "session_revoked" || !strings.Contains(e.Description, "another project") {
		t.Fatalf("replaced session: %d %+v", st, e)
	}
	// The owner's Disconnect ends it at once.
	if err := o.Disconnect(); err != nil {
		t.Fatal(err)
	}
	if _, st := f.upload(tok2, 1, bundleJSON(lampV1, "")); st != 401 {
		t.Fatalf("upload after disconnect: %d", st)
	}
	// The client's revoke (DELETE) ends it too.
	tok3 := f.pair(o)
	if st := f.call("DELETE", "/api/dev/session", tok3, nil, nil); st != 204 {
		t.Fatalf("revoke: %d", st)
	}
	if st := f.call("GET", "/api/dev/session", tok3, nil, &e); st != 401 || e.Code != "session_revoked" {
		t.Fatalf("after revoke: %d %+v", st, e)
	}
	// Two hours later a session has expired.
	tok4 := f.pair(o)
	var s protocol.SessionResponse
	if st := f.call("GET", "/api/dev/session", tok4, nil, &s); st != 200 || s.ActiveRevision == nil || s.ActiveRevision.Number != 1 {
		t.Fatalf("session: %d %+v", st, s)
	}
	f.clock.Add(2*time.Hour + time.Second)
	if st := f.call("GET", "/api/dev/session", tok4, nil, &e); st != 401 || e.Code != "session_expired" {
		t.Fatalf("expired session: %d %+v", st, e)
	}
}

func TestDurableAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	f := newFixture(t, dir)
	o := f.owner()
	tok := f.pair(o)
	f.upload(tok, 0, bundleJSON(lampV1, ""))
	f.upload(tok, 1, bundleJSON("[]", `[{"message":"broken"}]`))
	f.stop()

	// The same data directory: the revision, the rejection and the session survive.
	f.start()
	var s protocol.SessionResponse
	if st := f.call("GET", "/api/dev/session", tok, nil, &s); st != 200 || s.ActiveRevision == nil || s.ActiveRevision.Number != 1 {
		t.Fatalf("after restart: %d %+v", st, s)
	}
	// A retried upload of the latest bundle is still recognised.
	r, st := f.upload(tok, 1, bundleJSON("[]", `[{"message":"broken"}]`))
	if st != 200 || r.Number != 2 || !r.Duplicate {
		t.Fatalf("retry after restart: %d %+v", st, r)
	}
}

// TestLimitsBothSides: each limit the host applies, just inside and just outside.
func TestLimitsBothSides(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	// A code is good until five minutes have passed, and not after.
	p := f.pairRequest()
	f.clock.Add(5*time.Minute - time.Second)
	if err := o.Approve(p.UserCode); err != nil {
		t.Fatalf("approval at 4:59: %v", err)
	}
	tok, _, st := f.poll(p.DeviceCode)
	if st != 200 {
		t.Fatalf("token after approval at 4:59: %d", st)
	}
	// A session uploads until two hours have passed, and not after.
	f.clock.Add(2*time.Hour - 2*time.Second) // poll already moved the clock one second
	if st := f.call("GET", "/api/dev/session", tok.AccessToken, nil, nil); st != 200 {
		t.Fatalf("session just before two hours: %d", st)
	}
	f.clock.Add(2 * time.Second)
	if st := f.call("GET", "/api/dev/session", tok.AccessToken, nil, nil); st != 401 {
		t.Fatalf("session just after two hours: %d", st)
	}
	// A bundle of exactly 1 MiB is validated; one byte more is refused for its size.
	token := f.pair(o)
	base := bundleJSON(lampV1, "")
	exact := base + strings.Repeat(" ", protocol.MaxBundleBytes-len(base))
	r, _ := f.upload(token, 0, exact)
	if r.Status != "accepted" || r.Size != protocol.MaxBundleBytes {
		t.Fatalf("1 MiB bundle: %+v", r)
	}
	r, _ = f.upload(token, 1, exact+" ")
	if r.Status != "rejected" || r.Problems[0].Code != diag.CodeSize {
		t.Fatalf("1 MiB + 1 byte: %+v", r)
	}
}

// TestRequestLimitsBothSides: the project name is 1-214 characters; an upload body is read up to
// 8 MiB, room for a 1 MiB bundle even when JSON escapes every byte as \u00XX.
func TestRequestLimitsBothSides(t *testing.T) {
	f := newFixture(t, t.TempDir())
	for _, c := range []struct {
		project string
		status  int
	}{{"", 400}, {"   ", 400}, {"p", 200}, {strings.Repeat("p", 214), 200}, {strings.Repeat("p", 215), 400}} {
		var e protocol.ErrorResponse
		if st := f.call("POST", "/api/dev/pairings", "", protocol.PairingRequest{Project: c.project}, &e); st != c.status {
			t.Errorf("project of %d characters: %d %+v, want %d", len(c.project), st, e, c.status)
		}
	}

	tok := f.pair(f.owner())
	// 1 MiB of control characters escapes to 6 MiB of JSON: read whole and validated.
	calls := f.val.Calls.Load()
	r, st := f.upload(tok, 0, strings.Repeat("\x01", protocol.MaxBundleBytes))
	if st != 201 || r.Size != protocol.MaxBundleBytes || f.val.Calls.Load() != calls+1 {
		t.Fatalf("1 MiB bundle escaped to 6 MiB: %d %+v", st, r.Revision.Size)
	}
	// A body over 8 MiB is not read to its end: refused for its size, nothing recorded.
	var e protocol.ErrorResponse
	if st := f.call("POST", "/api/dev/revisions", tok, protocol.UploadRequest{ContentSHA256: strings.Repeat("0", 64), Bundle: strings.Repeat(" ", 8<<20)}, &e); st != 413 || e.Code != "request_too_large" || !strings.Contains(e.Description, "8 MiB limit") {
		t.Fatalf("9 MiB body: %d %+v", st, e)
	}
}

// TestLoginRedirectStaysOnHost: the reported open redirect (/login?token=…&next=/%09/evil:port/,
// which a browser reads as //evil:port/) and its relatives end on "/", through each way in:
// the token link, the sign-in form, and a visit while already signed in.
func TestLoginRedirectStaysOnHost(t *testing.T) {
	f := newFixture(t, t.TempDir())
	noFollow := func(jar http.CookieJar) *http.Client {
		return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	location := func(resp *http.Response, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("status %d, want 303", resp.StatusCode)
		}
		return resp.Header.Get("Location")
	}
	for _, next := range []string{"/%09/evil:port/", "//evil", "/%5Cevil", "https://evil", "/%0a/evil", "/%2f%2fevil"} {
		raw := "/login?token=" + url.QueryEscape(f.ownerToken()) + "&next=" + next
		if got := location(noFollow(nil).Get(f.http.URL + raw)); got != "/" {
			t.Errorf("GET %s redirects to %q", raw, got)
		}
		form := url.Values{"token": {f.ownerToken()}, "next": {next}}
		if got := location(noFollow(nil).PostForm(f.http.URL+"/login", form)); got != "/" {
			t.Errorf("POST /login next=%q redirects to %q", next, got)
		}
	}
	o := f.owner()
	if got := location(noFollow(o.Client.Jar).Get(f.http.URL + "/login?next=/%09/evil:port/")); got != "/" {
		t.Errorf("signed-in visit redirects to %q", got)
	}
	// A real target survives: the approval page a sign-in was asked for.
	if got := location(noFollow(o.Client.Jar).Get(f.http.URL + "/login?next=" + url.QueryEscape("/connect?code=BCDF-GHJK"))); got != "/connect?code=BCDF-GHJK" {
		t.Errorf("same-origin target became %q", got)
	}
}

// stallingValidator hangs in Check while stall is set, until the check's context ends, and
// reports how the hung check ended on ended.
type stallingValidator struct {
	hosttest.Checks
	stall   atomic.Bool
	started chan struct{}
	ended   chan error
}

func (v *stallingValidator) Check(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, error) {
	if v.stall.Load() {
		v.started <- struct{}{}
		<-ctx.Done()
		v.ended <- ctx.Err()
		return engine.Verdict{}, ctx.Err()
	}
	return v.Checks.Check(ctx, js, placed)
}

// TestAbandonedUploadStopsItsValidation: a client that gives up on an upload (a newer save
// cancelled it) ends the host's validation of it at once, so the world's writer lock is free for
// the next upload; nothing is recorded and nothing is logged as a host failure.
func TestAbandonedUploadStopsItsValidation(t *testing.T) {
	var logs syncLog
	v := &stallingValidator{started: make(chan struct{}, 1), ended: make(chan error, 1)}
	f := newFixtureWith(t, t.TempDir(), func(o *host.Options) {
		e := o.Engine.(hosttest.Engine)
		v.Checks, e.Checks = e.Checks, v
		o.Engine, o.Logf = e, logs.Logf
	})
	tok := f.pair(f.owner())
	v.stall.Store(true)
	body := bundleJSON(lampV1, "")
	sum := sha256.Sum256([]byte(body))
	raw, _ := json.Marshal(protocol.UploadRequest{ContentSHA256: hex.EncodeToString(sum[:]), Bundle: body})
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", f.http.URL+"/api/dev/revisions", bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+tok)
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	select {
	case <-v.started:
	case <-time.After(10 * time.Second):
		t.Fatal("validation never started")
	}
	cancel()
	select {
	case err := <-v.ended:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("validation ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the abandoned upload's validation kept running")
	}
	<-errc
	v.stall.Store(false)
	r, st := f.upload(tok, 0, bundleJSON(`[{"type":"example.lamp","version":1,"emoji":"🏮","label":"Lamp 2"}]`, ""))
	if st != 201 || r.Number != 1 || r.Status != "accepted" {
		t.Fatalf("the next upload: %d %+v", st, r)
	}
	if text := logs.String(); strings.Contains(text, "internal error") || !strings.Contains(text, "abandoned") {
		t.Fatalf("log:\n%s", text)
	}
}

// syncLog collects the host's log lines.
type syncLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *syncLog) Logf(format string, args ...any) {
	l.mu.Lock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
	l.mu.Unlock()
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}
