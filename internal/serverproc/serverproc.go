// Package serverproc is what the toolchain's long-lived helper processes share — the build
// server (package buildserver) and the type-check server (package typecheck): how the binary is
// started as one, and where its socket is. Each server's protocol and lifetime stay its own.
package serverproc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/scapeworld/scape/internal/cachedir"
)

// Switch is the environment variable that governs every server: 0 turns them off (each command
// does its work alone); under a CI system, 1 asks for them.
const Switch = "SCAPE_BUILD_SERVER"

// Idle is how long a server waits for a request before it exits.
const Idle = 10 * time.Minute

// Serve runs the server when this process was started as `<binary> internal <verb> [-idle D]`
// with nargs more arguments, and exits with run's outcome (1 on an error, 2 on bad arguments);
// otherwise it returns at once. run gets the arguments, the idle time and a context that
// SIGTERM and SIGINT end.
func Serve(verb string, nargs int, run func(ctx context.Context, args []string, idle time.Duration) error) {
	if len(os.Args) < 3 || os.Args[1] != "internal" || os.Args[2] != verb {
		return
	}
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	idle := fs.Duration("idle", Idle, "exit after this long without a request")
	if err := fs.Parse(os.Args[3:]); err != nil || fs.NArg() != nargs {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := run(ctx, fs.Args(), *idle); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// Args are the arguments that start this binary as the server verb (Serve's form, with the
// default idle time).
func Args(verb string, args ...string) []string {
	return append([]string{"internal", verb}, args...)
}

// Socket is the socket of a server of kind for this binary (its path, size and modification
// time), this user, every SCAPE_ setting but SCAPE_TIMELINE and Switch, and extra (what else
// tells one server of the kind from another), in the user cache directory's servers/ folder
// (checked and created 0700 by cachedir: not a link, this user's, private); "" when there is no
// usable cache folder or the path would be too long for a Unix socket.
func Socket(kind string, extra ...string) string {
	dir, err := cachedir.Dir("servers")
	if err != nil {
		return ""
	}
	exe, err := os.Executable() // its real path (/proc/self/exe would name every binary alike)
	if err != nil {
		return ""
	}
	info, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00", exe, info.Size(), info.ModTime().UnixNano(), os.Getuid())
	for _, e := range extra {
		fmt.Fprintf(h, "%s\x00", e)
	}
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SCAPE_") && !strings.HasPrefix(kv, "SCAPE_TIMELINE=") && !strings.HasPrefix(kv, Switch+"=") {
			env = append(env, kv)
		}
	}
	sort.Strings(env)
	fmt.Fprint(h, strings.Join(env, "\x00"))
	sock := filepath.Join(dir, kind+"-"+hex.EncodeToString(h.Sum(nil))[:16]+".sock")
	if len(sock) > 100 { // sun_path holds 108 bytes on Linux, 104 on macOS
		return ""
	}
	return sock
}
