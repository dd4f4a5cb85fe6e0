// Command scape is the Gizmo toolchain: build, test, sound, model checks, the dev loop and the
// reference developer-world host, in one static binary.
package main

import (
	"os"

	"github.com/scapeworld/scape/buildserver"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/typecheck"
)

func main() {
	// `scape internal worker`: the process a host or build runs author code in, with hard
	// limits (package isolate). Hidden: nothing else starts it.
	isolate.ServeIfWorker()
	// `scape internal build-server`: keeps a warm worker for the next builds (package
	// buildserver).
	buildserver.ServeIfServer()
	// `scape internal tsc-server`: keeps a project's TypeScript loaded for the next builds.
	typecheck.ServeIfServer()
	f := cmdutil.New(cmdutil.System(), root.BuildVersion())
	os.Exit(root.Execute(f, os.Args[1:]))
}
