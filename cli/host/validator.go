package host

import "github.com/scapeworld/scape/host"

// NewValidator returns the host's engine (whole-project check and live project): the validate package,
// run in worker processes with hard limits (host.Checker). Close it to end the workers.
func NewValidator() *host.Checker {
	return host.NewChecker()
}
