package host_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
)

// modelGizmoBundle builds testdata/world/model-gizmo (copied, so the build writes nothing into
// the repository).
func modelGizmoBundle(tb testing.TB) []byte {
	tb.Helper()
	src := filepath.Join("..", "testdata", "world", "model-gizmo")
	dir := filepath.Join(tb.TempDir(), "model-gizmo")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		tb.Fatal(err)
	}
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil || !res.OK() {
		tb.Fatalf("bundle: %v %v", err, res.Diagnostics)
	}
	return res.JS
}

// The model view the page renders (host/web/ui/model.ts): a VIEW_W × VIEW_H-cell orthographic view,
// the model's origin ORIGIN_Y cells above its bottom, seen from ELEVATION above the horizon.
const (
	viewW, viewH, originY = 2.0, 2.0, 0.75
	elevation             = math.Pi / 6
)

type quat [4]float64 // x, y, z, w

func axisQ(ax [3]float64, angle float64) quat {
	s := math.Sin(angle / 2)
	return quat{ax[0] * s, ax[1] * s, ax[2] * s, math.Cos(angle / 2)}
}

// mul is the Hamilton product a·b (b first, then a), as the SDK's multiplyQuaternion.
func mul(a, b quat) quat {
	return quat{
		a[3]*b[0] + a[0]*b[3] + a[1]*b[2] - a[2]*b[1],
		a[3]*b[1] - a[0]*b[2] + a[1]*b[3] + a[2]*b[0],
		a[3]*b[2] + a[0]*b[1] - a[1]*b[0] + a[2]*b[3],
		a[3]*b[3] - a[0]*b[0] - a[1]*b[1] - a[2]*b[2],
	}
}

func rotate(q quat, v [3]float64) [3]float64 {
	p := mul(mul(q, quat{v[0], v[1], v[2], 0}), quat{-q[0], -q[1], -q[2], q[3]})
	return [3]float64{p[0], p[1], p[2]}
}

// cubeBox is where a unit cube (−0.5…0.5), scaled by fit and turned by q, lands in a size × size
// render target: its silhouette's bounding box in pixels [left, top, right, bottom], worked out
// from the presentation alone, independently of three.js.
func cubeBox(q quat, fit, lift float64, size int) [4]float64 {
	box := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	up := [3]float64{0, math.Cos(elevation), -math.Sin(elevation)} // the camera's up, in the world
	for _, c := range [][3]float64{{-1, -1, -1}, {-1, -1, 1}, {-1, 1, -1}, {-1, 1, 1}, {1, -1, -1}, {1, -1, 1}, {1, 1, -1}, {1, 1, 1}} {
		p := rotate(q, [3]float64{c[0] * fit / 2, c[1] * fit / 2, c[2] * fit / 2})
		p[1] += lift
		u := p[0]
		v := p[0]*up[0] + p[1]*up[1] + p[2]*up[2]
		px := (u + viewW/2) / viewW * float64(size)
		py := (viewH - originY - v) / viewH * float64(size)
		box = [4]float64{math.Min(box[0], px), math.Min(box[1], py), math.Max(box[2], px), math.Max(box[3], py)}
	}
	return box
}

// modelShot is the render target of one instance as the page last drew it.
type modelShot struct {
	Width, Height, Opaque int
	Box                   [4]float64 // left, top, right+1, bottom+1 of the pixels with alpha > 128
}

