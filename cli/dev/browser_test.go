package dev_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/internal/chromium"
)

// TestBrowserLiveWorld is the whole loop as its author sees it: `scape gizmo dev` with the
// embedded host, the printed world link opened in headless Chromium, the accepted revision in
// the sidebar, a lamp placed and switched through its own view, then an update that would break
// the placed lamp shown as a rejection while revision 1 stays active.
func TestBrowserLiveWorld(t *testing.T) {
	browser := hosttest.Browser(t)
	dir := scaffoldLamp(t)
	p := runInProcess(t, dir)
	world := p.next(t, "world")
	if ev := p.next(t, "accepted", "rejected", "build_failed"); ev.Event != "accepted" {
		t.Fatalf("first build: %s", ev.Time)
	}
	ctx, cancel := context.WithTimeout(browser, 60*time.Second)
	defer cancel()
	text := func(sel string) string { t.Helper(); return chromium.Text(t, ctx, sel) }
	if err := chromedp.Do(ctx, chromedp.Navigate(world.Link), chromedp.WaitVisible(chromedp.CSS(`#active-revision`))); err != nil {
		t.Fatal(err)
	}
	if got := text(`#active-revision`); got != "revision 1" {
		t.Fatalf("sidebar revision: %q", got)
	}
	if got := text(`#project-name`); got != "my-lamp" {
		t.Fatalf("sidebar project: %q", got)
	}
	if got := text(`#gizmos`); !strings.Contains(got, "🏮 Lamp") || !strings.Contains(got, "example.lamp v1") {
		t.Fatalf("sidebar Gizmos: %q", got)
	}
	// Place a lamp: its view comes from the lamp's own view(); switch it off through it (in the
	// panel, ui/world.ts, which draws over the server-rendered list once it is live).
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#gizmos button`)),
		chromedp.WaitVisible(chromedp.Search(`//div[@id="world-grid"]//button[normalize-space()="Turn off"]`)),
		chromedp.Click(chromedp.Search(`//div[@id="world-grid"]//button[normalize-space()="Turn off"]`)),
		chromedp.WaitVisible(chromedp.Search(`//div[@id="world-grid"]//button[normalize-space()="Turn on"]`)),
	); err != nil {
		t.Fatal(err)
	}
	// Bumping the state version would strand the placed lamp: the host rejects it, the sidebar
	// shows why (it refreshes itself), and revision 1 stays active.
	def := filepath.Join(dir, "src", "definition.ts")
	src, _ := os.ReadFile(def)
	if err := os.WriteFile(def, []byte(strings.Replace(string(src), "version: 1,", "version: 2,", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if ev := p.next(t, "accepted", "rejected", "build_failed"); ev.Event != "rejected" {
		t.Fatalf("version bump: %s", ev.Time)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#rejection-2`))); err != nil {
		t.Fatal(err)
	}
	if got := text(`#rejection-2`); !strings.Contains(got, "is placed at version 1 but the definition is version 2") {
		t.Fatalf("rejection in the sidebar: %q", got)
	}
	if got := text(`#active-revision`); got != "revision 1" {
		t.Fatalf("active after the rejection: %q", got)
	}
}
