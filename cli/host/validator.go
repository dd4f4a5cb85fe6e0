package host

import "github.com/scapeworld/scape/host"

// NewValidator returns the host's whole-project check and live runtime: the validate package,
// run in worker processes with hard limits (host.Checker). Close it to end the workers.
func NewValidator() *host.Checker {
	return host.NewChecker()
}
