package isolate

import (
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// samePeer says whether the process at the other end of conn runs as this user
// (LOCAL_PEERCRED: the peer's credentials as of connect).
func samePeer(conn *net.UnixConn) bool {
	raw, err := conn.SyscallConn()
	if err != nil {
		return false
	}
	var cred *unix.Xucred
	var credErr error
	if err := raw.Control(func(fd uintptr) { cred, credErr = unix.GetsockoptXucred(int(fd), unix.SOL_LOCAL, unix.LOCAL_PEERCRED) }); err != nil || credErr != nil {
		return false
	}
	return int(cred.Uid) == os.Getuid()
}
