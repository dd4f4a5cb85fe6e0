package host_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// failingChecks fails every check while failing is set: a worker that crashed or timed out
// under load, so a background re-judgement is lost and only Retry judges the build again.
type failingChecks struct {
	hosttest.JSONValidator
	failing atomic.Bool
}

func (c *failingChecks) Check(ctx context.Context, js []byte, placed []world.Instance) (engine.Verdict, error) {
	if c.failing.Load() {
		return engine.Verdict{}, errors.New("the check's worker died")
	}
	return c.JSONValidator.Check(ctx, js, placed)
}

// TestBrowserRetry (issue 22 item 7, "the page offers Retry") in headless Chromium: the owner's
// page offers Retry on a rejected revision. Retried while the placed lamp still refuses it, it
// says "Still rejected" with the host's reason; once the lamp is gone (and the background
// re-judgement was lost), Retry records the same bundle as a new accepted revision, which the
// page then shows as active. A build rejected for its own errors is answered as it stands,
// without running it again.
func TestBrowserRetry(t *testing.T) {
	checks := &failingChecks{}
	f := newFixtureWith(t, t.TempDir(), func(o *host.Options) { o.Engine = hosttest.Engine{Checks: checks, Live: fakeRuntime{}} })
	o := f.owner()
	tok := f.pair(o)
	if _, st := f.upload(tok, 0, bundleJSON(lampV1, "")); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	lamp, err := f.srv.Place(context.Background(), host.Owner, "example.lamp")
	if err != nil {
		t.Fatal(err)
	}
	chime := `[{"type":"example.chime","version":1,"emoji":"🔔","label":"Chime"}]`
	if r, st := f.upload(tok, 1, bundleJSON(chime, "")); st != 201 || r.Revision.Status != "rejected" {
		t.Fatalf("the build without the placed lamp: %d %+v", st, r.Revision)
	}

	browser := hosttest.Browser(t)
	ctx, cancel := context.WithTimeout(browser, 60*time.Second)
	defer cancel()
	retryStatus := `(document.getElementById('world-retry-status') || {}).textContent || ''`
	said := func(want string) {
		t.Helper()
		if err := chromedp.Do(ctx, hosttest.WaitJS(retryStatus+`.includes(`+jsString(want)+`)`)); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](retryStatus))
			t.Fatalf("the page did not say %q: %v (it says %q)", want, err, got)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		hosttest.WaitFor(`#world-rejection #world-retry`),
		hosttest.ClickNow(`#world-retry`),
	); err != nil {
		t.Fatal(err)
	}
	said("Still rejected: ")
	said("no matching definition")

	checks.failing.Store(true)
	if err := f.srv.Remove(context.Background(), host.Owner, lamp); err != nil {
		t.Fatal(err)
	}
	f.srv.WaitRejudged() // lost: the worker "died"
	checks.failing.Store(false)
	if err := chromedp.Do(ctx, hosttest.ClickNow(`#world-retry`)); err != nil {
		t.Fatal(err)
	}
	said("Accepted as revision 3")
	if err := chromedp.Do(ctx, hosttest.WaitJS(`document.getElementById('world-active').textContent.includes('Active revision 3') && !document.getElementById('world-rejection')`)); err != nil {
		t.Fatalf("the page did not show revision 3 active: %v", err)
	}

	bad := `[{"code":"schema","message":"a mistake of its own","severity":"error"}]`
	if _, st := f.upload(tok, 3, bundleJSON(chime, bad)); st != 201 {
		t.Fatalf("upload: %d", st)
	}
	calls := checks.Calls.Load()
	if err := chromedp.Do(ctx, hosttest.WaitFor(`#world-rejection #world-retry`), hosttest.ClickNow(`#world-retry`)); err != nil {
		t.Fatal(err)
	}
	said("a mistake of its own")
	said("save a fix")
	if n := checks.Calls.Load(); n != calls {
		t.Fatalf("a build rejected for its own errors ran again on Retry (%d checks)", n-calls)
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
