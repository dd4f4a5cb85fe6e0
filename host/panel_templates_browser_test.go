package host_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scapeworld/scape/host/hosttest"
)

// TestBrowserPanelTemplates drives the panel in headless Chromium with the real engine and the
// panel bundle (panel_test.go), clicking through the page's own script and checking the
// server's state: the voting booth's question saves through its text field and Save button
// under Configure; the counter counts; the fan's "Set direction" select changes its push
// (the world's derived push); the thermostat's remembered settings replay on the next
// placement by the same tab; the sign's configuration.open opens Configure on placement; the
// world door's picker saves a stub world and its link says what a hosted world would do; the
// pressure pad (no view) is a card with no error; Configure opens from the keyboard and the
// focus and typed text survive a redraw; an editor tab has Configure with its own counter's
// reset, a participant tab has no Configure at all. Screenshots go to $SCAPE_SCREENSHOTS or
// the test's temp dir.
func TestBrowserPanelTemplates(t *testing.T) {
	browser := hosttest.Browser(t)
	f, api := panelFixture(t)
	shots := screenshots(t)
	ctx, cancel := context.WithTimeout(browser, 120*time.Second)
	defer cancel()
	shot := func(ctx context.Context, name string) { screenshot(ctx, shots, name) }
	eval := func(ctx context.Context, js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	do := func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			shot(ctx, "failed-"+strings.ReplaceAll(what, " ", "-"))
			t.Fatalf("%s: %v", what, err)
		}
	}
	// waitJS waits until the page's expression is true.
	waitJS := func(expr string) chromedp.Action[chromedp.Void] {
		return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(10*time.Second))(ctx, tg)
			return chromedp.Void{}, err
		}
	}
	// place clicks Place for typ and returns the new card's instance id (the last of its type),
	// once its view is drawn (on a loaded machine the first may be a "did not render in time"
	// placeholder, retried by the page).
	place := func(ctx context.Context, typ string) string {
		t.Helper()
		before := eval(ctx, fmt.Sprintf(`String(document.querySelectorAll('.card[data-type=%q]').length)`, typ))
		last := fmt.Sprintf(`Array.from(document.querySelectorAll('.card[data-type=%q]')).pop()`, typ)
		do(ctx, "place "+typ, hosttest.ClickNow(fmt.Sprintf(`[data-place=%q]`, typ)),
			waitJS(fmt.Sprintf(`document.querySelectorAll('.card[data-type=%q]').length > %s && !%s.querySelector('.late')`, typ, before, last)))
		return eval(ctx, last+`.dataset.instance`)
	}
	card := func(id string) string { return fmt.Sprintf(`#card-%s`, id) }
	// waitState polls the server's saved state of id until it is want.
	waitState := func(id, want, what string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			got := stateOf(t, f, id)
			if got == want {
				return
			}
			if time.Now().After(deadline) {
				shot(ctx, "failed-"+strings.ReplaceAll(what, " ", "-"))
				t.Fatalf("%s: the state is %s, want %s", what, got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	do(ctx, "sign in",
		chromedp.EmulateViewport(1400, 1000),
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] [data-place="scape.voting-booth"]`)),
	)

	// The voting booth: Configure is closed at first and opens from the keyboard; the question
	// saves through its text field and the Save question button.
	booth := place(ctx, "scape.voting-booth")
	do(ctx, "booth card", chromedp.WaitVisible(chromedp.CSS(card(booth)+` summary[data-configure]`)))
	if open := eval(ctx, `String(document.querySelector('`+card(booth)+` details.configure').open)`); open != "false" {
		t.Fatalf("Configure is open on a new voting booth (no configuration.open): %s", open)
	}
	do(ctx, "Configure from the keyboard",
		chromedp.Focus(chromedp.CSS(card(booth)+` summary[data-configure]`)),
		chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(card(booth)+` details.configure [data-field="question"]`)),
	)
	// Typing, then a redraw (another tab counts): the field keeps the focus and the text.
	counter := place(ctx, "scape.counter")
	do(ctx, "type the question",
		chromedp.Focus(chromedp.CSS(card(booth)+` [data-field="question"]`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('`+card(booth)+` [data-field="question"]').select(); undefined`),
		chromedp.SendKeys(chromedp.CSS(card(booth)+` [data-field="question"]`), "Lunch or a walk?"),
	)
	if st, msg := api.act(counter, "increment", map[string]any{}); st != 200 {
		t.Fatalf("the API tab's count: %d %s", st, msg)
	}
	do(ctx, "the counter's redraw", chromedp.WaitVisible(chromedp.CSS(card(counter)+` h2`)), waitJS(`document.querySelector('`+card(counter)+` h2').textContent.includes('1')`))
	if got := eval(ctx, `(document.activeElement.getAttribute('data-field') || '') + '|' + document.activeElement.value`); got != "question|Lunch or a walk?" {
		t.Fatalf("after a redraw the focus and text are %q", got)
	}
	do(ctx, "save the question",
		hosttest.ClickNow(card(booth)+` details.configure [data-control="configure"]`),
		waitJS(`document.querySelector('`+card(booth)+` h2').textContent.includes('Lunch or a walk?')`),
	)
	if got := stateOf(t, f, booth); !strings.Contains(got, `"question":"Lunch or a walk?"`) || !strings.Contains(got, `"round":1`) {
		t.Fatalf("the booth's saved state: %s", got)
	}
	shot(ctx, "panel-booth-saved")

	// The counter counts from its button.
	do(ctx, "count", hosttest.ClickNow(card(counter)+` [data-control="increment"]`))
	waitState(counter, `{"count":2}`, "the counter counts")

	// The fan: "Set direction" saves on change, with no button; the world's push follows.
	fan := place(ctx, "example.fan")
	do(ctx, "the fan's direction",
		hosttest.ClickNow(card(fan)+` summary[data-configure]`),
		chromedp.WaitVisible(chromedp.CSS(card(fan)+` details.configure select[data-field="direction"]`)),
	)
	if n := eval(ctx, `String(document.querySelectorAll('`+card(fan)+` [data-control="direction"]').length)`); n != "0" {
		t.Fatalf("the fan's automatic control drew %s buttons", n)
	}
	do(ctx, "set direction down", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('`+card(fan)+` select[data-field="direction"]'); s.value = 'down'; s.dispatchEvent(new Event('change')); })()`))
	waitState(fan, `{"on":true,"direction":"down"}`, "the fan's direction")
	pushed := false
	for _, in := range api.debug().Instances {
		pushed = pushed || (in.ID == fan && in.Derived != nil && in.Derived.Push != nil && in.Derived.Push.Direction == "down")
	}
	if !pushed {
		t.Fatal("the world's fan does not push down")
	}

	// The thermostat remembers: the second placement by this tab gets the first's settings.
	thermo := place(ctx, "home.thermostat")
	do(ctx, "the thermostat's target",
		hosttest.ClickNow(card(thermo)+` summary[data-configure]`),
		chromedp.WaitVisible(chromedp.CSS(card(thermo)+` select[data-field="target"]`)),
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('`+card(thermo)+` select[data-field="target"]'); s.value = '30.5'; s.dispatchEvent(new Event('change')); })()`),
	)
	waitState(thermo, `{"target":"30.5","mode":"heat"}`, "the thermostat's target")
	second := place(ctx, "home.thermostat")
	waitState(second, `{"target":"30.5","mode":"heat"}`, "the remembered settings")
	do(ctx, "the replay's notice", waitJS(`document.querySelector('`+card(second)+` .status').textContent.includes('remembered settings')`))
	shot(ctx, "panel-thermostat-remembered")

	// The sign: configuration.open opens Configure on placement.
	sign := place(ctx, "test.sign")
	do(ctx, "the sign's Configure opens", chromedp.WaitVisible(chromedp.CSS(card(sign)+` details.configure[open] [data-field="text"]`)))

	// The world door: the stub picker saves a destination; the link says what would happen.
	door := place(ctx, "travel.world-door")
	do(ctx, "the world picker",
		hosttest.ClickNow(card(door)+` summary[data-configure]`),
		chromedp.WaitVisible(chromedp.CSS(card(door)+` select[data-world-pick]`)),
		chromedp.SetValue(chromedp.CSS(card(door)+` select[data-world-pick]`), "sky-garden"),
		hosttest.ClickNow(card(door)+` [data-world-save]`),
	)
	waitState(door, `{"destination":{"id":"sky-garden","name":"Sky Garden"}}`, "the picked world")
	// The save's own answer writes the card's status too: wait for it, or it may land after the
	// world link's message (the server's event can arrive before the save's response).
	do(ctx, "the save's status", waitJS(`(document.querySelector('`+card(door)+` .status') || {}).textContent?.includes('Destination world: sky-garden')`))
	do(ctx, "the world link", waitJS(`(document.querySelector('`+card(door)+` [data-navigate]') || {}).textContent?.includes('Sky Garden')`),
		hosttest.ClickNow(card(door)+` [data-navigate]`))
	if msg := eval(ctx, `document.querySelector('`+card(door)+` .status').textContent`); !strings.Contains(msg, "No cross-world travel") {
		t.Fatalf("the world link's message: %q", msg)
	}
	if stub := eval(ctx, `document.querySelector('`+card(door)+` .world-picker').textContent`); !strings.Contains(stub, "Local stub directory") {
		t.Fatalf("the picker is not labelled as the local stub: %q", stub)
	}

	// The pressure pad has no view: its card, its name, no error, no controls.
	pad := place(ctx, "example.pressure-pad")
	got := eval(ctx, `(() => { const c = document.querySelector('`+card(pad)+`'); return JSON.stringify([c.querySelector('h2').textContent, c.querySelectorAll('.error').length, c.querySelectorAll('[data-control]').length, c.textContent.includes('has no view')]); })()`)
	if got != `["🔘 Pressure pad",0,0,false]` {
		t.Fatalf("the pressure pad's card: %s", got)
	}
	shot(ctx, "panel-owner")

	// An editor's tab: Configure with its own counter's reset. A participant's: no Configure.
	var inv struct{ URL string }
	for _, role := range []string{"editor", "participant"} {
		if st, msg := api.call("POST", "/api/world/invites", map[string]string{"role": role}, &inv); st != 200 {
			t.Fatalf("invite: %d %s", st, msg)
		}
		tabCtx, cancelTab := chromedp.NewContext(ctx)
		do(tabCtx, role+" tab", chromedp.Navigate(inv.URL), chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] `+card(counter))))
		if role == "editor" {
			mine := place(tabCtx, "scape.counter")
			do(tabCtx, "the editor's Configure", hosttest.ClickNow(card(mine)+` summary[data-configure]`),
				chromedp.WaitVisible(chromedp.CSS(card(mine)+` details.configure [data-control="reset"]`)))
			if n := eval(tabCtx, `String(document.querySelectorAll('`+card(counter)+` details.configure').length)`); n != "0" {
				t.Fatalf("the editor has Configure on the owner's counter (editing needs the placer)")
			}
		} else {
			if n := eval(tabCtx, `String(document.querySelectorAll('details.configure, [data-world-pick]').length)`); n != "0" {
				t.Fatalf("the participant has %s Configure disclosures", n)
			}
			do(tabCtx, "the participant counts", hosttest.ClickNow(card(counter)+` [data-control="increment"]`))
			waitState(counter, `{"count":3}`, "the participant counts")
		}
		shot(tabCtx, "panel-"+role)
		cancelTab()
	}
	var w json.RawMessage
	api.call("GET", "/api/world", nil, &w)
	t.Logf("screenshots in %s", shots)
}
