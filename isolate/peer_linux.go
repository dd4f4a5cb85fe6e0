package isolate

import (
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// samePeer says whether the process at the other end of conn runs as this user (SO_PEERCRED).
func samePeer(conn *net.UnixConn) bool {
	raw, err := conn.SyscallConn()
	if err != nil {
		return false
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) { cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED) }); err != nil || credErr != nil {
		return false
	}
	return int(cred.Uid) == os.Getuid()
}