// TestBrowserModel drives the world page with the model Gizmo (testdata/world/model-gizmo) in
// headless Chromium with the real engine: the renderer is loaded only once a model is placed;
// the cube is drawn into its textureSize render target (not blank) with its silhouette's
// bounding box where the rest pose and fitSize put it; a tap on its cell sends its action, whose
// transition's timeline plays to a final frame equal to the timeline's (and the box follows);
// the result label shows the count; with prefers-reduced-motion the next change jumps to its
// final frame at once. Screenshots go to $SCAPE_SCREENSHOTS or the test's temp dir.
func TestBrowserModel(t *testing.T) {
	browser := hosttest.Browser(t)
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	if r, _ := f.upload(tok, 0, string(modelGizmoBundle(t))); r.Status != "accepted" {
		t.Fatalf("model bundle: %+v", r)
	}
	api := ownerTab(t, o)

	shots := screenshots(t)
	ctx, cancel := context.WithTimeout(browser, 120*time.Second)
	defer cancel()
	shot := func(name string) { screenshot(ctx, shots, name) }
	eval := func(js string, out any) {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		if err := json.Unmarshal([]byte(s), out); err != nil {
			t.Fatalf("%s: %v (%s)", js, err, s)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] #world-canvas`)),
	); err != nil {
		t.Fatal(err)
	}
	var loaded bool
	eval(`JSON.stringify(!!document.querySelector('script[src="/static/model.js"]'))`, &loaded)
	if loaded {
		t.Fatal("the renderer was loaded with no model placed")
	}
	id := api.place("test.model-cube", 6, 3)

	type frame struct {
		Rotation [4]float64
		X, Lift  float64
		Shadow   [3]float64
	}
	type state struct {
		Ready, Done, Live, ReducedMotion bool
		Key                              string
		Frame                            frame
		Label                            *struct {
			Text    string
			Opacity float64
		}
	}
	snapshot := func() (st state, ok bool) {
		var all map[string]state
		eval(`JSON.stringify(window.__scapeModels || {})`, &all)
		st, ok = all[id]
		return st, ok
	}
	waitFor := func(what string, cond func(state) bool) state {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			if st, ok := snapshot(); ok && cond(st) {
				return st
			}
			if time.Now().After(deadline) {
				shot("failed-model")
				st, _ := snapshot()
				t.Fatalf("%s: the model's state is %+v", what, st)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	image := func() modelShot {
		t.Helper()
		var m modelShot
		eval(fmt.Sprintf(`(() => { const c = window.__scapeModelRenderer.image(%q); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
			let l = c.width, tp = c.height, r = 0, b = 0, n = 0;
			for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++) if (d[4 * (y * c.width + x) + 3] > 128) { n++; l = Math.min(l, x); tp = Math.min(tp, y); r = Math.max(r, x + 1); b = Math.max(b, y + 1); }
			return JSON.stringify({width: c.width, height: c.height, opaque: n, box: [l, tp, r, b]}); })()`, id), &m)
		return m
	}
	checkBox := func(what string, got modelShot, q quat, lift float64) {
		t.Helper()
		want := cubeBox(q, 0.8, lift, 128)
		for i := range want {
			if math.Abs(got.Box[i]-want[i]) > 2.5 {
				shot("failed-model-box")
				t.Fatalf("%s: the silhouette's box is %v, the rest pose and fitSize say %.1f", what, got.Box, want)
			}
		}
	}

	// Drawn at rest: the settled timeline of turns = 0 ends on the identity, so the pose is rest.
	waitFor("the model drawn", func(s state) bool { return s.Ready && s.Done && s.Key == "turn-0" })
	eval(`JSON.stringify(!!document.querySelector('script[src="/static/model.js"]'))`, &loaded)
	if !loaded {
		t.Fatal("a model is drawn but /static/model.js was never added")
	}
	rest := axisQ([3]float64{0, 0, 1}, 0.5)
	img := image()
	if img.Width != 128 || img.Height != 128 || img.Opaque < 500 {
		t.Fatalf("the render target is %dx%d with %d opaque pixels: want 128x128, not blank", img.Width, img.Height, img.Opaque)
	}
	checkBox("at rest", img, rest, 0)
	shot("model-rest")

	// A tap on the cube's cell turns it: the timeline plays to its final frame.
	var xy [2]float64
	eval(`(() => { const c = document.getElementById('world-canvas'); const b = c.getBoundingClientRect(); const s = b.width / c.width;
		return JSON.stringify([b.left + 6.5 * 32 * s, b.top + 3.5 * 32 * s]); })()`, &xy)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	moving := waitFor("the tap's timeline playing", func(s state) bool { return s.Key == "turn-1" && s.Live })
	if !moving.Done {
		shot("model-turning")
	}
	st := waitFor("the timeline's final frame", func(s state) bool { return s.Key == "turn-1" && s.Done })
	want := axisQ([3]float64{0, 1, 0}, math.Pi/4) // turnFrames(1)'s last rotation
	for i := range want {
		if math.Abs(st.Frame.Rotation[i]-want[i]) > 1e-9 || math.Abs(st.Frame.Lift) > 1e-9 {
			t.Fatalf("final frame %+v, the timeline's last is rotation %v, lift 0", st.Frame, want)
		}
	}
	checkBox("after one turn", image(), mul(rest, want), 0)
	label := waitFor("the result label", func(s state) bool { return s.Label != nil && s.Label.Opacity > 0.5 })
	if label.Label.Text != "1" {
		t.Fatalf("the label reads %q, want the timeline's number 1", label.Label.Text)
	}
	shot("model-turned-label")

	// Reduced motion: the next change shows its final frame at once.
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	if st, msg := api.call("POST", "/api/world/instances/"+id+"/act", map[string]any{"name": "turn", "payload": map[string]any{}}, nil); st != 200 {
		t.Fatalf("turn: %d %s", st, msg)
	}
	var first struct {
		Key           string
		Done, Reduced bool
		Elapsed       float64
		Rotation      [4]float64
	}
	// Polled from inside the page, so the first snapshot with the new key is the one checked.
	eval(fmt.Sprintf(`new Promise((resolve) => { const poll = () => { const m = (window.__scapeModels || {})[%q];
		if (m && m.key === 'turn-2') resolve(JSON.stringify({key: m.key, done: m.done, reduced: m.reducedMotion, elapsed: m.elapsedMs, rotation: m.frame.rotation})); else setTimeout(poll, 5); }; poll(); })`, id), &first)
	want2 := axisQ([3]float64{0, 1, 0}, math.Pi/2)
	if !first.Reduced || !first.Done || first.Elapsed > 300 {
		t.Fatalf("under reduced motion the first drawn frame of turn 2 is %+v: want done at once", first)
	}
	for i := range want2 {
		if math.Abs(first.Rotation[i]-want2[i]) > 1e-9 {
			t.Fatalf("under reduced motion the frame is %v, want the final %v", first.Rotation, want2)
		}
	}
	shot("model-reduced-motion")
	t.Logf("screenshots in %s", shots)
}
