package protocol

import (
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
)

// MaxBundleBytes is the published limit for one project bundle ("Bundles are limited to 1 MiB",
// embedded models and audio included): the dev client's before it uploads, the host's when it
// judges an upload.
const MaxBundleBytes = 1 << 20

// ScriptName is a bundle's file name where no source map covers a position: the script
// validation runs it as, so the positions a host reports (it has no source map) name it.
const ScriptName = "bundle.js"

// SizeProblem is the bundle size rule (the spec's limits table: 1 MiB, assets included), the one
// refusal the build and the host give: nil when a bundle of size bytes fits under limit
// (MaxBundleBytes; a test's smaller one).
func SizeProblem(size, limit int) *diag.Diagnostic {
	if size <= limit {
		return nil
	}
	return &diag.Diagnostic{
		Code:    diag.CodeSize,
		Path:    "bundle",
		Message: fmt.Sprintf("must be at most %s bytes (1 MiB), models and sounds included", human.Int(limit)),
		Got:     human.Int(size) + " bytes",
		Value:   json.RawMessage(fmt.Sprint(size)),
	}
}

// IsLoopback says whether a host name is this machine: localhost, a name under .localhost (RFC
// 6761: browsers never ask DNS for them, so nobody can rebind one) or a loopback address. It is
// the one loopback rule: plain HTTP is allowed only to such an origin, the host checks the Host
// header of loopback connections by it, and an owner token lasts only on it.
func IsLoopback(host string) bool {
	h := strings.ToLower(host)
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// IsLoopbackOrigin says whether origin is an http(s) URL whose host IsLoopback.
func IsLoopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return IsLoopback(u.Hostname())
}
