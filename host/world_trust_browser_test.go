package host_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/internal/chromium"
	"github.com/scapeworld/scape/world"
)

// The world page an author can trust (issue 22): a placement lands beside its placer and is
// heard there; every field the SDK defines is drawn; the page says why nothing happened; cards
// are tied to the world; the page falls back without WebGL or a color emoji font, and key
// presses are queued, not lost. Screenshots go to $SCAPE_SCREENSHOTS or the test's temp dir.

// trustWorld is a host with the real engine and bundle accepted, on a clock in real time (the
// host's ticker moves the avatars).
func trustWorld(t *testing.T, bundle []byte) (*fixture, *hosttest.Owner) {
	t.Helper()
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	if r, _ := f.upload(tok, 0, string(bundle)); r.Status != "accepted" {
		t.Fatalf("bundle: %+v", r)
	}
	realTime(t, f.clock)
	return f, o
}

// signedIn signs the browser in as the owner and returns its page and its tab (its session).
func signedIn(t *testing.T, ctx context.Context, f *fixture) (*page, *tab) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1400, 1000),
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready][data-cell] #world-canvas`)),
	); err != nil {
		t.Fatal(err)
	}
	p := &page{t: t, ctx: ctx, shots: screenshots(t)}
	me := &tab{t: t, base: f.http.URL, token: p.sessionToken()}
	me.call("GET", "/api/world", nil, &struct{ Actor *string }{&me.actor})
	return p, me
}

// walkTo walks tb's avatar to c and waits until it stands there (read through admin's debug).
func walkTo(t *testing.T, tb, admin *tab, c world.Cell) {
	t.Helper()
	if st, msg := tb.call("POST", "/api/world/walk", map[string]any{"x": c.X, "y": c.Y}, nil); st != 200 {
		t.Fatalf("walk to %v: %d %s", c, st, msg)
	}
	standsOn(t, tb, admin, c, "walk to "+c.String())
}

// standsOn waits until tb's avatar stands still on c.
func standsOn(t *testing.T, tb, admin *tab, c world.Cell, what string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		a := tb.avatar(admin.debug())
		if a.Cell == c && a.Moving == nil && len(a.Path) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the avatar is at %v (moving %v), want %v", what, a.Cell, a.Moving, c)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// still waits until tb's avatar stops moving and returns its cell.
func still(t *testing.T, tb, admin *tab) world.Cell {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for last, same := (world.Cell{X: -1}), 0; ; time.Sleep(50 * time.Millisecond) {
		a := tb.avatar(admin.debug())
		if a.Moving == nil && len(a.Path) == 0 && a.Cell == last {
			if same++; same >= 8 { // 400 ms without a move: the ticker moves every 50 ms
				return a.Cell
			}
		} else {
			same = 0
		}
		last = a.Cell
		if time.Now().After(deadline) {
			t.Fatalf("the avatar never stopped: %+v", a)
		}
	}
}

// logHas waits until the page's event log has a line of kind containing text.
func (p *page) logHas(kind, text string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`window.__scapeLog.lines.some((l) => l.kind === %q && l.text.includes(%q))`, kind, text), "the log says "+text)
}

func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
		p.t.Fatalf("%s: %v", what, err)
	}
}

// jsonOf evaluates js (a promise is awaited) and decodes its JSON string into out.
func (p *page) jsonOf(js string, out any) {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	if err := json.Unmarshal([]byte(v), out); err != nil {
		p.t.Fatalf("%s: %v: %s", js, err, v)
	}
}

type meterReading struct {
	Peak  float64
	Reads int
	State string
}

