//go:build unix

package isolate

import "syscall"

// Build servers run on Unix: a socket in the user's 0700 cache directory, answered only for
// this user's processes (samePeer).
const serverSupported = true

// serverSysProcAttr detaches a build server: its own session, so a terminal's Ctrl-C or hang-up
// that ends the command that started it does not end the server.
func serverSysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
