package build

import (
	"os"
	"testing"

	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/isolate"
)

// TestMain lets this test binary serve as the validation worker a build starts (package isolate
// re-executes the running binary). Builds read the trust record: a test's own, never the user's.
func TestMain(m *testing.M) {
	isolate.ServeIfWorker()
	cleanup := trusttest.Main()
	code := m.Run()
	cleanup()
	os.Exit(code)
}
