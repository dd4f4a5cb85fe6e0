package isolate

import (
	"errors"

	"github.com/scapeworld/scape/validate"
)

// Outcome is a check's report or error in the form that crosses a process boundary: every field
// of the report (validate.Report's JSON leaves some out) and the error's kind. A build server
// (package buildserver) sends one back to the command that asked.
type Outcome struct {
	Report *wireReport `json:"report,omitempty"`
	Error  *wireError  `json:"error,omitempty"`
}

// NewOutcome is Pool.Check's answer as an Outcome.
func NewOutcome(rep *validate.Report, err error) *Outcome {
	if err != nil {
		return &Outcome{Error: wireErr(err)}
	}
	return &Outcome{Report: toWire(rep)}
}

// errNoOutcome is an Outcome with neither a report nor an error.
var errNoOutcome = errors.New("isolate: the answer has no report")

// Trouble says the outcome is the answering side's own failure, not a verdict on the bundle:
// its context ended, the toolchain failed, or it sent nothing.
func (o *Outcome) Trouble() bool {
	if o.Error != nil {
		return o.Error.Kind == errCancelled || o.Error.Kind == errInternal
	}
	return o.Report == nil
}

// Result is the report or the error the Outcome was made of.
func (o *Outcome) Result() (*validate.Report, error) {
	switch {
	case o.Error != nil:
		return nil, o.Error.err()
	case o.Report == nil:
		return nil, errNoOutcome
	}
	return o.Report.report(), nil
}
