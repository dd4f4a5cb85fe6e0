package host_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// TestBrowserGrid drives the world page's canvas (ui/world.ts) in headless Chromium with the
// real engine and the fan, pressure-pad and lamp templates, on the host's real ticker: a click
// walks the avatar; the arrow key steps it onto a row of fans, which push it until the lamp
// blocks it; the canvas shows the lamp's blue light pool beside the lamp; a fan pushes the
// avatar onto the pressure pad, which lights (step feedback through the engine); a new revision
// keeps the avatar's cell. The world is read from the owner's debug snapshot; screenshots go to
// $SCAPE_SCREENSHOTS or the test's temp dir.
func TestBrowserGrid(t *testing.T) {
	browser := hosttest.Browser(t)
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	// From here the host's clock runs in real time and the test ticks the world after each step
	// of it (the fixture's ticker never ticks by itself) — at most 10 ms a tick: on a loaded
	// machine the host's time slows down with the test instead of jumping past a 600 ms feedback
	// between two of the test's polls.
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for last := time.Now(); ; {
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
				now := time.Now()
				f.clock.Add(min(now.Sub(last), 10*time.Millisecond))
				f.srv.Tick()
				last = now
			}
		}
	}()
	js := gridBundle(t)
	if r, _ := f.upload(tok, 0, string(js)); r.Status != "accepted" {
		t.Fatalf("grid bundle: %+v", r)
	}
	api := ownerTab(t, o)
	for x := 5; x <= 7; x++ {
		api.place("example.fan", x, 4)
	}
	lamp := api.place("example.lamp", 8, 4)
	if st, msg := api.call("POST", "/api/world/instances/"+lamp+"/act", map[string]any{"name": "color", "payload": map[string]string{"color": "blue"}}, nil); st != 200 {
		t.Fatalf("lamp blue: %d %s", st, msg)
	}
	api.place("example.fan", 3, 10)
	pad := api.place("example.pressure-pad", 4, 10)

	shots := screenshots(t)
	shot := func(ctx context.Context, name string) { screenshot(ctx, shots, name) }
	ctx, cancel := context.WithTimeout(browser, 90*time.Second)
	defer cancel()
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		hosttest.WaitFor(`#token`),
		chromedp.SendKeys(`#token`, f.ownerToken()),
		chromedp.Click(`#signin`),
		hosttest.WaitFor(`#world-app[data-ready][data-cell] #world-canvas`),
	); err != nil {
		t.Fatal(err)
	}
	me := eval(`(() => { for (const k of Object.keys(sessionStorage)) if (k.startsWith('scape.tab')) return sessionStorage.getItem(k); return ''; })()`)
	var actor string
	(&tab{t: t, base: f.http.URL, token: me}).call("GET", "/api/world", nil, &struct{ Actor *string }{&actor})
	browserTab := &tab{t: t, base: f.http.URL, token: me, actor: actor}
	// waitCell polls the debug snapshot until the browser's avatar is at c and not moving.
	waitCell := func(c world.Cell, what string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			a := browserTab.avatar(api.debug())
			if a.Cell == c && a.Moving == nil && len(a.Path) == 0 {
				return
			}
			if time.Now().After(deadline) {
				shot(ctx, "failed-"+strings.ReplaceAll(what, " ", "-"))
				t.Fatalf("%s: the avatar is at %v (moving %v), want %v; log %s", what, a.Cell, a.Moving, c, eval(`JSON.stringify(window.__scapeLog.lines)`))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// waitPage waits up to 20 s for the world page to match sel; failing, it says what the page
	// shows (its state attributes, its flash line, the canvas's error).
	waitPage := func(sel, what string) {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(wctx, hosttest.WaitFor(sel)); err != nil {
			t.Fatalf("%s: %v; the page shows %s", what, err, eval(`JSON.stringify([document.getElementById('world-app').dataset, document.getElementById('world-flash').textContent, window.__scapeWorld && window.__scapeWorld.error])`))
		}
	}
	clickCell := func(c world.Cell, mods ...chromedp.Modifier) {
		t.Helper()
		js := fmt.Sprintf(`(() => { const c = document.getElementById('world-canvas'); const b = c.getBoundingClientRect();
			const s = b.width / c.width; return JSON.stringify([b.left + (%d + 0.5) * 32 * s, b.top + (%d + 0.5) * 32 * s]); })()`, c.X, c.Y)
		var xy [2]float64
		if _, err := fmt.Sscanf(strings.Trim(eval(js), "[]"), "%g,%g", &xy[0], &xy[1]); err != nil {
			t.Fatal(err)
		}
		var opts []chromedp.MouseOption
		for _, m := range mods {
			opts = append(opts, chromedp.ButtonModifiers(m))
		}
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1], opts...)); err != nil {
			t.Fatal(err)
		}
	}
	// A click walks to (4,4); the arrow key steps onto the fans, which push until the lamp.
	clickCell(world.Cell{X: 4, Y: 4})
	waitCell(world.Cell{X: 4, Y: 4}, "walk to (4,4)")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	waitCell(world.Cell{X: 7, Y: 4}, "pushed until blocked")
	time.Sleep(3 * world.MoveDuration) // a blocked push retries: the avatar stays
	waitCell(world.Cell{X: 7, Y: 4}, "still blocked")
	waitPage(`#world-app[data-cell="7,4"]`, "the canvas's avatar at (7,4)") // the canvas got it through SSE
	shot(ctx, "grid-pushed-to-lamp")
	// The lamp's light pool: blue (#6baaff) one cell right of the lamp, none far away.
	pixel := func(c world.Cell) [3]int {
		v := eval(fmt.Sprintf(`Array.from(document.getElementById('world-canvas').getContext('2d').getImageData(%d, %d, 1, 1).data.slice(0, 3)).join(',')`, c.X*32+16, c.Y*32+6))
		var p [3]int
		fmt.Sscanf(v, "%d,%d,%d", &p[0], &p[1], &p[2])
		return p
	}
	near, far := pixel(world.Cell{X: 9, Y: 4}), pixel(world.Cell{X: 20, Y: 13})
	if near[2]-near[0] < (far[2]-far[0])+30 {
		t.Fatalf("no blue light pool beside the lamp: pixel %v near it, %v far away", near, far)
	}
	// The fan at (3,10) pushes the avatar onto the pad, which lights with the push's color.
	clickCell(world.Cell{X: 2, Y: 10})
	waitCell(world.Cell{X: 2, Y: 10}, "walk to (2,10)")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for lit := false; !lit; {
		snap := api.debug()
		for _, fb := range snap.Feedback {
			lit = lit || (fb.Instance == pad && fb.Kind == world.StepFeedback && strings.Contains(string(fb.Effects), "#a28aff"))
		}
		if !lit && time.Now().After(deadline) {
			t.Fatalf("the pad never lit: avatar %+v, feedback %+v", browserTab.avatar(snap), snap.Feedback)
		}
		time.Sleep(10 * time.Millisecond)
	}
	shot(ctx, "grid-pad-lit")
	waitCell(world.Cell{X: 4, Y: 10}, "on the pad")
	// A new revision keeps the avatar's cell, in the world and on the canvas.
	if r, _ := f.upload(tok, 1, string(js)+"\n// revision 2\n"); r.Status != "accepted" {
		t.Fatalf("second revision: %+v", r)
	}
	waitPage(`#world-app[data-revision="2"][data-cell="4,10"]`, "revision 2 drawn with the avatar at (4,10)")
	waitCell(world.Cell{X: 4, Y: 10}, "after revision 2")
	if rev := api.debug().Revision; rev != 2 {
		t.Fatalf("the world's revision: %d", rev)
	}
	shot(ctx, "grid-revision-2")
	// A shift-click picks the cell the next placement goes to.
	clickCell(world.Cell{X: 20, Y: 2}, chromedp.ModifierShift)
	waitPage(`#world-app[data-pick="20,2"]`, "the shift-click's pick")
	if err := chromedp.Do(ctx, hosttest.ClickNow(`[data-place="example.lamp"]`)); err != nil {
		t.Fatal(err)
	}
	waitPage(`#world-app[data-pick=""]`, "the pick cleared by the placement")
	pickedOK := false
	for _, in := range api.debug().Instances {
		pickedOK = pickedOK || (in.Type == "example.lamp" && in.Floor == world.Surface && in.Cell == (world.Cell{X: 20, Y: 2}))
	}
	if !pickedOK {
		t.Fatal("no lamp on the picked cell (20,2)")
	}
	// The basement is dark except where a light lifts it.
	var placed struct{ ID string }
	if st, msg := api.call("POST", "/api/world/instances", map[string]any{"type": "example.lamp", "floor": "basement", "x": 3, "y": 3}, &placed); st != 200 {
		t.Fatalf("basement lamp: %d %s", st, msg)
	}
	if err := chromedp.Do(ctx, hosttest.ClickNow(`[data-floor="basement"]`)); err != nil {
		t.Fatal(err)
	}
	waitPage(`#world-app[data-floor="basement"]`, "the basement shown")
	sum := func(p [3]int) int { return p[0] + p[1] + p[2] }
	lit, dark := pixel(world.Cell{X: 4, Y: 3}), pixel(world.Cell{X: 20, Y: 13})
	if sum(lit) < sum(dark)+120 {
		t.Fatalf("the basement lamp does not lift the darkness: %v beside it, %v far away", lit, dark)
	}
	shot(ctx, "grid-basement")
	if e := eval(`window.__scapeWorld.error || ''`); e != "" {
		t.Fatalf("the canvas failed to draw: %s", e)
	}
	t.Logf("screenshots in %s", shots)
}
