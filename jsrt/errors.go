package jsrt

import (
	"fmt"
	"time"

	"github.com/scapeworld/scape/diag"
)

// Position is a place in author source (after source mapping): the toolchain's one position
// type, 1-based, columns in UTF-16 code units; zero when unknown.
type Position = diag.Position

// TimeoutError is author code that ran past its deadline.
type TimeoutError struct {
	// Type is the definition whose callback was running, when the SDK recorded it.
	Type string
	// Callback is the author callback running when time ran out (view, initial, run, …) as the
	// SDK's authorCall recorded it, or the guarded call's own name.
	Callback string
	Limit    time.Duration
	// Budget is set when the runtime's budget for all guarded calls together (Options.Budget)
	// ran out, rather than this call's own deadline.
	Budget time.Duration
	At     Position
}

func (e *TimeoutError) Error() string {
	if e.Budget > 0 {
		return fmt.Sprintf("%s was still running when the author code's time budget of %s for the whole build ran out (an endless loop, or too much work in all)", e.Callback, formatDuration(e.Budget))
	}
	return fmt.Sprintf("%s did not return within %s (an endless loop?)", e.Callback, formatDuration(e.Limit))
}

// StackError is runaway recursion: the call stack passed its bound.
type StackError struct {
	// Type is the definition whose callback was running, when the SDK recorded it.
	Type     string
	Callback string
	Depth    int
	At       Position
}

func (e *StackError) Error() string {
	return fmt.Sprintf("%s recursed too deeply (more than %d nested calls)", e.Callback, e.Depth)
}

// MemoryError is author code that grew the heap past its budget.
type MemoryError struct {
	// Type is the definition whose callback was running, when the SDK recorded it.
	Type     string
	Callback string
	Budget   uint64
	At       Position
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("%s used more than %d MiB of memory", e.Callback, e.Budget>>20)
}

// ThrownError is a JavaScript exception from author code (or the SDK rejecting author input).
type ThrownError struct {
	// Type is the definition whose callback was running, when the SDK recorded it.
	Type     string
	Callback string
	// Name and Message are the error's own (`TypeError`, `x is not a function`); a thrown
	// non-Error value has an empty Name and its string form as Message.
	Name    string
	Message string
	// Stack is the JavaScript stack with source-mapped positions.
	Stack string
	At    Position
}

func (e *ThrownError) Error() string {
	msg := e.Message
	if e.Name != "" && e.Name != "Error" {
		msg = e.Name + ": " + msg
	}
	if e.Callback != "" {
		return fmt.Sprintf("%s threw: %s", e.Callback, msg)
	}
	return "threw: " + msg
}

// PanicError is a Go panic inside a native function called from JavaScript; it is a bug in
// the toolchain, reported instead of crashing the process.
type PanicError struct {
	Callback string
	// Value is the panic, rendered without running JavaScript.
	Value string
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error while running %s: %s", e.Callback, e.Value)
}

// Located is implemented by every author-code error that knows where it happened.
type Located interface {
	error
	Where() Position
}

func (e *TimeoutError) Where() Position { return e.At }
func (e *StackError) Where() Position   { return e.At }
func (e *MemoryError) Where() Position  { return e.At }
func (e *ThrownError) Where() Position  { return e.At }

func formatDuration(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%ds", int(d/time.Second))
	}
	return d.String()
}
