package host_test

import (
	"context"
	"net"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/hosttest"
)

// startOn starts the fixture's host again on addr (the port a project keeps across dev runs),
// with the same data directory.
func (f *fixture) startOn(addr string) {
	f.t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		f.t.Skipf("port %s taken meanwhile: %v", addr, err)
	}
	opts := host.Options{DataDir: f.dir, Engine: hosttest.Engine{Checks: f.val, Live: fakeRuntime{}}, Now: f.clock.Now, Ticker: f.clock.Ticker,
		OnOwnerToken: func(tok string) { f.tokens <- tok }}
	srv, err := host.New(opts)
	if err != nil {
		ln.Close()
		f.t.Fatal(err)
	}
	f.srv = srv
	f.http = httptest.NewUnstartedServer(srv)
	f.http.Listener.Close()
	f.http.Listener = ln
	f.http.Start()
	srv.SetBaseURL(f.http.URL)
}

// TestBrowserOnePersonAndSessionSurvives (issue 22 items 5 and 6) in headless Chromium: a second
// tab of the same browser, and the link opened again, are the same person (one actor); "Open as
// another player" is a second person. When the host stops, every page says so at once (within
// 2 s: the stream's end is told, not polled); when it comes back on the same port with the same
// data, the pages reconnect by themselves (the owner's sign-in survived; the host's new run is
// told by /api/world/boot, so a forgotten tab opens again instead of ending), as the same person
// (the host kept it in its store).
func TestBrowserOnePersonAndSessionSurvives(t *testing.T) {
	f := newFixture(t, t.TempDir())
	browser := hosttest.Browser(t)
	ctx, cancel := context.WithTimeout(browser, 90*time.Second)
	defer cancel()
	text := func(ctx context.Context, js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	who := `document.getElementById('who').textContent`
	live := `#world-app[data-live="open"] #who`
	base := f.http.URL
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		hosttest.WaitFor(live),
		hosttest.WaitJS(`document.getElementById('world-live').className === 'live'`),
	); err != nil {
		t.Fatal(err)
	}
	first := text(ctx, who)
	second, cancel2 := chromedp.NewContext(ctx) // another tab of the same browser
	defer cancel2()
	if err := chromedp.Do(second, chromedp.Navigate(base+"/"), hosttest.WaitFor(live)); err != nil {
		t.Fatal(err)
	}
	if got := text(second, who); got != first {
		t.Fatalf("another tab of the same browser is %q, want %q", got, first)
	}
	if err := chromedp.Do(second, chromedp.Navigate(base+"/"), hosttest.WaitFor(live)); err != nil {
		t.Fatal(err)
	}
	if got := text(second, who); got != first {
		t.Fatalf("the link opened again is %q, want %q", got, first)
	}
	href := text(ctx, `document.getElementById('another-player').getAttribute('href')`)
	third, cancel3 := chromedp.NewContext(ctx)
	defer cancel3()
	if err := chromedp.Do(third, chromedp.Navigate(base+href), hosttest.WaitFor(live)); err != nil {
		t.Fatal(err)
	}
	if got := text(third, who); got == first {
		t.Fatalf("open as another player (%s) is the same person %q", href, got)
	}

	addr := f.http.Listener.Addr().String()
	stoppedAt := text(ctx, `String(Date.now())`)
	f.stop()
	down := `document.getElementById('world-live').className === 'down' && /stopped/.test(document.getElementById('world-live').textContent)`
	for _, tab := range []context.Context{ctx, second} {
		if err := chromedp.Do(tab, hosttest.WaitJS(down)); err != nil {
			t.Fatalf("the page did not say the host stopped: %v", err)
		}
	}
	t.Logf("host stopped at %s; the page said so at %s (page clock, ms)", stoppedAt, text(ctx, `document.getElementById('world-app').dataset.downSince`))

	f.startOn(addr)
	t.Cleanup(f.stop)
	for _, tab := range []context.Context{ctx, second} {
		if err := chromedp.Do(tab, hosttest.WaitJS(`document.getElementById('world-live').className === 'live' && document.getElementById('world-app').dataset.live === 'open'`)); err != nil {
			t.Fatalf("the page did not reconnect when the host came back: %v", err)
		}
	}
	// The same person (issue 22 item 6): the page opened its tab again with its person secret,
	// and the restarted host knew it (host/persons.go): the same actor, not a new one.
	for _, tab := range []context.Context{ctx, second} {
		if err := chromedp.Do(tab, hosttest.WaitJS(who+` === `+jsString(first))); err != nil {
			t.Fatalf("after the restart the page is %q, want the same person %q: %v", text(tab, who), first, err)
		}
	}
	// The new run answers the page's requests: its tab is a session of this run.
	text(ctx, `window.__st = ''; fetch('/api/world', {headers: {Authorization: 'Bearer ' + sessionStorage.getItem('scape.tab')}}).then(r => { window.__st = String(r.status); }); ''`)
	if err := chromedp.Do(ctx, hosttest.WaitJS(`window.__st !== ''`)); err != nil || text(ctx, `window.__st`) != "200" {
		t.Fatalf("after the restart the tab's token answers %q (%v)", text(ctx, `window.__st`), err)
	}
}
