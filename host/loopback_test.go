package host_test

import (
	"bufio"
	"database/sql"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/hosttest"
)

// browser is one browser on this machine: one cookie jar for every local world, as a browser
// keeps the cookies of 127.0.0.1 for all its ports.
type browser struct {
	t   *testing.T
	jar http.CookieJar
}

func newBrowser(t *testing.T) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, jar: jar}
}

// signIn signs in to f's world with its newest owner token and returns the owner's session.
func (b *browser) signIn(f *fixture) *hosttest.Owner {
	b.t.Helper()
	o := &hosttest.Owner{Base: f.http.URL, Client: &http.Client{Jar: b.jar}}
	resp, err := o.Client.PostForm(f.http.URL+"/login", url.Values{"token": {f.ownerToken()}, "next": {"/"}})
	if err != nil {
		b.t.Fatal(err)
	}
	resp.Body.Close()
	if !ownerSignedIn(b.t, o) {
		b.t.Fatalf("signing in to %s did not sign in", f.http.URL)
	}
	return o
}

// signedIn says whether o's cookies open the owner's world page.
func ownerSignedIn(t *testing.T, o *hosttest.Owner) bool {
	t.Helper()
	status, body, err := o.Get("/")
	if err != nil {
		t.Fatal(err)
	}
	return status == http.StatusOK && strings.Contains(body, `id="sidebar"`)
}

// cookieFor returns the browser's cookie of that name for base (nil when it has none).
func (b *browser) cookieFor(base, name string) *http.Cookie {
	u, _ := url.Parse(base)
	for _, c := range b.jar.Cookies(u) {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// replay sends GET / to base with only the given cookie, as another server that received it
// would.
func replay(t *testing.T, base string, c *http.Cookie) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/", nil)
	req.AddCookie(c)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

var ownerCookieRE = regexp.MustCompile(`^scape_owner_[0-9a-f]{12}$`)

// TestTwoLocalWorldsKeepTheirOwners: two hosts on two ports of 127.0.0.1, two data directories,
// one browser. Each world's owner cookie has its own name (from the world's uid), so signing in
// to one never replaces the other's; A's cookie replayed to B (under either name) opens nothing
// there; signing out of A leaves B signed in; a restart of A keeps its cookie's name and its
// owner signed in.
func TestTwoLocalWorldsKeepTheirOwners(t *testing.T) {
	a, b := newFixture(t, t.TempDir()), newFixture(t, t.TempDir())
	if a.srv.OwnerCookie() == b.srv.OwnerCookie() || !ownerCookieRE.MatchString(a.srv.OwnerCookie()) || !ownerCookieRE.MatchString(b.srv.OwnerCookie()) {
		t.Fatalf("owner cookies %q and %q: want two distinct scape_owner_<12 hex>", a.srv.OwnerCookie(), b.srv.OwnerCookie())
	}
	br := newBrowser(t)
	oa := br.signIn(a)
	ob := br.signIn(b)
	if !ownerSignedIn(t, oa) || !ownerSignedIn(t, ob) {
		t.Fatalf("signed in to both: A %v, B %v; want both", ownerSignedIn(t, oa), ownerSignedIn(t, ob))
	}
	// Both cookies reach both ports (cookies ignore ports): what each world does with the other's.
	ca := br.cookieFor(b.http.URL, a.srv.OwnerCookie())
	if ca == nil {
		t.Fatal("the browser does not send A's cookie to B's port: the test no longer models a browser")
	}
	if status, loc := replay(t, b.http.URL, ca); status != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
		t.Errorf("A's cookie replayed to B: %d %q, want the sign-in redirect", status, loc)
	}
	renamed := &http.Cookie{Name: b.srv.OwnerCookie(), Value: ca.Value}
	if status, loc := replay(t, b.http.URL, renamed); status != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
		t.Errorf("A's cookie value under B's name: %d %q, want the sign-in redirect", status, loc)
	}
	if status, _ := replay(t, a.http.URL, ca); status != http.StatusOK {
		t.Errorf("A's cookie at A: %d, want the owner's page", status)
	}
	// Signing out of A deletes A's cookie only.
	if status, _, err := oa.Post("/logout", url.Values{}); err != nil || status != http.StatusOK {
		t.Fatalf("sign out of A: %d %v", status, err)
	}
	if ownerSignedIn(t, oa) {
		t.Error("A is still signed in after signing out")
	}
	if !ownerSignedIn(t, ob) || br.cookieFor(b.http.URL, b.srv.OwnerCookie()) == nil {
		t.Error("signing out of A signed B out")
	}
	// B restarts on its data directory: the same uid, the same cookie, still signed in.
	name := b.srv.OwnerCookie()
	b.stop()
	b.start()
	ob.Base = b.http.URL // a new port; the jar's cookie is the host's, not the port's
	if b.srv.OwnerCookie() != name || !ownerSignedIn(t, ob) {
		t.Errorf("after a restart: cookie %q (was %q), signed in %v", b.srv.OwnerCookie(), name, ownerSignedIn(t, ob))
	}
}

