package host

import "github.com/scapeworld/scape/host"

// NewValidator returns the host's whole-project check and live runtime: the validate package.
func NewValidator() (host.Validator, host.Runtime) {
	c := host.NewChecker()
	return c, c
}
