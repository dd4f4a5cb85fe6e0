package testrun

import (
	"context"
	"path/filepath"
	"testing"
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
	report, err := Run(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range report.Failures() {
		t.Errorf("%s: %s: %s", f.Location(), f.Name, f.Message)
	}
	t.Logf("%d files: %d passed, %d failed, %d skipped, %d todo", len(files), report.Passed, report.Failed, report.Skipped, report.Todo)
}
