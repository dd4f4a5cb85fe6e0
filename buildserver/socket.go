package buildserver

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/scapeworld/scape/internal/cachedir"
	"github.com/scapeworld/scape/isolate"
)

// serverSocket is the socket of this binary's build server for this user and configuration, in
// the user cache directory's servers/ folder (checked and created 0700 by cachedir: not a link,
// this user's, private); "" when there is no usable cache folder or the path would be too long
// for a Unix socket.
func serverSocket() string {
	dir, err := cachedir.Dir("servers")
	if err != nil {
		return ""
	}
	exe, err := os.Executable() // its real path (isolate.SelfExecutable is /proc/self/exe)
	if err != nil {
		return ""
	}
	info, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00", exe, info.Size(), info.ModTime().UnixNano(), os.Getuid())
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SCAPE_") && !strings.HasPrefix(kv, "SCAPE_TIMELINE=") && !strings.HasPrefix(kv, serverEnv+"=") {
			env = append(env, kv)
		}
	}
	sort.Strings(env)
	fmt.Fprint(h, strings.Join(env, "\x00"))
	sock := filepath.Join(dir, "build-"+hex.EncodeToString(h.Sum(nil))[:16]+".sock")
	if len(sock) > 100 { // sun_path holds 108 bytes on Linux, 104 on macOS
		return ""
	}
	return sock
}

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
