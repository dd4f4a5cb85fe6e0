package host

import "github.com/scapeworld/scape/host/engine"

// NewValidator returns the host's engine (whole-project check and live project): the validate package,
// run in worker processes with hard limits (engine.Checker). Close it to end the workers.
func NewValidator() *engine.Checker {
	return engine.NewChecker()
}
