package buildserver

import "golang.org/x/sys/unix"

// peerUID is the user of the process at the other end of a Unix socket (LOCAL_PEERCRED: its
// credentials as of connect).
func peerUID(fd int) (int, error) {
	cred, err := unix.GetsockoptXucred(fd, unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
	if err != nil {
		return 0, err
	}
	return int(cred.Uid), nil
}
