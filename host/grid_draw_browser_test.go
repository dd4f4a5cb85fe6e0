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

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// signSource is a test definition with everything the canvas draws besides light: a sprite with
// two layers, world text visible within 3 cells, a glow, a step animation of the 'flag' layer and
// a reaction with a burst, an impulse and a camera shake.
const signSource = `import { defineObject, exactKeys, record } from '@scape/sdk';
type S = { n: number };
export const sign = defineObject<S>({
  type: 'test.sign', version: 1, emoji: '🎐', label: 'Sign', hint: 'A sign to ring',
  initial: () => ({ n: 0 }),
  valid: (s): s is S => record(s) && exactKeys(s, ['n']) && typeof s.n === 'number',
  actions: { ring: { permission: 'participant', run: (s) => ({ n: s.n + 1 }) } },
  walkable: true,
  worldText: (s) => 'Rung ' + s.n + ' times',
  worldTextRange: 3,
  sprite: () => ({ size: 32, layers: [
    { id: 'board', shapes: [{ kind: 'rect', x: 2, y: 10, width: 28, height: 18, radius: 3, fill: '#c08040' }] },
    { id: 'flag', shapes: [{ kind: 'rect', x: 12, y: 0, width: 8, height: 8, radius: 0, fill: '#ff0000' }] },
  ] }),
  glow: { color: '#00ff66', size: 96, pulse: { speed: 0, amount: 0, phaseX: 0 }, opacity: { base: 0.9, amount: 0, speed: 0, phaseY: 0 } },
  step: () => ({ durationMs: 2000, animation: { layer: 'flag', frames: [
    { at: 0, offset: [0, 0], tint: [1, 1, 1] }, { at: 1, offset: [0, 20], tint: [0.2, 0.2, 1] } ] } }),
  react: () => ({ feedback: { durationMs: 2000, burst: { color: '#ff00ff', radiusCells: 2, particles: 8 },
    impulse: { scale: 1.5, rotation: 0.5 }, cameraShake: { strength: 0.5, durationMs: 1500 } } }),
});
`

// page drives one world page tab in Chromium.
type page struct {
	t     *testing.T
	ctx   context.Context
	shots string
}

func (p *page) eval(js string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

func (p *page) shot(name string) {
	if png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100)); err == nil {
		_ = os.WriteFile(filepath.Join(p.shots, name+".png"), png, 0o644)
	}
}

