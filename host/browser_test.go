package host_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/internal/chromium"
)

// TestBrowserApproveAndSidebar drives the owner's pages in headless Chromium: sign in from the
// link, compare the code, connect, then watch the sidebar show the accepted revision and a
// rejection (through its own refresh), place a Gizmo and disconnect.
func TestBrowserApproveAndSidebar(t *testing.T) {
	f := newFixture(t, t.TempDir())
	browser := hosttest.Browser(t)
	ctx, cancel := context.WithTimeout(browser, 60*time.Second)
	defer cancel()

	p := f.pairRequest()
	if err := chromedp.Do(ctx,
		// The printed link: not signed in yet, so the host asks for the owner token first.
		chromedp.Navigate(p.VerificationURIComplete),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		// Back on the approval page: the code to compare, the project asking.
		chromedp.WaitVisible(chromedp.CSS(`#approve`)),
	); err != nil {
		t.Fatal(err)
	}
	if code, project := chromium.Text(t, ctx, `#code`), chromium.Text(t, ctx, `#project`); code != p.UserCode || project != "lamp" {
		t.Fatalf("approval page shows code %q for %q, terminal shows %q", code, project, p.UserCode)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#approve`)), chromedp.WaitVisible(chromedp.CSS(`#done`))); err != nil {
		t.Fatal(err)
	}
	tok, e, st := f.poll(p.DeviceCode)
	if st != 200 {
		t.Fatalf("token after browser approval: %d %+v", st, e)
	}

	f.upload(tok.AccessToken, 0, bundleJSON(lampV1, ""))
	if err := chromedp.Do(ctx, chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#active-revision`))); err != nil {
		t.Fatal(err)
	}
	if active, name := chromium.Text(t, ctx, `#active-revision`), chromium.Text(t, ctx, `#project-name`); active != "revision 1" || name != "lamp" {
		t.Fatalf("sidebar: %q %q", active, name)
	}
	// A rejection appears without reloading: the sidebar refreshes itself.
	f.upload(tok.AccessToken, 1, bundleJSON(lampV1, `[{"code":"rule","definition":{"type":"example.lamp"},"path":"light.radiusCells","got":"13","message":"must be 0.25–12 cells"}]`))
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#rejection-2`))); err != nil {
		t.Fatal(err)
	}
	if rejection, active := chromium.Text(t, ctx, `#rejection-2`), chromium.Text(t, ctx, `#active-revision`); !strings.Contains(rejection, "light.radiusCells: must be 0.25–12 cells (got 13)") || active != "revision 1" {
		t.Fatalf("rejection %q, active %q", rejection, active)
	}
	// Place the Gizmo from the sidebar, see its view, then disconnect.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#gizmos button`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-grid .instance`)), // the panel (world.ts) draws it
	); err != nil {
		t.Fatal(err)
	}
	if view := chromium.Text(t, ctx, `#world-grid .instance`); !strings.Contains(view, "Toggle") || !strings.Contains(view, `"on":false`) {
		t.Fatalf("placed instance view: %q", view)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#disconnect`)), chromedp.WaitVisible(chromedp.CSS(`#no-project`))); err != nil {
		t.Fatal(err)
	}
	if _, st := f.upload(tok.AccessToken, 1, bundleJSON(lampV1, "")); st != 401 {
		t.Fatalf("upload after Disconnect: %d", st)
	}
}
