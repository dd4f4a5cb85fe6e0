package host_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// notReadyLive answers its first views with ErrNotReady (the build still opening, its worker
// busy), then as fakeRuntime.
type notReadyLive struct {
	fakeRuntime
	left atomic.Int32
}

func (l *notReadyLive) View(ctx context.Context, js []byte, in world.Instance, v world.Access) (json.RawMessage, error) {
	if l.left.Add(-1) >= 0 {
		return nil, fmt.Errorf("%w: the build is still being opened", engine.ErrNotReady)
	}
	return l.fakeRuntime.View(ctx, js, in, v)
}

// TestBrowserPanelAsksAgainForViewsNotReady: a view that was not ready when the tab drew the
// world is a placeholder, and nothing else changes in the world, so no event follows; the tab
// asks again by itself and draws the view once it is ready (a participant's first tab under
// load otherwise waited for ever).
func TestBrowserPanelAsksAgainForViewsNotReady(t *testing.T) {
	browser := hosttest.Browser(t)
	live := &notReadyLive{}
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, live: live, tokens: make(chan string, 16), dir: t.TempDir()}
	f.start()
	tok := f.pair(f.owner())
	if r, _ := f.upload(tok, 0, bundleJSON(lampV1, "")); r.Status != "accepted" {
		t.Fatalf("upload: %+v", r)
	}
	if _, err := f.srv.Place(context.Background(), host.Owner, "example.lamp"); err != nil {
		t.Fatal(err)
	}
	live.left.Store(3)
	ctx, cancel := context.WithTimeout(browser, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] .card [data-control="t"]`)),
	); err != nil {
		t.Fatalf("the view never replaced its placeholder: %v", err)
	}
	if left := live.left.Load(); left > 0 {
		t.Fatalf("%d not-ready answers left: the placeholder was never drawn", left)
	}
}