// waitJS polls a JavaScript condition (a boolean expression) until it holds.
func (p *page) waitJS(cond, what string) {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for p.eval(fmt.Sprintf(`String(!!(%s))`, cond)) != "true" {
		if time.Now().After(deadline) {
			p.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
			p.t.Fatalf("%s: %s never held; the canvas drew %s", what, cond, p.eval(`JSON.stringify(window.__scapeWorld)`))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// drawn is what the canvas last drew for one instance (window.__scapeWorld.instances[id]).
type drawn struct {
	Look   string
	Sprite *struct {
		Layers int
		Layer  string
		Frame  *struct {
			At     float64
			Offset [2]float64
		}
	}
	Text *struct {
		Text  string
		Shown bool
	}
	Light *struct {
		Radius float64
		Color  string
		Alpha  float64
	}
	Glow *struct {
		Size, Opacity float64
	}
}

func (p *page) drawn(id string) drawn {
	p.t.Helper()
	var d drawn
	if err := json.Unmarshal([]byte(p.eval(fmt.Sprintf(`JSON.stringify(window.__scapeWorld.instances[%q] || {})`, id))), &d); err != nil {
		p.t.Fatal(err)
	}
	return d
}

// pixel is the canvas's color at a cell's centre.
func (p *page) pixel(c world.Cell, dx, dy int) [3]int {
	v := p.eval(fmt.Sprintf(`Array.from(document.getElementById('world-canvas').getContext('2d').getImageData(%d, %d, 1, 1).data.slice(0, 3)).join(',')`, c.X*32+16+dx, c.Y*32+16+dy))
	var px [3]int
	fmt.Sscanf(v, "%d,%d,%d", &px[0], &px[1], &px[2])
	return px
}

func (p *page) clickCell(c world.Cell) {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const c = document.getElementById('world-canvas'); const b = c.getBoundingClientRect();
		const s = b.width / c.width; return JSON.stringify([b.left + (%d + 0.5) * 32 * s, b.top + (%d + 0.5) * 32 * s]); })()`, c.X, c.Y)
	var xy [2]float64
	if _, err := fmt.Sscanf(strings.Trim(p.eval(js), "[]"), "%g,%g", &xy[0], &xy[1]); err != nil {
		p.t.Fatal(err)
	}
	if err := chromedp.Do(p.ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) key(k string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.KeyEvent(k)); err != nil {
		p.t.Fatal(err)
	}
}

// sessionToken is the tab's session token (sessionStorage, as net.ts keeps it).
func (p *page) sessionToken() string {
	return p.eval(`(() => { for (const k of Object.keys(sessionStorage)) if (k.startsWith('scape.tab')) return sessionStorage.getItem(k); return ''; })()`)
}

// TestBrowserDrawing drives the canvas in headless Chromium with the real engine, on the host's
// real ticker, with the walkable-tile, lamp and jump-pad templates and a test sign: a click
// walks onto the walkable tile and the lamp beside it blocks the arrow key; the lamp's light
// pool goes and comes back with its toggle (sampled pixels and the drawn light); the jump pad
// lands the avatar on its exit; the sign's world text is hidden beyond its range and shown
// within, its glow is drawn (pixels), its sprite's animated layer advances on arrival; its
// reaction plays (burst, impulse, shake) in the acting tab, while a tab opened later, and the
// same tab reloaded, get no replay. Screenshots go to $SCAPE_SCREENSHOTS or the test's temp dir.
func TestBrowserDrawing(t *testing.T) {
	browser := hosttest.Browser(t)
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	realTime(t, f.clock) // the host's clock in real time, so its ticker moves the avatars
	js := templateBundle(t, []string{"walkable-tile", "lamp", "jump-pad"}, map[string]string{"sign": signSource})
	if r, _ := f.upload(tok, 0, string(js)); r.Status != "accepted" {
		t.Fatalf("bundle: %+v", r)
	}
	api := ownerTab(t, o)
	tile := api.place("example.walkable-tile", 7, 4)
	lamp := api.place("example.lamp", 8, 4)
	api.place("examples.jump-pad", 4, 12)
	sign := api.place("test.sign", 20, 3)

	shots := screenshots(t)
	ctx, cancel := context.WithTimeout(browser, 120*time.Second)
	defer cancel()
	p := &page{t: t, ctx: ctx, shots: shots}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready][data-cell] #world-canvas`)),
	); err != nil {
		t.Fatal(err)
	}
	me := &tab{t: t, base: f.http.URL, token: p.sessionToken()}
	me.call("GET", "/api/world", nil, &struct{ Actor *string }{&me.actor})
	waitCell := func(c world.Cell, what string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			a := me.avatar(api.debug())
			if a.Cell == c && a.Moving == nil && len(a.Path) == 0 {
				return
			}
			if time.Now().After(deadline) {
				p.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
				t.Fatalf("%s: the avatar is at %v (moving %v), want %v", what, a.Cell, a.Moving, c)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	// The walkable tile lets the avatar onto it; the lamp beside it blocks.
	p.clickCell(world.Cell{X: 7, Y: 4})
	waitCell(world.Cell{X: 7, Y: 4}, "onto the walkable tile")
	p.key(kb.ArrowRight)
	time.Sleep(3 * world.MoveDuration)
	waitCell(world.Cell{X: 7, Y: 4}, "the lamp blocks")
	p.waitJS(`document.getElementById('world-app').dataset.cell === '7,4'`, "the canvas shows the avatar on the tile")
	if d := p.drawn(tile); d.Look != "emoji" {
		t.Fatalf("the tile (no sprite) is drawn as %q", d.Look)
	}
	p.shot("draw-on-tile")

	// The lamp's light follows its toggle: drawn (warm, radius 3), gone, back.
	beside := world.Cell{X: 9, Y: 5}
	far := world.Cell{X: 14, Y: 13}
	sum := func(c [3]int) int { return c[0] + c[1] + c[2] }
	differ := func(a, b [3]int) int {
		d := 0
		for i := range a {
			if a[i] > b[i] {
				d += a[i] - b[i]
			} else {
				d += b[i] - a[i]
			}
		}
		return d
	}
	if d := p.drawn(lamp); d.Light == nil || d.Light.Radius != 3 || d.Light.Alpha <= 0 {
		t.Fatalf("the lamp's light as drawn: %+v", d.Light)
	}
	litPx, farPx := p.pixel(beside, 0, 0), p.pixel(far, 0, 0)
	if differ(litPx, farPx) < 40 {
		t.Fatalf("no light pool beside the lamp: %v beside it, %v far away", litPx, farPx)
	}
	toggle := func() {
		t.Helper()
		if st, msg := api.call("POST", "/api/world/instances/"+lamp+"/act", map[string]any{"name": "toggle", "payload": map[string]any{}}, nil); st != 200 {
			t.Fatalf("toggle the lamp: %d %s", st, msg)
		}
	}
	toggle()
	p.waitJS(fmt.Sprintf(`window.__scapeWorld.instances[%q] && !window.__scapeWorld.instances[%q].light`, lamp, lamp), "the lamp's light goes off")
	offPx := p.pixel(beside, 0, 0)
	if differ(offPx, farPx) > 12 || differ(offPx, litPx) < 40 {
		t.Fatalf("the light did not go with the toggle: %v beside the lamp off, %v on, %v far away", offPx, litPx, farPx)
	}
	p.shot("draw-lamp-off")
	toggle()
	p.waitJS(fmt.Sprintf(`window.__scapeWorld.instances[%q].light`, lamp), "the lamp's light comes back")
	if again := p.pixel(beside, 0, 0); differ(again, litPx) > 12 {
		t.Fatalf("the light back on draws %v, first %v", again, litPx)
	}

	// The jump pad (offset +4, exit [0, 0]) lands the avatar four cells east.
	p.clickCell(world.Cell{X: 4, Y: 11})
	waitCell(world.Cell{X: 4, Y: 11}, "above the jump pad")
	p.key(kb.ArrowDown)
	waitCell(world.Cell{X: 8, Y: 12}, "landed by the jump pad")
	p.waitJS(`document.getElementById('world-app').dataset.cell === '8,12'`, "the canvas shows the landing")
	p.waitJS(fmt.Sprintf(`(() => { const a = window.__scapeWorld.avatars[%q]; return a && a.x === 8 && a.y === 12; })()`, me.actor), "the avatar drawn on its landing cell")
	p.shot("draw-jump-pad-landed")

	// The sign: its world text is hidden beyond 3 cells; its sprite and glow are drawn.
	if d := p.drawn(sign); d.Look != "sprite" || d.Sprite == nil || d.Sprite.Layers != 2 || d.Text == nil || d.Text.Shown || d.Text.Text != "Rung 0 times" {
		t.Fatalf("the sign far away: %+v (sprite %+v, text %+v)", d, d.Sprite, d.Text)
	}
	if d := p.drawn(sign); d.Glow == nil || d.Glow.Size != 96 || d.Glow.Opacity != 0.9 {
		t.Fatalf("the sign's glow as drawn: %+v", d.Glow)
	}
	// Green glow around the sign (#00ff66), beside its sprite: more green than red there.
	if g := p.pixel(world.Cell{X: 20, Y: 3}, 20, 0); g[1]-g[0] < 60 {
		t.Fatalf("no green glow beside the sign: %v", g)
	}
	labelAt := world.Cell{X: 20, Y: 2} // the label's box: above the sign, its top rows clear of the glyphs
	hidden := p.pixel(labelAt, 0, 1)
	p.clickCell(world.Cell{X: 18, Y: 3})
	waitCell(world.Cell{X: 18, Y: 3}, "within the sign's text range")
	p.waitJS(fmt.Sprintf(`window.__scapeWorld.instances[%q].text.shown`, sign), "the sign's text shown within range")
	// The label is drawn above the sign: mostly white pixels there now.
	if px := p.pixel(labelAt, 0, 1); sum(px) < 600 || sum(px) < sum(hidden)+40 {
		t.Fatalf("no world text label above the sign: %v (hidden: %v)", px, hidden)
	}
	p.shot("draw-sign-text")

	// Walking onto the sign runs its step: the flag layer's frame advances.
	p.clickCell(world.Cell{X: 20, Y: 3})
	p.waitJS(fmt.Sprintf(`(() => { const s = window.__scapeWorld.instances[%q].sprite; return s && s.frame && s.layer === 'flag'; })()`, sign), "the step animation starts")
	first := p.drawn(sign).Sprite.Frame.At
	time.Sleep(300 * time.Millisecond)
	p.waitJS(fmt.Sprintf(`(() => { const s = window.__scapeWorld.instances[%q].sprite; return s.frame && s.frame.at > %g; })()`, sign, first), "the sprite's frame advances")
	if fr := p.drawn(sign).Sprite.Frame; fr.Offset[1] <= 0 {
		t.Fatalf("the flag's frame does not move it: %+v", fr)
	}
	p.shot("draw-sign-step")

	// A reaction plays in the acting tab: burst, impulse, shake.
	if st, msg := me.call("POST", "/api/world/instances/"+sign+"/act", map[string]any{"name": "ring", "payload": map[string]any{}}, nil); st != 200 {
		t.Fatalf("ring: %d %s", st, msg)
	}
	p.waitJS(`window.__scapeWorld.effects.some((e) => e.kind === 'reaction' && e.burst && e.impulse)`, "the reaction plays")
	p.shot("draw-reaction")
	var played []string
	json.Unmarshal([]byte(p.eval(`JSON.stringify(window.__scapeWorld.played)`)), &played)
	reaction := ""
	for _, id := range played {
		for _, fb := range api.debug().Feedback {
			if fb.ID == id && fb.Kind == world.ReactionFeedback {
				reaction = id
			}
		}
	}
	if reaction == "" {
		t.Fatalf("the played feedback %v is not the pending reaction", played)
	}
	// A tab opened now, while the reaction is still pending, does not play it.
	late, cancelLate := chromedp.NewContext(ctx)
	defer cancelLate()
	lp := &page{t: t, ctx: late, shots: shots}
	if err := chromedp.Do(late, chromedp.EmulateViewport(1400, 900), chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready][data-cell] #world-canvas`))); err != nil {
		t.Fatal(err)
	}
	lp.waitJS(`window.__scapeWorld.grids > 0`, "the late tab draws")
	// The same tab reloaded is a late join too: the reaction is pending for its actor, and skipped.
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready][data-cell] #world-canvas`))); err != nil {
		t.Fatal(err)
	}
	p.waitJS(`window.__scapeWorld.grids > 0`, "the reloaded tab draws")
	still := false
	for _, fb := range api.debug().Feedback {
		still = still || fb.ID == reaction
	}
	if !still {
		t.Logf("the reaction expired before the reloaded tab drew (a slow machine): its replay is not checked")
	} else {
		p.waitJS(fmt.Sprintf(`window.__scapeWorld.skipped.includes(%q)`, reaction), "the reloaded tab skips the pending reaction")
	}
	for name, tab := range map[string]*page{"late tab": lp, "reloaded tab": p} {
		if got := tab.eval(`JSON.stringify([window.__scapeWorld.played, window.__scapeWorld.effects])`); got != "[[],[]]" {
			t.Fatalf("the %s replayed feedback: %s", name, got)
		}
	}
	lp.shot("draw-late-tab")
	for _, tab := range []*page{p, lp} {
		if e := tab.eval(`window.__scapeWorld.error || ''`); e != "" {
			t.Fatalf("the canvas failed to draw: %s", e)
		}
	}
	t.Logf("screenshots in %s", shots)
}
