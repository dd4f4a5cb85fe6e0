package cmdutil

import (
	"os"
	"time"
)

// Factory gives commands their dependencies, so tests can replace any of them.
type Factory struct {
	IO *IOStreams
	// Executable is the path of the running scape binary (kit export copies it).
	Executable func() (string, error)
	Now        func() time.Time
	Getenv     func(string) string
	// Version is the toolchain's version string.
	Version string
}

// New returns the factory for a real process.
func New(io *IOStreams, version string) *Factory {
	return &Factory{IO: io, Executable: os.Executable, Now: time.Now, Getenv: os.Getenv, Version: version}
}
