//go:build unix

package buildserver

import (
	"net"
	"syscall"

	"github.com/scapeworld/scape/internal/peercred"
)

// Build servers run on Unix: a socket in the user's 0700 cache directory, answered only for
// this user's processes (samePeer).
const serverSupported = true

// samePeer says whether the process at the other end of conn runs as this user (the kernel's
// record of the peer, which it cannot forge): internal/peercred, the check every server of the
// toolchain makes.
func samePeer(conn *net.UnixConn) bool { return peercred.SameUser(conn) }

// serverSysProcAttr detaches a build server: its own session, so a terminal's Ctrl-C or hang-up
// that ends the command that started it does not end the server.
func serverSysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
