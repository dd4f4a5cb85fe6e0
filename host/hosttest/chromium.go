package hosttest

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/scapeworld/scape/internal/chromium"
)

// Browser starts headless Chromium for a test, or skips it with a visible message (fails
// instead when SCAPE_REQUIRE_CHROMIUM=1, as in CI).
func Browser(t *testing.T) context.Context {
	t.Helper()
	return chromium.Start(t, "browser tests of the host UI", nil)
}

// ClickNow clicks the first element matching sel from inside the page, in one step. The world
// page redraws its buttons on every live update, so chromedp.Click (find the node, then click
// it) can find a node the next redraw has already replaced ("Could not find node with given
// id"); a click made by the page's own script cannot miss. The element must exist: wait for it
// first.
func ClickNow(sel string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; e.click(); return true; })()`, sel)
		ok, err := chromedp.Evaluate[bool](js)(ctx, t)
		if err == nil && !ok {
			err = fmt.Errorf("no element matches %s", sel)
		}
		return chromedp.Void{}, err
	}
}
