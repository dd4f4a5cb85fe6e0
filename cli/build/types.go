package build

import (
	"context"

	"github.com/scapeworld/scape/typecheck"
)

// startTypecheck starts the project's tsc (package typecheck) in the background and returns the
// function that waits for its status. Kept apart from Run so the build's own flow changes in
// one line.
func startTypecheck(ctx context.Context, opts *Options) func() *typecheck.Status {
	if opts.NoTypecheck {
		st := typecheck.Skipped("--no-typecheck was given")
		return func() *typecheck.Status { return &st }
	}
	done := make(chan typecheck.Status, 1)
	go func() { done <- typecheck.Run(ctx, opts.Dir, typecheck.Options{}) }()
	return func() *typecheck.Status {
		st := <-done
		return &st
	}
}

// typesLine is the human report's line about types: checked (and the cost), or why not.
func typesLine(st *typecheck.Status) string {
	if st == nil {
		return "types not checked"
	}
	if !st.Checked {
		return "types not checked: " + st.Reason
	}
	n := len(st.Diagnostics)
	switch n {
	case 0:
		return "types checked by tsc in " + formatMs(st.Ms)
	default:
		return "types checked by tsc in " + formatMs(st.Ms) + ": " + plural(n, "type error")
	}
}
