package dev_test

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
	"github.com/scapeworld/scape/internal/trusttest"
	"github.com/scapeworld/scape/isolate"
)

// TestMain makes this test binary double as `scape`, so the end-to-end tests run the real
// command line in a separate process (signals, exit codes, stdout/stderr split). The dev_*
// scripts run from cmd/scape's TestScripts with every other script. The projects the tests
// init are recorded as trusted in a configuration directory of the tests' own (inherited by
// the `scape` processes), never in the user's.
func TestMain(m *testing.M) {
	isolate.ServeIfWorker() // this binary is also the workers' (package isolate)
	cleanup := trusttest.Main()
	code := testscript.RunMain(m, map[string]func() int{
		"scape": func() int {
			return root.Execute(cmdutil.New(cmdutil.System(), root.BuildVersion()), os.Args[1:])
		},
	})
	cleanup()
	os.Exit(code)
}
