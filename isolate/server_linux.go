//go:build linux

package isolate

import (
	"net"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// lockServer takes the exclusive lock that makes one process the server of a socket; ok is false
// when another holds it. unlock releases it (the lock also ends with the process).
func lockServer(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if err == unix.EWOULDBLOCK {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() { unix.Flock(int(f.Fd()), unix.LOCK_UN); f.Close() }, true, nil
}

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

// serverSysProcAttr detaches a build server: its own session, so a terminal's Ctrl-C or hang-up
// that ends the command that started it does not end the server.
func serverSysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
