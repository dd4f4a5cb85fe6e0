package host_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host/hosttest"
)

// TestBrowserGuestRemoved drives the owner's "Guests and invites" in headless Chromium: a guest's
// page is live on its ticketed stream (no token in any URL it requested); the owner removes it
// with its Remove button; the guest's page stops reconnecting and says its session ended; the
// owner's page stays live.
func TestBrowserGuestRemoved(t *testing.T) {
	f := newFixture(t, t.TempDir())
	// Every URL the pages request, as a server's access log would keep it.
	var mu sync.Mutex
	var urls []string
	logged := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		urls = append(urls, r.URL.RequestURI())
		mu.Unlock()
		f.srv.ServeHTTP(w, r)
	}))
	defer func() { f.srv.EndStreams(); logged.Close() }() // Close waits for the streams
	f.srv.SetBaseURL(logged.URL)
	browser := hosttest.Browser(t)
	ctx, cancel := context.WithTimeout(browser, 60*time.Second)
	defer cancel()
	eval := func(ctx context.Context, js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(logged.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-live="open"] [data-invite="participant"]`)),
		hosttest.ClickNow(`[data-invite="participant"]`),
		chromedp.WaitVisible(chromedp.CSS(`[data-invite-link="participant"]`)),
	); err != nil {
		t.Fatal(err)
	}
	link := eval(ctx, `document.querySelector('[data-invite-link="participant"]').href`)
	guest, cancelGuest := chromedp.NewContext(ctx)
	defer cancelGuest()
	if err := chromedp.Do(guest,
		chromedp.Navigate(link),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-live="open"][data-ready]`)),
	); err != nil {
		t.Fatalf("guest page: %v", err)
	}
	token := eval(guest, `Object.keys(sessionStorage).filter(k => k.startsWith('scape.tab')).map(k => sessionStorage.getItem(k))[0]`)
	mu.Lock()
	log := strings.Join(urls, " ")
	mu.Unlock()
	if token == "" || strings.Contains(log, token) || !strings.Contains(log, "/api/world/events?ticket=") {
		t.Fatalf("the pages requested %q: want the stream by ticket and never a tab token", log)
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#world-people').open = true; undefined`),
		chromedp.WaitVisible(chromedp.CSS(`[data-remove-guest]`)),
		hosttest.ClickNow(`[data-remove-guest]`),
	); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(guest, chromedp.WaitVisible(chromedp.CSS(`#world-app[data-live="ended"]`))); err != nil {
		t.Fatalf("the removed guest's page: %v (live=%s)", err, eval(guest, `document.querySelector('#world-app').dataset.live || ''`))
	}
	if msg := eval(guest, `document.querySelector('#world-flash').textContent`); !strings.Contains(msg, "session ended") {
		t.Fatalf("the removed guest's page says %q", msg)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#guest-list:not(:has(li))`))); err != nil {
		t.Fatalf("the owner's guest list after the removal: %v", err)
	}
	if live := eval(ctx, `document.querySelector('#world-app').dataset.live`); live != "open" {
		t.Fatalf("the owner's page is %q after removing a guest", live)
	}
}
