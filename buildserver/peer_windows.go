package buildserver

import (
	"net"
	"syscall"
)

// No build server on Windows: AF_UNIX sockets exist there, but a server cannot learn its peer's
// user without a privileged query, and file modes do not protect the socket's directory. Every
// command validates in a worker of its own (docs/platforms.md).
const serverSupported = false

func samePeer(*net.UnixConn) bool             { return false }
func serverSysProcAttr() *syscall.SysProcAttr { return nil }
