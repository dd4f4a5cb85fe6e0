package host_test

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/host/engine"
)

// TestMain lets this test binary serve as the validation workers the production Checker starts
// (package isolate re-executes the running binary).
func TestMain(m *testing.M) {
	engine.ServeIfWorker()
	os.Exit(m.Run())
}
