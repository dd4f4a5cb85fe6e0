package hosttest

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Browser starts headless Chromium for a test, or skips it with a visible message (fails
// instead when SCAPE_REQUIRE_CHROMIUM=1, as in CI).
func Browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("SCAPE_REQUIRE_CHROMIUM") == "1" {
			t.Fatal("Chromium is required (SCAPE_REQUIRE_CHROMIUM=1) but not installed: apt-get install -y chromium")
		}
		t.Skip("SKIP: Chromium not installed (apt-get install -y chromium); browser tests of the host UI did not run")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		if os.Getenv("SCAPE_REQUIRE_CHROMIUM") == "1" {
			t.Fatalf("Chromium did not start: %v", err)
		}
		t.Skipf("SKIP: Chromium did not start (%v); browser tests of the host UI did not run", err)
	}
	return ctx
}
