package host

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Serving is a Server answering HTTP on a listener: `scape gizmo host` and the embedded world
// of `scape gizmo dev` both run a host this way, and stop it in the one order that does not
// hang (event streams first).
type Serving struct {
	srv    *Server
	hs     *http.Server
	failed chan error
}

// Serve answers HTTP for s on ln in the background, with NewHTTPServer's bounds, until Stop.
func Serve(s *Server, ln net.Listener) *Serving {
	sv := &Serving{srv: s, hs: NewHTTPServer(s), failed: make(chan error, 1)}
	go func() {
		if err := sv.hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			sv.failed <- err
		}
	}()
	return sv
}

// Failed receives the HTTP server's error if it stops by itself (the listener failed).
func (sv *Serving) Failed() <-chan error { return sv.failed }

// Stop ends the world page's event streams (which a graceful shutdown would wait for), then
// lets requests in flight finish for up to grace. The Server itself stays open: its owner
// closes it.
func (sv *Serving) Stop(grace time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	sv.srv.EndStreams()
	sv.hs.Shutdown(ctx)
}
