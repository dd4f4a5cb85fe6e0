//go:build !unix

package typecheck

import "syscall"

// detached: no type-check server is started here (peercred.Supported is false).
func detached() *syscall.SysProcAttr { return nil }
