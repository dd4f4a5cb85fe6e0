// Package cmdutil holds what every command shares: the process's streams, the factory that
// gives commands their dependencies, and the one mapping from errors to exit codes. It is the
// only place besides the commands themselves that knows about terminals.
package cmdutil

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// IOStreams is all process-external I/O a command may touch, so commands run the same in tests
// (buffers, no TTY) and in a terminal.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	// OutTTY and ErrTTY say whether Out and ErrOut are terminals: spinners, colour and
	// progress go to ErrOut only when ErrTTY is true.
	OutTTY bool
	ErrTTY bool
	// NoColor is set by NO_COLOR or a non-terminal output.
	NoColor bool
}

// System returns the process's own streams.
func System() *IOStreams {
	outTTY, errTTY := isTerminal(os.Stdout), isTerminal(os.Stderr)
	_, noColor := os.LookupEnv("NO_COLOR")
	return &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		OutTTY: outTTY, ErrTTY: errTTY,
		NoColor: noColor || !errTTY,
	}
}

// Test returns streams backed by buffers, as a pipe would be: no TTY, no colour.
func Test() (ios *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut, NoColor: true}, in, out, errOut
}

// isTerminal asks golang.org/x/term, which knows each platform's way (termios ioctls on Unix,
// the console mode on Windows).
func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
