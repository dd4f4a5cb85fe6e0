//go:build !linux && !darwin

package peercred

import "errors"

// Elsewhere (Windows above all: a server cannot learn its peer's user without a privileged
// query, and file modes do not protect a socket's directory) no peer is known, so none is ours.
const supported = false

func peerUID(int) (int, error) { return 0, errors.New("peercred: not supported on this platform") }
