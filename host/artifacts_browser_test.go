package host_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenshots is the directory the browser tests keep their screenshots in (the test
// artifacts): $SCAPE_SCREENSHOTS, or the test's temporary directory without it.
func screenshots(t *testing.T) string {
	if dir := os.Getenv("SCAPE_SCREENSHOTS"); dir != "" {
		return dir
	}
	return t.TempDir()
}

// screenshot keeps a full-page screenshot of ctx's page as dir/name.png. A shot that fails never
// fails the test: the assertions are the test, the pictures are for people.
func screenshot(ctx context.Context, dir, name string) {
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		_ = os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	}
}

// realTime advances c as real time passes until the test ends, and makes its tickers tick as it
// passes them, so the host's ticker (on this clock) moves the avatars while a browser watches.
func realTime(t *testing.T, c *clock) {
	c.mu.Lock()
	c.running = true
	c.mu.Unlock()
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for last := time.Now(); ; {
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
				now := time.Now()
				c.Add(now.Sub(last))
				last = now
			}
		}
	}()
}
