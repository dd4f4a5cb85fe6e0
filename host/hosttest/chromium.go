package hosttest

import (
	"context"
	"fmt"
	"testing"
	"time"

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

// WaitJS waits until the JavaScript expression cond is true in the page, asking again every
// 50 ms. It uses only Runtime.evaluate: chromedp's element queries go through the DOM domain,
// whose node bookkeeping the world page (which redraws its panel on every live update) keeps
// busy; a condition read by the page's own script sees the same DOM.
func WaitJS(cond string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		js := fmt.Sprintf(`(() => { try { return !!(%s); } catch (e) { return false; } })()`, cond)
		for {
			ok, err := chromedp.Evaluate[bool](js)(ctx, t)
			if err == nil && ok {
				return chromedp.Void{}, nil
			}
			if ctx.Err() != nil {
				return chromedp.Void{}, fmt.Errorf("waiting for %s: %w", cond, ctx.Err())
			}
			select {
			case <-ctx.Done():
				return chromedp.Void{}, fmt.Errorf("waiting for %s: %w", cond, ctx.Err())
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
}

// WaitFor waits until an element matching the CSS selector sel exists and is rendered (it has
// a box), through WaitJS.
func WaitFor(sel string) chromedp.Action[chromedp.Void] {
	return WaitJS(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e && e.getClientRects().length > 0; })()`, sel))
}
