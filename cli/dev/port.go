package dev

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/projdir"
)

// A project keeps its world's port across dev runs (docs/dev.md), so open tabs reconnect and
// bookmarks keep working: the port is remembered in DIR/.scape/port. The project is a clone
// and may be hostile, so the file is untrusted data: only a regular file (no link, FIFO or
// device: nothing that redirects or blocks), at most a few bytes, a port number from 1024 on;
// anything else is ignored. It only ever names a loopback port this process binds itself, so a
// planted number can choose at most which free local port dev uses; a taken one is never
// connected to, dev takes another and remembers that.

const (
	portFile    = "port"
	maxPortFile = 16 // "65535\n" and some slack; a longer file is not ours
	minPort     = 1024
)

// rememberedPort is the port kept in data, or 0 when there is none usable.
func rememberedPort(data string) int {
	f, err := projdir.OpenFile(filepath.Join(data, portFile), os.O_RDONLY, 0)
	if err != nil {
		return 0
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxPortFile+1))
	if err != nil || len(b) > maxPortFile {
		return 0
	}
	p, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || p < minPort || p > 65535 {
		return 0
	}
	return p
}

// listenLoopback listens on the project's remembered loopback port, or on a free one when there
// is none or it is taken (then remembered). A port that cannot be remembered is still used.
func listenLoopback(data string) (net.Listener, error) {
	if p := rememberedPort(data); p != 0 {
		if ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p))); err == nil {
			return ln, nil
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(data, portFile)
	if projdir.NotLink(path) == nil { // a directory or device planted there stays as it is
		_ = atomicfile.Write(path, []byte(strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)+"\n"), 0o644)
	}
	return ln, nil
}