// TestBrowserPlaceBesideIsHeard: Place puts the chime beside the placer's avatar at (12,8), on
// (11,7), the first cell of the stated order; the page says so (its card selected and saying
// where, the cell flashed, the visible hint naming shift-click); its placer rings it and hears it
// without moving, measured at the speakers (an AnalyserNode before the destination); a listener
// exactly 8 cells away gets the feedback but hears nothing, and its log says why (the distance
// and range). The lamp placed next lights a pool that fits inside the canvas; a shift-click pick
// is named under the canvas and can be cleared.
func TestBrowserPlaceBesideIsHeard(t *testing.T) {
	browser := soundBrowser(t)
	f, o := trustWorld(t, templateBundle(t, []string{"chime", "lamp"}, nil))
	ctx, cancel := context.WithTimeout(browser, 150*time.Second)
	defer cancel()
	p, me := signedIn(t, ctx, f)
	admin := ownerTab(t, o) // joins beside the spawn: moved out of the way
	walkTo(t, admin, admin, world.Cell{X: 0, Y: 0})
	if a := me.avatar(admin.debug()); a.Cell != world.Spawn {
		t.Fatalf("the browser's avatar joined at %v, want the spawn", a.Cell)
	}
	p.waitJS(`document.getElementById('world-place-hint').textContent.includes('shift-click a cell to choose where the next Gizmo goes')`, "the visible placement hint")

	p.do("place the chime", hosttest.ClickNow(`[data-place="examples.chime"]`))
	p.waitJS(`document.querySelector('.card[data-type="examples.chime"].selected')`, "the new chime's card is selected")
	chime := p.eval(`document.querySelector('.card[data-type="examples.chime"]').dataset.instance`)
	if where := p.eval(`document.querySelector('#card-` + chime + ` .where').dataset.where`); where != "surface 11,7" {
		t.Fatalf("the chime's card says it is at %q, want surface 11,7", where)
	}
	p.waitJS(`document.querySelector('#card-`+chime+` .status').textContent.includes('Placed at (11, 7)')`, "the card says where it went")
	if fl := p.eval(`JSON.stringify(window.__scapeWorld.lastFlash)`); fl != `{"floor":"surface","cell":{"x":11,"y":7}}` {
		t.Fatalf("the flashed cell: %s", fl)
	}
	p.shot("trust-placed-beside")

	// A participant 8 cells below the chime: within the feedback's reach, at the range's far end.
	guest, cancelGuest := chromedp.NewContext(ctx)
	defer cancelGuest()
	g := &page{t: t, ctx: guest, shots: p.shots}
	var inv struct{ URL string }
	if st, msg := admin.call("POST", "/api/world/invites", map[string]any{"role": "participant"}, &inv); st != 200 {
		t.Fatalf("invite: %d %s", st, msg)
	}
	g.do("open the invite", chromedp.EmulateViewport(1400, 1000), chromedp.Navigate(inv.URL), chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready][data-cell]`)))
	gt := &tab{t: t, base: f.http.URL, token: g.sessionToken()}
	gt.call("GET", "/api/world", nil, &struct{ Actor *string }{&gt.actor})
	// Around the placer's avatar (a walk waits for an avatar in the way: paths do not avoid them).
	for _, c := range []world.Cell{{X: 16, Y: 7}, {X: 16, Y: 15}, {X: 11, Y: 15}} {
		walkTo(t, gt, admin, c)
	}

	// Ring: both tabs listen at their speakers while the placer's tab rings.
	g.eval(`window.__meter = window.__scapeAudio.meter(3000); 'listening'`)
	var heard meterReading
	p.jsonOf(fmt.Sprintf(`(async () => { const m = window.__scapeAudio.meter(2500); document.querySelector('#card-%s button[data-control="ring"]').click(); return JSON.stringify(await m); })()`, chime), &heard)
	var far meterReading
	g.jsonOf(`window.__meter.then(JSON.stringify)`, &far)
	p.shot("trust-rung")
	t.Logf("at the speakers: the placer %.4f (%d reads, %s), 8 cells away %.5f (%d reads)", heard.Peak, heard.Reads, heard.State, far.Peak, far.Reads)
	if heard.State != "running" || heard.Reads < 10 || heard.Peak < 0.02 {
		t.Fatalf("the placer beside the chime hears %+v at the speakers, want a peak over 0.02 (the ring peaks at 0.2)", heard)
	}
	if a := me.avatar(admin.debug()); a.Cell != world.Spawn {
		t.Fatalf("the placer moved to %v", a.Cell)
	}
	if far.Reads < 10 || far.Peak > 0.002 {
		t.Fatalf("8 cells away (the range's far end) the speakers read %+v, want silence", far)
	}
	g.logHas("feedback", "ring inaudible: 8.0 cells away, range 1–8")

	// The lamp goes beside the placer too, and its light pool fits inside the canvas.
	p.do("place the lamp", hosttest.ClickNow(`[data-place="example.lamp"]`))
	p.waitJS(`document.querySelector('.card[data-type="example.lamp"].selected')`, "the lamp's card is selected")
	lamp := p.eval(`document.querySelector('.card[data-type="example.lamp"]').dataset.instance`)
	p.waitJS(`window.__scapeWorld.instances['`+lamp+`'] && window.__scapeWorld.instances['`+lamp+`'].light`, "the lamp's light is drawn")
	var lit struct {
		Cell  world.Cell
		Light struct{ Radius float64 }
	}
	p.jsonOf(`JSON.stringify(window.__scapeWorld.instances['`+lamp+`'])`, &lit)
	if c, r := lit.Cell, lit.Light.Radius; max(iabs(c.X-world.Spawn.X), iabs(c.Y-world.Spawn.Y)) != 1 || r <= 0 ||
		float64(c.X)+0.5-r < 0 || float64(c.X)+0.5+r > world.Width || float64(c.Y)+0.5-r < 0 || float64(c.Y)+0.5+r > world.Height {
		t.Fatalf("the lamp at %v with a light of radius %g does not fit inside the %d×%d canvas beside the placer", c, r, world.Width, world.Height)
	}

	// A shift-click picks the next cell, named under the canvas; "Place beside me instead" clears it.
	p.clickCellWith(world.Cell{X: 20, Y: 2}, chromedp.ModifierShift)
	p.waitJS(`document.getElementById('world-place-hint').textContent.includes('The next Gizmo goes to (20, 2)')`, "the pick is named")
	p.do("clear the pick", hosttest.ClickNow(`[data-clear-pick]`))
	p.waitJS(`document.getElementById('world-app').dataset.pick === '' && document.getElementById('world-place-hint').textContent.includes('beside you')`, "the pick is cleared")
	if e := p.eval(`window.__scapeWorld.error || ''`); e != "" {
		t.Fatalf("the canvas failed to draw: %s", e)
	}
	t.Logf("screenshots in %s", p.shots)
}

// clickCellWith clicks a cell of the canvas with modifiers held.
func (p *page) clickCellWith(c world.Cell, mods ...chromedp.Modifier) {
	p.t.Helper()
	x, y := p.cellXY(c)
	var opts []chromedp.MouseOption
	for _, m := range mods {
		opts = append(opts, chromedp.ButtonModifiers(m))
	}
	p.do("click "+c.String(), chromedp.MouseClickXY(x, y, opts...))
}

// cellXY is a canvas cell's centre in the page's CSS pixels.
func (p *page) cellXY(c world.Cell) (float64, float64) {
	js := fmt.Sprintf(`(() => { const c = document.getElementById('world-canvas'); const b = c.getBoundingClientRect();
		const s = b.width / c.width; return JSON.stringify([b.left + (%d + 0.5) * 32 * s, b.top + (%d + 0.5) * 32 * s]); })()`, c.X, c.Y)
	var xy [2]float64
	p.jsonOf(js, &xy)
	return xy[0], xy[1]
}

// noWebGLBrowser is headless Chromium with WebGL off (no SwiftShader, 3D APIs disabled), as on a
// machine or browser without it.
func noWebGLBrowser(t *testing.T) context.Context {
	t.Helper()
	path, err := chromium.Find()
	if err != nil {
		hosttest.Browser(t) // skips (or fails under SCAPE_REQUIRE_CHROMIUM) with the usual message
	}
	opts := append(chromium.Options(path, t.TempDir()), chromedp.Flag("enable-unsafe-swiftshader", false), chromedp.Flag("disable-3d-apis", true), chromedp.Flag("disable-webgl", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		if chromium.Required() {
			t.Fatalf("Chromium did not start: %v", err)
		}
		t.Skipf("SKIP: Chromium did not start (%v); the fallback tests did not run", err)
	}
	return ctx
}

// arrow dispatches one arrow key event: down (repeat: as the browser's own key repeat) or up.
func arrow(typ input.DispatchKeyEventType, repeat bool) chromedp.Action[chromedp.Void] {
	k := kb.Keys[[]rune(kb.ArrowRight)[0]]
	ev := input.DispatchKeyEventParams{Type: typ, Key: k.Key, Code: k.Code, WindowsVirtualKeyCode: k.Windows, NativeVirtualKeyCode: k.Native}
	if repeat {
		ev.AutoRepeat = &repeat
	}
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, ev)
		return err
	})
}

// TestBrowserFallbacks: in Chromium without WebGL the model Gizmo's world is drawn (its avatars,
// the model as its emoji) with a one-line notice and no drawing failure; without a color emoji
// font (this machine's fonts, when it has none) the tile also shows the label's initials; a key
// held down walks on and stops within a step or two of being let go; twelve presses 120 ms apart
// move twelve cells.
func TestBrowserFallbacks(t *testing.T) {
	browser := noWebGLBrowser(t)
	f, o := trustWorld(t, modelGizmoBundle(t))
	ctx, cancel := context.WithTimeout(browser, 150*time.Second)
	defer cancel()
	p, me := signedIn(t, ctx, f)
	admin := ownerTab(t, o)
	p.do("place the model cube", hosttest.ClickNow(`[data-place="test.model-cube"]`))
	p.waitJS(`document.querySelector('.card[data-type="test.model-cube"]')`, "the cube's card")
	cube := p.eval(`document.querySelector('.card[data-type="test.model-cube"]').dataset.instance`)
	p.waitJS(`window.__scapeWorld.modelFallback && document.getElementById('world-model-notice')`, "the no-WebGL notice")
	if n := p.eval(`document.getElementById('world-model-notice').textContent`); !strings.Contains(n, "no WebGL") || strings.Count(n, "\n") > 0 {
		t.Fatalf("the notice: %q", n)
	}
	var drawn struct {
		Instances map[string]struct {
			Look, Emoji, Initials string
		}
		Avatars   map[string]struct{ X, Y float64 }
		EmojiFont bool
		Error     string
	}
	p.waitJS(`window.__scapeWorld.instances['`+cube+`']`, "the cube drawn")
	p.jsonOf(`JSON.stringify(window.__scapeWorld)`, &drawn)
	if d := drawn.Instances[cube]; d.Look != "emoji" || d.Emoji != "📦" || drawn.Error != "" {
		t.Fatalf("without WebGL the cube is drawn as %+v (error %q)", d, drawn.Error)
	}
	if a, ok := drawn.Avatars[me.actor]; !ok || a.X != float64(world.Spawn.X) || a.Y != float64(world.Spawn.Y) {
		t.Fatalf("without WebGL the avatars drawn: %+v", drawn.Avatars)
	}
	if flash := p.eval(`document.getElementById('world-flash').textContent`); flash != "" {
		t.Fatalf("the page says %q", flash)
	}
	// The avatar's blue disc is on the canvas at the spawn (pixels, not bookkeeping).
	if px := p.pixel(world.Spawn, 0, 0); px[2] < px[0]+60 {
		t.Fatalf("no avatar drawn at the spawn: pixel %v", px)
	}
	if !drawn.EmojiFont && drawn.Instances[cube].Initials != "MC" {
		t.Fatalf("with no color emoji font the cube's tile has initials %q, want MC (Model cube)", drawn.Instances[cube].Initials)
	}
	if drawn.EmojiFont && drawn.Instances[cube].Initials != "" {
		t.Fatalf("with a color emoji font the cube's tile has initials %q", drawn.Instances[cube].Initials)
	}
	t.Logf("color emoji font: %v", drawn.EmojiFont)
	p.shot("trust-no-webgl")

	// A held key walks on; let go, the avatar stops (the step under way and at most one queued).
	walkTo(t, me, admin, world.Cell{X: 0, Y: 3})
	p.do("hold the right arrow", chromedp.Focus(chromedp.CSS(`#world-canvas`)), arrow(input.DispatchKeyEventTypeKeyDown, false), arrow(input.DispatchKeyEventTypeKeyDown, true))
	deadline := time.Now().Add(30 * time.Second)
	var at world.Avatar
	for at = me.avatar(admin.debug()); at.Cell.X < 4; at = me.avatar(admin.debug()) {
		if time.Now().After(deadline) {
			t.Fatalf("a held key moved the avatar to %v only", at.Cell)
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.do("let go", arrow(input.DispatchKeyEventTypeKeyUp, false))
	released := at.Cell.X
	if at.Moving != nil {
		released = at.Moving.X
	}
	stop := still(t, me, admin)
	if stop.Y != 3 || stop.X > released+2 {
		t.Fatalf("let go on the way to x=%d, the avatar went on to %v", released, stop)
	}
	// Twelve presses, 120 ms apart (faster than the avatar walks): twelve cells.
	for i := 0; i < 12; i++ {
		p.key(kb.ArrowRight)
		time.Sleep(120 * time.Millisecond) // the presses' spacing is the scenario, not a wait
	}
	if end := still(t, me, admin); end != stop.Add(12, 0) {
		t.Fatalf("12 presses from %v moved the avatar to %v, want %v", stop, end, stop.Add(12, 0))
	}
	p.shot("trust-keys")
	t.Logf("screenshots in %s", p.shots)
}

// TestBrowserFieldsAndLog: every field the SDK defines is drawn, and the page says why nothing
// happened. A vote is visibly pressed (aria-pressed and a different look) and the other answers
// are not; the lamp's chosen color is pressed; a definition's hint is on its card and its Place
// button; world text on row 0 is kept inside the canvas (drawn below the cell); a step into the
// lamp is refused and the log names the lamp; the jump pad's landing plays its arrival (scale
// 0.7 for 180 ms) and the log says where it went; with the landing taken, the log says the
// travel was refused and by whom; the chime's reaction is shown as effects ("burst · ring
// 0.29 gain"), never as JSON, and feedback that does not reach this viewer says why.
func TestBrowserFieldsAndLog(t *testing.T) {
	browser := hosttest.Browser(t)
	f, o := trustWorld(t, templateBundle(t, []string{"voting-booth", "lamp", "jump-pad", "chime"}, map[string]string{"sign": signSource}))
	admin := ownerTab(t, o) // the spawn; it places, then steps aside
	booth := admin.place("scape.voting-booth", 2, 2)
	lamp := admin.place("example.lamp", 6, 2)
	admin.place("examples.jump-pad", 3, 12)
	chime := admin.place("examples.chime", 9, 12)
	sign := admin.place("test.sign", 18, 0)
	walkTo(t, admin, admin, world.Cell{X: 0, Y: 0})
	ctx, cancel := context.WithTimeout(browser, 150*time.Second)
	defer cancel()
	p, me := signedIn(t, ctx, f)
	card := func(id string) string { return "#card-" + id }

	// pressed: the vote for the first answer, on this tab's card; the lamp's color.
	p.do("vote", hosttest.ClickNow(card(booth)+` [data-control="vote-0"]`))
	p.waitJS(`document.querySelector('`+card(booth)+` [data-control="vote-0"]').getAttribute('aria-pressed') === 'true'`, "the vote is pressed")
	if other := p.eval(`document.querySelector('` + card(booth) + ` [data-control="vote-1"]').getAttribute('aria-pressed')`); other != "false" {
		t.Fatalf("the other answer's aria-pressed is %q", other)
	}
	looks := p.eval(`(() => { const s = (id) => getComputedStyle(document.querySelector('` + card(booth) + ` [data-control="' + id + '"]')).backgroundColor; return s('vote-0') + ' | ' + s('vote-1'); })()`)
	if on, off, _ := strings.Cut(looks, " | "); on == off {
		t.Fatalf("the pressed vote looks like the other answer: %s", looks)
	}
	if warm := p.eval(`document.querySelector('` + card(lamp) + ` [data-control="warm"]').getAttribute('aria-pressed') + document.querySelector('` + card(lamp) + ` [data-control="blue"]').getAttribute('aria-pressed')`); warm != "truefalse" {
		t.Fatalf("the lamp's warm and blue colors: aria-pressed %q, want true then false", warm)
	}
	// hint: on the card, and as the Place button's title.
	if h := p.eval(`document.querySelector('` + card(booth) + ` .hint').textContent + ' | ' + document.querySelector('[data-place="scape.voting-booth"]').title`); h != "tap to vote together | tap to vote together" {
		t.Fatalf("the booth's hint: %q", h)
	}
	p.shot("trust-pressed")

	// World text on row 0: shown within range, its box inside the canvas.
	walkTo(t, me, admin, world.Cell{X: 18, Y: 1})
	p.waitJS(`window.__scapeWorld.instances['`+sign+`'].text.shown`, "the sign's text is shown")
	var text struct{ Box [4]float64 }
	p.jsonOf(`JSON.stringify(window.__scapeWorld.instances['`+sign+`'].text)`, &text)
	if b := text.Box; b[0] < 0 || b[1] < 0 || b[0]+b[2] > 768 || b[1]+b[3] > 512 || b[2] <= 0 {
		t.Fatalf("the world text's box %v is not inside the 768×512 canvas", b)
	}
	p.shot("trust-world-text")

	// Feedback that does not reach this viewer says why: the chime rung 14.2 cells away.
	if st, msg := admin.act(chime, "ring", map[string]any{}); st != 200 {
		t.Fatalf("ring: %d %s", st, msg)
	}
	p.logHas("acted", "its feedback was not delivered to you: 14.2 cells away (feedback reaches 8 cells)")

	// A step into the lamp: refused, and the log names it.
	walkTo(t, me, admin, world.Cell{X: 6, Y: 3})
	p.key(kb.ArrowUp)
	p.logHas("refused", "Step up refused: Lamp at (6, 2) does not let players in")

	// The jump pad: landed four cells east, its arrival played; the log says so. (Walks go round
	// it: a path over the pad would travel.)
	walkTo(t, me, admin, world.Cell{X: 2, Y: 11})
	walkTo(t, me, admin, world.Cell{X: 2, Y: 12})
	p.key(kb.ArrowRight)
	standsOn(t, me, admin, world.Cell{X: 7, Y: 12}, "landed by the jump pad")
	p.logHas("travel", "Jump pad at (3, 12) took you from (3, 12) to (7, 12)")
	var arrivals []struct {
		DurationMs, Scale float64
	}
	p.jsonOf(`JSON.stringify(window.__scapeWorld.arrivals)`, &arrivals)
	if len(arrivals) != 1 || arrivals[0].DurationMs != 180 || arrivals[0].Scale != 0.7 {
		t.Fatalf("the arrivals played: %+v", arrivals)
	}
	// Its landing taken by the admin's avatar: refused, and the log says by whom.
	walkTo(t, me, admin, world.Cell{X: 7, Y: 11})
	walkTo(t, me, admin, world.Cell{X: 2, Y: 11})
	walkTo(t, admin, admin, world.Cell{X: 7, Y: 12})
	walkTo(t, me, admin, world.Cell{X: 2, Y: 12})
	p.key(kb.ArrowRight)
	p.logHas("refused", fmt.Sprintf("Travel refused: Jump pad at (3, 12) did nothing, no free exit: %s is on (7, 12)", admin.actor))
	p.shot("trust-travel-refused")

	// The chime rung from its card, 6 cells away: its effects, as this viewer gets them.
	p.do("ring", hosttest.ClickNow(card(chime)+` button[data-control="ring"]`))
	p.waitJS(`document.querySelector('`+card(chime)+` .reaction')`, "the reaction on the card")
	if r := p.eval(`document.querySelector('` + card(chime) + ` .reaction').textContent`); !strings.Contains(r, "burst · ring 0.29 gain") || strings.Contains(r, "{") {
		t.Fatalf("the reaction on the chime's card: %q", r)
	}
	p.logHas("feedback", "Feedback from Chime at (9, 12): burst · ring 0.29 gain")
	p.shot("trust-log")
	p.elementShot("#world-stage", "world-log") // docs/images/world-log.png
	if e := p.eval(`window.__scapeWorld.error || ''`); e != "" {
		t.Fatalf("the canvas failed to draw: %s", e)
	}
	t.Logf("screenshots in %s", p.shots)
}

// TestBrowserCardsTiedToWorld: each card says its floor and cell and cards are grouped by floor;
// hovering a card outlines its cell on the canvas (pixels) and leaving it clears the outline;
// clicking the lamp on the canvas selects its card without walking into it; the Remove confirm
// names the definition's label and cell; a status line is cleared by the next state someone
// else makes, and kept through this tab's own.
func TestBrowserCardsTiedToWorld(t *testing.T) {
	browser := hosttest.Browser(t)
	f, o := trustWorld(t, templateBundle(t, []string{"lamp", "counter"}, nil))
	admin := ownerTab(t, o)
	lamp := admin.place("example.lamp", 5, 5)
	counter := admin.place("scape.counter", 9, 5)
	var below struct{ ID string }
	if st, msg := admin.call("POST", "/api/world/instances", map[string]any{"type": "example.lamp", "floor": "basement", "x": 3, "y": 3}, &below); st != 200 {
		t.Fatalf("basement lamp: %d %s", st, msg)
	}
	walkTo(t, admin, admin, world.Cell{X: 0, Y: 0})
	ctx, cancel := context.WithTimeout(browser, 150*time.Second)
	defer cancel()
	p, me := signedIn(t, ctx, f)
	card := func(id string) string { return "#card-" + id }

	// Floor and cell on each card, cards grouped by floor.
	p.waitJS(`document.querySelector('`+card(below.ID)+`')`, "the basement lamp's card")
	if w := p.eval(`document.querySelector('` + card(lamp) + ` .where').textContent`); w != "Surface · cell (5, 5)" {
		t.Fatalf("the lamp's card says %q", w)
	}
	groups := p.eval(`Array.from(document.querySelectorAll('#world-grid > section.floor-group')).map((g) => g.dataset.floor + ':' + Array.from(g.querySelectorAll('.card')).map((c) => c.dataset.instance).join(',')).join(' ')`)
	if want := fmt.Sprintf("surface:%s,%s basement:%s", lamp, counter, below.ID); groups != want {
		t.Fatalf("the cards by floor: %q, want %q", groups, want)
	}

	// Hover a card: its cell is outlined on the canvas (amber), and not once the pointer leaves.
	outlined := func() [3]int { return p.pixel(world.Cell{X: 5, Y: 5}, -15, 0) } // the cell's left edge
	plain := outlined()
	x, y := p.centreOf(card(lamp) + ` .where`)
	p.do("hover the lamp's card", chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	p.waitJS(`window.__scapeWorld.highlights.some((h) => h.kind === 'hover' && h.id === '`+lamp+`')`, "the hovered card's cell outlined")
	if px := outlined(); px[0] < 200 || px[2] > 80 || px == plain {
		t.Fatalf("the hovered lamp's cell edge is %v (was %v), want amber", px, plain)
	}
	p.do("leave the card", chromedp.MouseEvent(chromedp.MouseMoved, 5, 5))
	p.waitJS(`!window.__scapeWorld.highlights.some((h) => h.kind === 'hover')`, "the outline goes")
	if px := outlined(); px != plain {
		t.Fatalf("the lamp's cell edge is %v after the pointer left, was %v", px, plain)
	}

	// A click on the lamp on the canvas selects its card; the avatar does not try to walk in.
	before := me.avatar(admin.debug()).Cell
	p.clickCell(world.Cell{X: 5, Y: 5})
	p.waitJS(`document.querySelector('`+card(lamp)+`').classList.contains('selected')`, "the clicked lamp's card is selected")
	if a := me.avatar(admin.debug()); a.Cell != before || len(a.Path) != 0 || p.eval(`window.__scapeLog.lines.some((l) => l.kind === 'refused') ? 'refused' : ''`) != "" {
		t.Fatalf("clicking the lamp walked or was refused: %+v, log %s", a, p.eval(`JSON.stringify(window.__scapeLog.lines)`))
	}
	p.shot("trust-selected")
	p.elementShot("#world-layout", "world-cards") // docs/images/world-cards.png

	// The Remove confirm names the label and the cell (and the floor off the surface).
	p.eval(`window.confirm = (m) => { (window.__confirms = window.__confirms || []).push(m); return false; }; 'stubbed'`)
	p.do("remove the lamps", hosttest.ClickNow(card(lamp)+` [data-remove]`), hosttest.ClickNow(card(below.ID)+` [data-remove]`))
	if c := p.eval(`JSON.stringify(window.__confirms)`); c != `["Remove Lamp at (5, 5)?","Remove Lamp at (3, 3) on the basement?"]` {
		t.Fatalf("the confirms: %s", c)
	}

	// A status line: kept through this tab's own next state, cleared by someone else's.
	status := func() string { return p.eval(`document.querySelector('` + card(counter) + ` .status').textContent`) }
	p.do("add one", hosttest.ClickNow(card(counter)+` [data-control="increment"]`))
	p.waitJS(`document.querySelector('`+card(counter)+` .status').textContent === 'Add one: done'`, "the status says done")
	p.waitJS(`document.querySelector('`+card(counter)+` h2').textContent.includes('1')`, "the count drawn")
	if s := status(); s != "Add one: done" {
		t.Fatalf("this tab's own change cleared its status: %q", s)
	}
	guest := invited(t, admin, "participant")
	if st, msg := guest.act(counter, "increment", map[string]any{}); st != 200 {
		t.Fatalf("the participant's count: %d %s", st, msg)
	}
	p.waitJS(`document.querySelector('`+card(counter)+` h2').textContent.includes('2')`, "the participant's count drawn")
	p.waitJS(`document.querySelector('`+card(counter)+` .status').textContent === ''`, "the next state clears the status")
	p.shot("trust-cards")
	t.Logf("screenshots in %s", p.shots)
}

// elementShot keeps a picture of one element of the page (the docs' screenshots are these).
func (p *page) elementShot(sel, name string) {
	if png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(sel))); err == nil {
		_ = os.WriteFile(filepath.Join(p.shots, name+".png"), png, 0o644)
	}
}

// centreOf is the centre of the first element matching sel, in CSS pixels.
func (p *page) centreOf(sel string) (float64, float64) {
	var xy [2]float64
	p.jsonOf(fmt.Sprintf(`(() => { const b = document.querySelector(%q).getBoundingClientRect(); return JSON.stringify([b.left + b.width / 2, b.top + b.height / 2]); })()`, sel), &xy)
	return xy[0], xy[1]
}
