package host

import (
	"net/http"
	"time"
)

// What one connection may hold of the host (docs/protocol.md, "Transport"). Without them a
// client that sends its headers or body a byte a minute, reads the answer as slowly, or keeps
// idle keep-alive connections open, holds a goroutine and a file descriptor for ever; enough of
// them starve the host.
const (
	// serverReadHeaderTimeout bounds sending the request's headers.
	serverReadHeaderTimeout = 10 * time.Second
	// serverReadTimeout bounds reading the whole request: an 8 MiB upload at 1 Mbit/s takes 67 s.
	serverReadTimeout = 2 * time.Minute
	// serverWriteTimeout runs from the end of the headers to the end of the answer: reading the
	// body, waiting for the world's writer lock, validating (20 s) and writing.
	serverWriteTimeout = 3 * time.Minute
	// serverIdleTimeout bounds a keep-alive connection between requests.
	serverIdleTimeout = 2 * time.Minute
	// serverMaxHeaderBytes bounds the request line and headers (a cookie and a bearer token
	// need well under 1 KiB).
	serverMaxHeaderBytes = 64 << 10
)

// NewHTTPServer returns the http.Server that serves a host (h is usually a *Server), with the
// bounds above: `scape gizmo host` and the embedded host of `scape gizmo dev` both use it.
func NewHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: serverReadHeaderTimeout,
		ReadTimeout:       serverReadTimeout,
		WriteTimeout:      serverWriteTimeout,
		IdleTimeout:       serverIdleTimeout,
		MaxHeaderBytes:    serverMaxHeaderBytes,
	}
}
