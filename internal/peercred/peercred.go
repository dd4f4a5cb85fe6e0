// Package peercred says whether the process at the other end of a Unix socket runs as this user:
// the kernel's record of the peer, which it cannot forge. Servers in the user's cache directory
// (the build server of package buildserver, the type-check server of package typecheck) answer
// only their own user's processes: one check, shared.
package peercred

import (
	"net"
	"os"
)

// Supported says whether this platform can learn a socket peer's user (Linux: SO_PEERCRED,
// macOS: LOCAL_PEERCRED). Where it cannot, nothing may serve over a socket.
const Supported = supported

// SameUser says whether the process at the other end of conn runs as this user.
func SameUser(conn *net.UnixConn) bool {
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
