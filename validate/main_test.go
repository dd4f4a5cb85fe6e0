package validate_test

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/isolate"
)

// TestMain lets this test binary serve as the validation workers of the hosts the fidelity
// tests start (package isolate re-executes the running binary).
func TestMain(m *testing.M) {
	isolate.ServeIfWorker()
	os.Exit(m.Run())
}
