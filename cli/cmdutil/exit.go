package cmdutil

import (
	"errors"
	"fmt"

	"github.com/scapeworld/scape/internal/termtext"
)

// Exit statuses, decided here and nowhere else.
const (
	ExitOK      = 0
	ExitInvalid = 1 // the input was read and is wrong (invalid project, refused model, failed tests)
	ExitUsage   = 2 // the command cannot run as asked (bad flags, missing files, unreadable input)
)

// ExitError carries an exit status. A nil Err means the command already printed what the user
// needs and only the status remains.
type ExitError struct {
	Code int
	Err  error
}

// Error is the text the command line prints as `scape: <text>`. It quotes project files and
// author values (a package.json name, a file name, a definition's first problem), so it is
// cleaned for the terminal (internal/termtext): Unwrap gives the original error.
func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return termtext.Clean(e.Err.Error())
}

func (e *ExitError) Unwrap() error { return e.Err }

// Invalid reports an input that was read and found wrong (exit 1).
func Invalid(err error) error { return &ExitError{Code: ExitInvalid, Err: err} }

// Usage reports a command that cannot run as asked (exit 2).
func Usage(err error) error { return &ExitError{Code: ExitUsage, Err: err} }

// Silent ends the command with a status after it printed its own report.
func Silent(code int) error { return &ExitError{Code: code} }

// Usagef is Usage with formatting.
func Usagef(format string, args ...any) error { return Usage(fmt.Errorf(format, args...)) }

// ExitCode maps any error a command returns to the process's exit status. Errors that carry no
// status are usage errors: the command could not do what was asked.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var exit *ExitError
	if errors.As(err, &exit) {
		return exit.Code
	}
	return ExitUsage
}
