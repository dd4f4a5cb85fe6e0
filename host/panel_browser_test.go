package host_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
)

// TestBrowserPanelRolesAndLiveUpdates drives the panel (ui/world.ts) in headless Chromium with
// the real engine and the lamp template: the owner's tab places a lamp and toggles it; a
// participant joins by an invite in a second tab and lacks the editor's controls and Configure
// (the owner has the colors under Configure); the participant's toggle reaches the owner's tab
// through SSE with no reload; the participant's forged editor request is refused with 403; a
// new revision swaps into both tabs in place. Screenshots go to $SCAPE_SCREENSHOTS or the test's temp dir.
func TestBrowserPanelRolesAndLiveUpdates(t *testing.T) {
	browser := hosttest.Browser(t)
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	tok := f.pair(f.owner())
	js := lampBundle(t, false)
	if r, _ := f.upload(tok, 0, string(js)); r.Status != "accepted" {
		t.Fatalf("lamp: %+v", r)
	}
	shots := screenshots(t)
	shot := func(ctx context.Context, name string) { screenshot(ctx, shots, name) }
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
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] [data-place="example.lamp"]`)),
		chromedp.Evaluate[chromedp.Void](`window.__noReload = 1; undefined`),
		hosttest.ClickNow(`[data-place="example.lamp"]`),
		chromedp.WaitVisible(chromedp.CSS(`.card button.toggle`)),
	); err != nil {
		t.Fatal(err)
	}
	// The lamp's initial state is on: the owner turns it off, the participant on again.
	if first := eval(ctx, `document.querySelector('.card button.toggle').getAttribute('aria-pressed')`); first != "true" {
		t.Fatalf("a new lamp's switch: aria-pressed %q, want true", first)
	}
	if err := chromedp.Do(ctx,
		hosttest.ClickNow(`.card button.toggle`),
		chromedp.WaitVisible(chromedp.CSS(`.card button.toggle[aria-pressed="false"]`)),
		hosttest.ClickNow(`[data-invite="participant"]`),
		chromedp.WaitVisible(chromedp.CSS(`[data-invite-link="participant"]`)),
	); err != nil {
		t.Fatal(err)
	}
	link := eval(ctx, `document.querySelector('[data-invite-link="participant"]').href`)
	shot(ctx, "owner-lamp-off")
	// The participant's tab: the same lamp, the colors (editor actions) disabled.
	guest, cancelGuest := chromedp.NewContext(ctx)
	defer cancelGuest()
	if err := chromedp.Do(guest,
		chromedp.Navigate(link),
		chromedp.WaitVisible(chromedp.CSS(`.card button.toggle[aria-pressed="false"]`)),
	); err != nil {
		shot(guest, "participant-failed")
		t.Fatalf("participant tab at %s: %v", link, err)
	}
	// The lamp's colors are editor settings: the participant gets neither them nor Configure.
	guestHasEditor := eval(guest, `String(!!document.querySelector('[data-control="blue"], .card details.configure'))`) == "true"
	guestToken := eval(guest, `Object.keys(sessionStorage).filter(k => k.startsWith('scape.tab')).map(k => sessionStorage.getItem(k))[0]`)
	if err := chromedp.Do(guest, hosttest.ClickNow(`.card button.toggle`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`.card button.toggle[aria-pressed="true"]`))); err != nil { // the owner's tab, through SSE
		t.Fatal(err)
	}
	ownerDisabled := eval(ctx, `String(document.querySelector('.card details.configure [data-control="blue"]').disabled)`) == "true"
	shot(guest, "participant-lamp")
	if guestHasEditor || ownerDisabled {
		t.Fatalf("editor controls: the participant has them %v, the owner's (under Configure) disabled %v", guestHasEditor, ownerDisabled)
	}
	// A forged editor request with the participant's session: the registry refuses it.
	placed, _ := f.srv.Instances(context.Background())
	body, _ := json.Marshal(map[string]any{"name": "color", "payload": map[string]string{"color": "blue"}})
	req, _ := http.NewRequest("POST", f.http.URL+"/api/world/instances/"+placed[0].ID+"/act", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+guestToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Fatalf("forged editor request from a participant: %d, want 403", resp.StatusCode)
	}
	// A new revision: both tabs show it in place (no reload: the marker survives).
	next := strings.Replace(string(js), `title: "Lamp"`, `title: "Lamp two"`, 1)
	if r, _ := f.upload(tok, 1, next); r.Status != "accepted" {
		t.Fatalf("second revision: %+v", r)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#world-app[data-revision="2"]`))); err != nil {
		t.Fatal(err)
	}
	marker := eval(ctx, `String(window.__noReload || 0)`)
	title := eval(ctx, `document.querySelector('.card h2').textContent`)
	shot(ctx, "owner-revision-2")
	if marker != "1" || !strings.Contains(title, "Lamp two") {
		t.Fatalf("after the new revision: reload marker %s, title %q", marker, title)
	}
	if err := chromedp.Do(guest, chromedp.WaitVisible(chromedp.CSS(`#world-app[data-revision="2"]`))); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", shots)
}
