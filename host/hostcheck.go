package host

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/scapeworld/scape/protocol"
)

// DNS rebinding: a web page at evil.example makes its name resolve to 127.0.0.1, and its
// scripts then read this host's pages as same-origin with evil.example (the browser sends
// Host: evil.example:P). A host on a loopback connection therefore answers only requests that
// name it: a loopback address or localhost (or a name under .localhost) with the listener's own
// port, or the host of its base URL (a --public-url behind a proxy, or a forwarded port).
// Everything else is 421 Misdirected Request. A connection that is not on loopback (a host
// serving the network behind its proxy) is not checked: the rebinding this defeats points a
// name at this machine's loopback.

// hostAllowed answers 421 and returns false when r came over a loopback connection and its Host
// names neither this listener nor the base URL.
func (s *Server) hostAllowed(w http.ResponseWriter, r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr)
	if !ok || !local.IP.IsLoopback() {
		return true // not a loopback listener (or no listener at all: a handler called directly)
	}
	if namesListener(r.Host, local.Port, r.TLS != nil) || namesBase(r.Host, s.opts.BaseURL) {
		return true
	}
	msg := fmt.Sprintf("421 misdirected request: this world answers to 127.0.0.1:%d, localhost:%d and [::1]:%d", local.Port, local.Port, local.Port)
	if s.opts.BaseURL != "" {
		msg += " and " + s.opts.BaseURL
	}
	msg += fmt.Sprintf(", not to %q (a name pointed at this machine is how DNS rebinding reads local servers). "+
		"Reaching it through a forwarded port or a proxy? Give that address as the host's public URL (--public-url).", r.Host)
	http.Error(w, msg, http.StatusMisdirectedRequest)
	return false
}

// namesListener says whether host (a Host header) is a loopback address or localhost with port
// (the default port of the scheme when it has none).
func namesListener(host string, port int, tls bool) bool {
	def := "80"
	if tls {
		def = "443"
	}
	name, p, ok := splitHost(host, def)
	if !ok || p != strconv.Itoa(port) {
		return false
	}
	return protocol.IsLoopback(name) // names under .localhost too: nobody can rebind one
}

// namesBase says whether host is the host (and port) of the base URL.
func namesBase(host, base string) bool {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return false
	}
	def := "80"
	if u.Scheme == "https" {
		def = "443"
	}
	want, wantPort, ok := splitHost(u.Host, def)
	if !ok {
		return false
	}
	// A Host without a port used the default of the scheme the client was given: the base's.
	name, p, ok := splitHost(host, def)
	return ok && name == want && p == wantPort
}

// splitHost splits a Host header (or URL host) into its lower-case name, without an IPv6
// literal's brackets, and its port (def when it has none).
func splitHost(host, def string) (name, port string, ok bool) {
	if host == "" {
		return "", "", false
	}
	name, port, err := net.SplitHostPort(host)
	if err != nil { // no port
		name, port = host, def
		if strings.HasPrefix(name, "[") && strings.HasSuffix(name, "]") {
			name = name[1 : len(name)-1]
		}
	}
	if name == "" || port == "" {
		return "", "", false
	}
	return strings.ToLower(name), port, true
}
