package testrun

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/scapeworld/scape/jsrt"
)

// TestSDKSuiteUnderGoja runs every kit/sdk/test/*.test.ts through this runner: the SDK's tests
// "run under both" (kit/sdk's TestSDKUnderNode runs them under Node).
func TestSDKSuiteUnderGoja(t *testing.T) {
	dir := filepath.Join("..", "kit", "sdk")
	files, err := FindTests(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no SDK tests found under kit/sdk")
	}
	// Rendering tests that take well under a second in V8 take 13–20 s in goja (measured), and
	// 60 s or more on a machine loaded by other builds (the 60 random recipes of wav.test.ts);
	// this suite checks that the SDK's tests agree under both engines, not their speed, so it
	// gives each test three minutes. The
	// cost of rendering in goja is a separate, measured concern (the audio render budget).
	// The tests import kit/sdk/src relatively and the templates' example definitions import
	// '@scape/sdk': both are bundled from kit/sdk/src so each file holds one SDK instance, as
	// scripts/test-sdk.mjs does under Node.
	report, err := Run(context.Background(), Options{Limits: jsrt.Limits{Timeout: 3 * time.Minute}, Dir: dir, SDKSource: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range report.Failures() {
		t.Errorf("%s: %s: %s", f.Location(), f.Name, f.Message)
	}
	t.Logf("%d files: %d passed, %d failed, %d skipped, %d todo", len(files), report.Passed, report.Failed, report.Skipped, report.Todo)
}
