//go:build unix

package buildserver

import (
	"net"
	"os"
	"syscall"
)

// Build servers run on Unix: a socket in the user's 0700 cache directory, answered only for
// this user's processes (samePeer).
const serverSupported = true

// samePeer says whether the process at the other end of conn runs as this user (peerUID: the
// kernel's record of the peer, which it cannot forge).
func samePeer(conn *net.UnixConn) bool {
	raw, err := conn.SyscallConn()
	if err != nil {
		return false
	}
	uid, uidErr := -1, error(nil)
	if err := raw.Control(func(fd uintptr) { uid, uidErr = peerUID(int(fd)) }); err != nil || uidErr != nil {
		return false
	}
	return uid == os.Getuid()
}

// serverSysProcAttr detaches a build server: its own session, so a terminal's Ctrl-C or hang-up
// that ends the command that started it does not end the server.
func serverSysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