// TestWorldUIDMigration: a database from before the uid (no host_settings table) opens with its
// data kept and gets a uid; a planted uid that is not hex is refused, not put in a cookie name.
func TestWorldUIDMigration(t *testing.T) {
	dir := t.TempDir()
	f := newFixture(t, dir)
	o := f.owner()
	tok := f.pair(o)
	if r, _ := f.upload(tok, 0, `{"lamp":1}`); r.Status != "accepted" {
		t.Fatalf("upload: %+v", r)
	}
	f.stop()
	exec := func(q string) {
		// A stopped host's background load may still be finishing: wait for its lock.
		db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "host.db")+"?_pragma=busy_timeout(10000)")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	exec(`DROP TABLE host_settings`)
	f.start()
	if !ownerCookieRE.MatchString(f.srv.OwnerCookie()) {
		t.Errorf("owner cookie of a migrated database: %q", f.srv.OwnerCookie())
	}
	if _, ok, err := f.srv.ActiveRevision(t.Context()); !ok || err != nil {
		t.Errorf("the migrated database lost its active revision: %v %v", ok, err)
	}
	f.stop()
	exec(`UPDATE host_settings SET value = 'x; Domain=evil' WHERE name = 'world_uid'`)
	if _, err := host.New(host.Options{DataDir: dir, Engine: hosttest.Engine{Checks: f.val, Live: fakeRuntime{}}}); err == nil || !strings.Contains(err.Error(), "hex") {
		t.Fatalf("a planted uid: %v, want a refusal naming hex digits", err)
	}
}

// TestHostHeaderOnLoopback: a request on the loopback listener whose Host is another name (DNS
// rebinding: evil.example resolving to 127.0.0.1) is 421 with a message that says why, for the
// owner's pages (signed in or not) and the API alike; the listener's own names and port, and the
// host of its base URL, are served as before.
func TestHostHeaderOnLoopback(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	port := f.http.URL[strings.LastIndex(f.http.URL, ":")+1:]
	get := func(host, path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", f.http.URL+path, nil)
		req.Host = host
		u, _ := url.Parse(f.http.URL)
		for _, c := range o.Client.Jar.Cookies(u) {
			req.AddCookie(c) // the owner's cookie goes along: even with it, another name gets nothing
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		return resp.StatusCode, string(readAll(t, resp))
	}
	for _, h := range []string{"evil.example:" + port, "evil.example", "127.0.0.1.evil.example:" + port, "localhost.:" + port, "127.0.0.1:1", "localhost", "localhost.evil.example:" + port, "evil.localhost.example:" + port} {
		for _, path := range []string{"/", "/api/dev/session", "/api/world/debug", "/static/world.js"} {
			status, body := get(h, path)
			if status != http.StatusMisdirectedRequest {
				t.Errorf("Host %q %s: %d, want 421", h, path, status)
				continue
			}
			if !strings.Contains(body, "DNS rebinding") || !strings.Contains(body, "127.0.0.1:"+port) {
				t.Errorf("Host %q: the refusal does not say why: %s", h, body)
			}
		}
	}
	// HTTP/1.0 without a Host names nothing: refused too.
	conn, err := net.Dial("tcp", f.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET / HTTP/1.0\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err != nil || resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("HTTP/1.0 without Host: %v %v, want 421", resp, err)
	}
	for _, h := range []string{"127.0.0.1:" + port, "localhost:" + port, "LocalHost:" + port, "[::1]:" + port, "w1.localhost:" + port} {
		if status, body := get(h, "/"); status != http.StatusOK || !strings.Contains(body, `id="sidebar"`) {
			t.Errorf("Host %q: %d, want the owner's page: %.300s", h, status, body)
		}
	}
	// A public origin (a proxy in front, or a forwarded port) is its host too.
	f.srv.SetBaseURL("https://world.example.test")
	for h, want := range map[string]int{"world.example.test": 200, "world.example.test:443": 200, "WORLD.example.test": 200,
		"world.example.test:80": 421, "127.0.0.1:" + port: 200, "evil.example": 421} {
		if status, _ := get(h, "/"); status != want {
			t.Errorf("base https://world.example.test, Host %q: %d, want %d", h, status, want)
		}
	}
}
