//go:build unix

package typecheck

import "syscall"

// detached starts a type-check server in its own session, so a terminal's Ctrl-C or hang-up that
// ends the build that started it does not end the server.
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
