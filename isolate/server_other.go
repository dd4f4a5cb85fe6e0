//go:build !linux

package isolate

import (
	"net"
	"syscall"
)

// Build servers need Linux's worker isolation (Available): elsewhere none is ever locked, so
// none serves.
func lockServer(path string) (unlock func(), ok bool, err error) { return nil, false, nil }
func samePeer(conn *net.UnixConn) bool                           { return false }
func serverSysProcAttr() *syscall.SysProcAttr                    { return nil }
