package testcmd

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/isolate"
)

// TestMain lets this test binary serve as the worker a test run starts (package isolate
// re-executes the running binary).
func TestMain(m *testing.M) {
	isolate.ServeIfWorker()
	os.Exit(m.Run())
}
