package buildserver

import (
	"os"
	"strings"

	"github.com/scapeworld/scape/internal/serverproc"
	"github.com/scapeworld/scape/isolate"
)

// serverSocket is the socket of this binary's build server for this user and configuration, in
// the user cache directory's servers/ folder (checked and created 0700 by cachedir: not a link,
// this user's, private); "" when there is no usable cache folder or the path would be too long
// for a Unix socket.
func serverSocket() string { return serverproc.Socket("build") }

// serverEnabled says whether short commands use build servers here.
func serverEnabled() bool {
	return serverSupported && serverCapable && isolate.Available() && os.Getenv(serverEnv) != "0"
}

// startsServers says whether a command that found no server starts one: not under a CI system
// (CI set, as GitHub Actions, GitLab and most others set it), where each job's builds are few and
// a process left running for ServerIdle only holds memory (or, under a runner that waits for
// every descendant, the job). A server already running is still used.
func startsServers() bool {
	ci := strings.ToLower(os.Getenv("CI"))
	return ci == "" || ci == "0" || ci == "false"
}
