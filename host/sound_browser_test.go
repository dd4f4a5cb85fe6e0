package host_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/internal/chromium"
	"github.com/scapeworld/scape/world"
)

// soundBrowser is headless Chromium that may start audio without a gesture (the page still
// resumes its AudioContext on the first one).
func soundBrowser(t *testing.T) context.Context {
	t.Helper()
	path, err := chromium.Find()
	if err != nil {
		hosttest.Browser(t) // skips (or fails under SCAPE_REQUIRE_CHROMIUM) with the usual message
	}
	opts := append(chromium.Options(path, t.TempDir()), chromedp.Flag("autoplay-policy", "no-user-gesture-required"))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		if chromium.Required() {
			t.Fatalf("Chromium did not start: %v", err)
		}
		t.Skipf("SKIP: Chromium did not start (%v); the world sound tests did not run", err)
	}
	return ctx
}

type startedVoice struct {
	ID, Instance, Voice, Key, Kind string
	Gain, Pan                      float64
}

type audioSnapshot struct {
	Context *struct {
		State      string
		SampleRate float64
	}
	Voices  []startedVoice
	Started []startedVoice
}

// TestBrowserWorldSound plays the world in two tabs of headless Chromium with the real engine:
// the chime rings in both at the gains its range [1, 8] implies for each tab's avatar (2 and 5
// cells away: 6/7 and 3/7, panned by the horizontal offset), and a tab opened afterwards hears
// no replay; the hum's looping ambience starts, per listener, its two nearest sources within
// range at their distance gains and not the third; the piano's preview plays only in the tab
// that pressed it; the samples the ringing voice plays are the Go renderer's render of the
// chime's recipe within PCM16 rounding, as is the served WAV decoded by an OfflineAudioContext.
// Screenshots go to $SCAPE_SCREENSHOTS or the test's temp dir.
func TestBrowserWorldSound(t *testing.T) {
	browser := soundBrowser(t)
	f, owner := soundWorld(t)
	realTime(t, f.clock) // the host's clock in real time, so its ticker moves the avatars
	chime := owner.place("examples.chime", 12, 4)
	// Hums 2, 4 and 5 cells from where tab A will stand (14, 4); range [1, 6], at most 2 sources.
	humNear := owner.place("test.hum", 16, 4)
	humMid := owner.place("test.hum", 14, 8)
	humFar := owner.place("test.hum", 14, 9)
	owner.place("test.piano", 20, 12)
	var inv struct{ URL string }
	if st, msg := owner.call("POST", "/api/world/invites", map[string]any{"role": "participant"}, &inv); st != 200 {
		t.Fatalf("invite: %d %s", st, msg)
	}

	shots := screenshots(t)
	shot := func(ctx context.Context, name string) { screenshot(ctx, shots, name) }
	ctx, cancel := context.WithTimeout(browser, 120*time.Second)
	defer cancel()
	eval := func(ctx context.Context, js string, out any) {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		if err := json.Unmarshal([]byte(v), out); err != nil {
			t.Fatalf("%s: %v: %s", js, err, v)
		}
	}
	snapshot := func(ctx context.Context) audioSnapshot {
		t.Helper()
		var s audioSnapshot
		eval(ctx, `JSON.stringify(window.__scapeAudio.snapshot)`, &s)
		return s
	}
	tabOf := func(ctx context.Context) *tab {
		var tok string
		eval(ctx, `JSON.stringify(Object.keys(sessionStorage).filter(k => k.startsWith('scape.tab')).map(k => sessionStorage.getItem(k))[0])`, &tok)
		tb := &tab{t: t, base: f.http.URL, token: tok}
		tb.call("GET", "/api/world", nil, &struct{ Actor *string }{&tb.actor})
		return tb
	}
	walk := func(tb *tab, c world.Cell) {
		t.Helper()
		if st, msg := tb.call("POST", "/api/world/walk", map[string]any{"x": c.X, "y": c.Y}, nil); st != 200 {
			t.Fatalf("walk to %v: %d %s", c, st, msg)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			a := tb.avatar(owner.debug())
			if a.Cell == c && a.Moving == nil && len(a.Path) == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the avatar is at %v, want %v", a.Cell, c)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// waitFor polls a tab's audio snapshot until ok says it holds.
	waitFor := func(ctx context.Context, what string, ok func(audioSnapshot) bool) audioSnapshot {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			s := snapshot(ctx)
			if ok(s) {
				return s
			}
			if time.Now().After(deadline) {
				shot(ctx, "sound-failed")
				t.Fatalf("%s: the audio snapshot is %+v", what, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// The API tab's avatar stands out of the way (avatars do not share cells).
	walk(owner, world.Cell{X: 0, Y: 15})
	// Tab A: the owner, standing 2 cells right of the chime.
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1400, 1000),
		chromedp.Navigate(f.http.URL+"/login?next=/"),
		chromedp.WaitVisible(chromedp.CSS(`#token`)),
		chromedp.SendKeys(chromedp.CSS(`#token`), f.ownerToken()),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] #world-mixer`)),
	); err != nil {
		t.Fatal(err)
	}
	a := tabOf(ctx)
	walk(a, world.Cell{X: 14, Y: 4})
	// Tab B: a participant 5 cells below the chime.
	guest, cancelGuest := chromedp.NewContext(ctx)
	defer cancelGuest()
	if err := chromedp.Do(guest, chromedp.EmulateViewport(1400, 1000), chromedp.Navigate(inv.URL), chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] #world-mixer`))); err != nil {
		t.Fatal(err)
	}
	b := tabOf(guest)
	walk(b, world.Cell{X: 12, Y: 9})

	// Ambience: each listener's nearest two hums within 6 cells, at 0.5 × the distance gain.
	near := func(d float64) float64 { return math.Max(0, math.Min(1, 1-(d-1)/(6-1))) }
	ambience := func(s audioSnapshot) map[string]startedVoice {
		out := map[string]startedVoice{}
		for _, v := range s.Voices {
			if v.Kind == "ambience" {
				out[v.Instance] = v
			}
		}
		return out
	}
	sa := waitFor(ctx, "tab A's ambience", func(s audioSnapshot) bool {
		m := ambience(s)
		return len(m) == 2 && math.Abs(m[humNear].Gain-0.5*near(2)) < 1e-3 && math.Abs(m[humMid].Gain-0.5*near(4)) < 1e-3
	})
	if _, ok := ambience(sa)[humFar]; ok || sa.Context == nil || sa.Context.State != "running" {
		t.Fatalf("tab A: the third hum plays, or the context is not running: %+v", sa)
	}
	if v := ambience(sa)[humNear]; math.Abs(v.Pan-0.5) > 1e-3 { // straight right: stereo 0.5 × dx/d = 0.5
		t.Fatalf("tab A: the near hum's pan %g, want 0.5", v.Pan)
	}
	sb := waitFor(guest, "tab B's ambience", func(s audioSnapshot) bool {
		m := ambience(s)
		return len(m) == 2 && math.Abs(m[humFar].Gain-0.5*near(2)) < 1e-3 && math.Abs(m[humMid].Gain-0.5*near(math.Hypot(2, 1))) < 1e-3
	})
	if _, ok := ambience(sb)[humNear]; ok {
		t.Fatalf("tab B hears the hum 6.4 cells away: %+v", sb)
	}

	// The chime rings in both tabs, at the gains the range [1, 8] implies.
	if err := chromedp.Do(guest, hosttest.ClickNow(fmt.Sprintf(`#card-%s button[data-control="ring"]`, chime))); err != nil {
		t.Fatal(err)
	}
	ring := func(s audioSnapshot) *startedVoice {
		for _, v := range s.Started {
			if v.Instance == chime && v.Voice == "ring" {
				return &v
			}
		}
		return nil
	}
	ra := ring(waitFor(ctx, "tab A hears the chime", func(s audioSnapshot) bool { return ring(s) != nil }))
	rb := ring(waitFor(guest, "tab B hears the chime", func(s audioSnapshot) bool { return ring(s) != nil }))
	shot(ctx, "sound-tab-a")
	shot(guest, "sound-tab-b")
	if math.Abs(ra.Gain-6.0/7) > 1e-3 || math.Abs(ra.Pan+0.7) > 1e-3 || ra.Kind != "reaction" {
		t.Fatalf("tab A (2 cells right of the chime): %+v, want gain 6/7 and pan −0.7", ra)
	}
	if math.Abs(rb.Gain-3.0/7) > 1e-3 || math.Abs(rb.Pan) > 1e-3 {
		t.Fatalf("tab B (5 cells below the chime): %+v, want gain 3/7 and pan 0", rb)
	}
	if ra.Key != audio.Key(json.RawMessage(ringRecipe)) {
		t.Fatalf("the ring's key %s is not its recipe's content address", ra.Key)
	}
	// The samples the voice plays, and the served WAV decoded on its own, are the Go render.
	s, err := audio.DefaultBudget.Render(json.RawMessage(ringRecipe))
	if err != nil {
		t.Fatal(err)
	}
	for _, how := range []string{"voiceSamples", "decodeServed"} {
		var got struct {
			Rate     float64
			Channels [][]float64
		}
		eval(ctx, fmt.Sprintf(`window.__scapeAudio.%s(%q).then(JSON.stringify)`, how, ra.Key), &got)
		if got.Rate != 48000 || len(got.Channels) != len(s.Channels) || len(got.Channels[0]) != len(s.Channels[0]) {
			t.Fatalf("%s: %g Hz, %d channels of %d frames; want 48000 Hz, %d of %d", how, got.Rate, len(got.Channels), len(got.Channels[0]), len(s.Channels), len(s.Channels[0]))
		}
		worst := 0.0
		for c := range s.Channels {
			for n, want := range s.Channels[c] {
				worst = math.Max(worst, math.Abs(got.Channels[c][n]-float64(want)))
			}
		}
		// PCM16: floor(x·32767 + 0.5) read back as /32768, at most about 1/32768 + |x|/32768 away.
		if worst > 2.0/32768 {
			t.Fatalf("%s: the page's samples differ from the Go render by %g (more than PCM16 rounding)", how, worst)
		}
		t.Logf("%s: %d frames within %.3g of the Go render", how, len(s.Channels[0]), worst)
	}

	// A tab opened afterwards hears no replay of the chime.
	late, cancelLate := chromedp.NewContext(ctx)
	defer cancelLate()
	if err := chromedp.Do(late, chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#world-app[data-ready] #world-mixer`))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a replay would arrive with the first snapshot; nothing to wait for
	if r := ring(snapshot(late)); r != nil {
		t.Fatalf("a late tab replayed the chime: %+v", r)
	}

	// The preview plays in the tab that pressed it, and only there.
	if err := chromedp.Do(guest, hosttest.ClickNow(`[data-control="hear"]`)); err != nil {
		t.Fatal(err)
	}
	preview := func(s audioSnapshot) *startedVoice {
		for _, v := range s.Started {
			if v.Kind == "preview" {
				return &v
			}
		}
		return nil
	}
	pv := preview(waitFor(guest, "tab B's preview", func(s audioSnapshot) bool { return preview(s) != nil }))
	if pv.Gain != 0.8 || pv.Voice != "preview:hear" {
		t.Fatalf("the preview voice: %+v", pv)
	}
	time.Sleep(300 * time.Millisecond)
	if p := preview(snapshot(ctx)); p != nil {
		t.Fatalf("tab A played tab B's preview: %+v", p)
	}
	// Speaking ducks the ducking ambience to its duckGain (0.25).
	if err := chromedp.Do(ctx, hosttest.ClickNow(`#mixer-speaking`)); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, "ducking while speaking", func(s audioSnapshot) bool {
		v, ok := ambience(s)[humNear]
		return ok && math.Abs(v.Gain-0.25*0.5*near(2)) < 1e-3
	})
	shot(ctx, "sound-mixer-speaking")
	// The mixer's mute silences one instance in this tab only.
	if err := chromedp.Do(ctx, hosttest.ClickNow(fmt.Sprintf(`[data-mute=%q]`, humNear))); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, "muting the near hum", func(s audioSnapshot) bool { v, ok := ambience(s)[humNear]; return ok && v.Gain == 0 })
	if v := ambience(snapshot(ctx))[humMid]; v.Gain == 0 {
		t.Fatalf("muting one hum silenced another: %+v", v)
	}
	t.Logf("screenshots in %s", shots)
}
