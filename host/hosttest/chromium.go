package hosttest

import (
	"context"
	"testing"

	"github.com/scapeworld/scape/internal/chromium"
)

// Browser starts headless Chromium for a test, or skips it with a visible message (fails
// instead when SCAPE_REQUIRE_CHROMIUM=1, as in CI).
func Browser(t *testing.T) context.Context {
	t.Helper()
	return chromium.Start(t, "browser tests of the host UI", nil)
}
