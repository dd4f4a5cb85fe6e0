// Package chromium starts headless Chromium for tests, one way for every package: the binary
// found on PATH, the flags CI uses, a fresh user-data dir per test, and a visible skip when
// Chromium is missing or does not start — a failure instead when SCAPE_REQUIRE_CHROMIUM=1 (CI
// installs Chromium and sets it, so a browser test can never pass there by not running).
package chromium

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Names are the executables looked up on PATH, in order.
var Names = []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"}

// Find returns the first of Names on PATH.
func Find() (string, error) {
	var err error
	for _, name := range Names {
		var p string
		if p, err = exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", err
}

// Options are the allocator options for the binary at path: headless, no sandbox (containers
// run as root), nothing fetched in the background, and its own profile in userDataDir.
func Options(path, userDataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		// WebGL (the world page's model renderer) on SwiftShader, the CPU fallback: without a GPU
		// and this flag, Chromium gives the page no WebGL context at all.
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(userDataDir),
	}
}

// Required reports whether the environment demands Chromium (SCAPE_REQUIRE_CHROMIUM=1).
func Required() bool { return os.Getenv("SCAPE_REQUIRE_CHROMIUM") == "1" }

// ReadyTimeout bounds the ready check given to Start.
const ReadyTimeout = time.Minute

// Start starts headless Chromium for t and returns its context, closed when t ends. If
// Chromium is missing, does not start, or ready (when not nil) returns an error, t is skipped
// with a message saying that `what` did not run — or fails when Required.
func Start(t testing.TB, what string, ready func(ctx context.Context) error) context.Context {
	t.Helper()
	path, err := Find()
	if err != nil {
		if Required() {
			t.Fatal("Chromium is required (SCAPE_REQUIRE_CHROMIUM=1) but not installed: apt-get install -y chromium")
		}
		t.Skipf("SKIP: Chromium not installed (apt-get install -y chromium); %s did not run", what)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), Options(path, t.TempDir())...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	// The first Do allocates the browser; it must not carry a deadline, which would close the
	// whole browser when it passed.
	err = chromedp.Do(ctx)
	if err == nil && ready != nil {
		rctx, cancelReady := context.WithTimeout(ctx, ReadyTimeout)
		err = ready(rctx)
		cancelReady()
	}
	if err != nil {
		if Required() {
			t.Fatalf("Chromium did not start: %v", err)
		}
		t.Skipf("SKIP: Chromium did not start (%v); %s did not run", err, what)
	}
	return ctx
}

// Text returns the trimmed text of the first element matching sel, failing t when there is none
// before ctx ends.
func Text(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(sel))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}
